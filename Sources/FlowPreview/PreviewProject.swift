import FlowAuthoring
import FlowKit
import Foundation
import ScreenModel
import ScreenRendering

/// The project the server previews, and its parks' runtimes. A ``FlowRuntime`` is not
/// thread-safe, so every runtime lives in this actor and runs only here: one per park and
/// clock, built by the first request that needs it, dropped when a file changes
/// (``invalidate()``) so the next request reloads the park's files. Every runtime shares the
/// server's visitor's store, which outlives them (a save changes files, never the store).
actor PreviewProject {
    let root: ProjectRoot
    /// The server's visitor's store, shared by every runtime and live session.
    let store: any VisitorStore
    /// The live sessions by id (``PreviewSession``), and the number the next one takes.
    var sessions: [String: PreviewSession] = [:]
    var sessionsMade = 0
    /// Runtimes by park code and the `time` asked for (its seconds since 1970, "" for now): a
    /// runtime's clock is fixed when it is built.
    private var runtimes: [String: (runtime: FlowRuntime, built: ContinuousClock.Instant)] = [:]
    /// How long a runtime on the real clock (no `time`) is kept: its clock is fixed when it
    /// is built, and a greeting should not say morning all afternoon.
    private let nowLifetime: Duration = .seconds(60)
    /// How many runtimes to keep: each `time` a client asks for builds one.
    let capacity = 16
    /// Flows whose last run ended at a limit (instructions, time, memory), by park and flow,
    /// with the failure and until when it is answered again without a run: a flow that loops
    /// costs its run's limit once per save, not once per request, so it never keeps other
    /// requests waiting longer than that (the actor runs one flow at a time).
    private var overruns: [String: (until: ContinuousClock.Instant, failure: PreviewFailure)] = [:]
    static let overrunPause: Duration = .seconds(10)
    /// How many screens the server has run: streams that share a change's run show here.
    private(set) var runs = 0
    /// The last event of each flow's stream by inputs (``key(_:)``), with the change it followed.
    private var events: [String: (generation: Int, text: String)] = [:]
    /// What only the project's files decide, kept until one of them changes (``invalidate()``):
    /// the parks there are, the park list's JSON (building it loads every park), and each
    /// park's flow list's JSON by park code as asked.
    private var catalog: ParkCatalog?
    private var parkList: String?
    private var flowLists: [String: String] = [:]
    /// Each park's screen catalogues: the first this server made and the last
    /// (PreviewProject+Catalog). Kept across saves: the first is what a save is compared with.
    var screenCatalogs: [String: (first: ScreenCatalog, latest: ScreenCatalog)] = [:]
    /// The API's screens as JSON by park and inputs (``key(_:)``), each with what it was made
    /// from: the runtime (the files and the clock) and the store's revision. A GET asked again
    /// while both are the same gets the same bytes without a run (``screenJSON(park:inputs:)``).
    private var keptScreens: [String: (runtime: ObjectIdentifier, revision: StoreRevision, json: String)] = [:]

    /// The limits every run and session of the server has (`flowrun preview --max-instructions` ...).
    let limits: HostLimits

    init(root: ProjectRoot, limits: HostLimits = HostLimits(), store: @Sendable () -> any VisitorStore = { MemoryVisitorStore() }) {
        self.root = root
        self.limits = limits
        self.store = store()
    }

    /// The screen `inputs` ask of park `code`; with `acting`, an act run (its store writes are kept).
    /// - Throws: ``PreviewFailure`` with the status for the mistake.
    func screen(park code: String, inputs text: RunInputText, acting: Bool = false) throws(PreviewFailure) -> Screen {
        try run(prepare(park: code, inputs: text, acting: acting))
    }

    /// The action a form of the screen `inputs` ask for sends with `values`: the screen is
    /// run as a view, then the runtime checks the values (``FlowKit/FlowRuntime/submission(_:from:values:)``).
    /// - Throws: ``PreviewFailure`` (400 for a value refused, naming the field).
    func submission(park code: String, inputs text: RunInputText, action id: String, values: [String: String]) throws(PreviewFailure) -> Action {
        let prepared = try prepare(park: code, inputs: text, acting: false)
        let screen = try run(prepared)
        do {
            return try prepared.runtime.submission(id, from: screen, values: values)
        } catch {
            throw PreviewFailure(error)
        }
    }

    /// A run asked for, ready to go: its `park|flow` key (``overruns``), its request, and the
    /// park's runtime it runs on.
    private typealias PreparedRun = (flow: String, request: FlowRequest, runtime: FlowRuntime)

    /// The run `text` asks of park `code`, its query read and its runtime built; a flow whose
    /// last run ended at a limit is answered with that failure instead.
    private func prepare(park code: String, inputs text: RunInputText, acting: Bool) throws(PreviewFailure) -> PreparedRun {
        let (inputs, asked) = try request(text)
        var request = asked
        request.acting = acting
        let flow = code.uppercased() + "|" + text.flow
        if let kept = overruns[flow], ContinuousClock.now < kept.until { throw kept.failure }
        do {
            return (flow, request, try runtime(park: code, time: inputs.time))
        } catch {
            runs += 1  // a park that does not load counts as a run that failed
            throw failure(error, flow: flow)
        }
    }

    /// Runs `prepared` standing where the query puts the visitor, as flowrun runs it (SingleRun).
    private func run(_ prepared: PreparedRun) throws(PreviewFailure) -> Screen {
        runs += 1
        do {
            return try SingleRun(prepared.request, on: prepared.runtime).screen
        } catch {
            throw failure(error, flow: prepared.flow)
        }
    }

    /// ``screen(park:inputs:acting:)`` with what the run printed and used (``PreviewConsole``);
    /// a failure keeps its console too. The printed lines still reach standard error.
    func screenWithConsole(park code: String, inputs text: RunInputText, acting: Bool = false) -> (Result<Screen, PreviewFailure>, PreviewConsole) {
        var console = PreviewConsole()
        let prepared: PreparedRun
        do { prepared = try prepare(park: code, inputs: text, acting: acting) } catch { return (.failure(error), console) }
        let runtime = prepared.runtime
        let terminal = runtime.printHandler
        // Safe without a lock: the handler runs only inside `run(prepared)` below, on this
        // actor, and the defer puts the terminal's back before the lines are read.
        nonisolated(unsafe) var lines: [String] = []
        runtime.printHandler = { line in
            terminal(line)
            if lines.count < PreviewConsole.lineLimit { lines.append(line) }
        }
        defer { runtime.printHandler = terminal }
        let started = ContinuousClock.now
        let result = Result { () throws(PreviewFailure) in try run(prepared) }
        let elapsed = ContinuousClock.now - started
        console.lines = lines
        (console.instructions, console.limit, console.memoryBytes) = runtime.lastRunUsage
        console.step = runtime.hookInterval
        console.milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (result, console)
    }

    /// What `error` of a run of `flow` (park|flow) answers; one that ended at a limit is
    /// kept in ``overruns`` and answered again without a run until a save or the pause.
    private func failure(_ error: FlowError, flow: String) -> PreviewFailure {
        var failure = PreviewFailure(error)
        if case .script(let lua) = error, lua.isLimit {
            failure.message += " (the preview runs this flow again when a file is saved, or in \(Self.overrunPause.components.seconds) s)"
            overruns[flow] = (ContinuousClock.now + Self.overrunPause, failure)
        }
        return failure
    }

    /// ``screen(park:inputs:acting:)`` of a view (GET) as JSON, answered from ``keptScreens``
    /// while the park's runtime and the store's revision are those it was made with: a flow's
    /// screen follows from its files, its clock, its inputs and the store, so nothing a new
    /// run could show differently has changed. A store that cannot tell its revision, an
    /// act, and a failure keep nothing.
    /// - Throws: ``PreviewFailure`` as ``screen(park:inputs:acting:)``.
    func screenJSON(park code: String, inputs text: RunInputText) throws(PreviewFailure) -> String {
        let key = code.uppercased() + "|" + Self.key(text)
        let prepared = try prepare(park: code, inputs: text, acting: false)
        let revision = store.revision()
        if let kept = keptScreens[key], kept.runtime == ObjectIdentifier(prepared.runtime), let revision, kept.revision == revision {
            return kept.json
        }
        let screen = try run(prepared)
        let json = JSONRenderer().render(screen)
        // Kept only when the store is as it was before the run: a change made meanwhile
        // (another process's commit) may or may not be in this screen.
        if let revision, store.revision() == revision {
            if keptScreens.count >= capacity * 4 { keptScreens.removeAll() }
            keptScreens[key] = (ObjectIdentifier(prepared.runtime), revision, json)
        }
        return json
    }

    /// The inputs the query's `text` gives, read as the command line reads them (named as
    /// the query does), and the run they ask for. A track is the request's input, not the
    /// project's content, so one that is not there is 404 and one that does not read is 400,
    /// never a flow's 422.
    func request(_ text: RunInputText) throws(PreviewFailure) -> (RunInputs, FlowRequest) {
        // Read where the project holds it: a link that leads out of the project is no track.
        var real: [String: String] = [:]
        if let track = text.values["track"] {
            guard let path = root.realPathInside(track) else { throw .notFound("no such track in the project: \(track)") }
            real[track] = path
        }
        do {
            let inputs = try text.inputs(name: { $0 })
            return (inputs, try inputs.request(name: { $0 }, trackFile: { real[$0] ?? root.url($0).path }))
        } catch {
            var failure = PreviewFailure(error)
            if case .invalidContent = error { failure.status = 400 }
            throw failure
        }
    }

    /// One event of a flow's stream: `screen` with its JSON, or `error` with the error's. After
    /// change `generation` the flow runs once for all streams with the same park and inputs,
    /// which share its event; a stream's first event (no generation) is run for it alone, as
    /// the store may have changed since.
    func screenEvent(park code: String, inputs: RunInputText, generation: Int?) -> String {
        let key = code.uppercased() + "|" + Self.key(inputs)
        if let generation, let kept = events[key], kept.generation == generation { return kept.text }
        let text: String
        do {
            text = PreviewRoutes.event("screen", JSONRenderer().render(try screen(park: code, inputs: inputs)))
        } catch {
            text = PreviewRoutes.event("error", error.json(root: root))
        }
        if let generation {
            if events.count >= capacity * 4 { events.removeAll() }
            events[key] = (generation, text)
        }
        return text
    }

    /// The inputs as one text: equal inputs, equal text.
    static func key(_ inputs: RunInputText) -> String {
        let pairs =
            inputs.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + inputs.args.sorted { $0.key < $1.key }.map { "arg.\($0.key)=\($0.value)" } + inputs.flags.sorted()
        return ([inputs.flow] + pairs).joined(separator: "\n")
    }

    /// The flows park `code` runs, sorted, as a JSON array of names.
    /// - Throws: ``PreviewFailure`` (404 for an unknown park, 422 for one that does not load).
    func flowList(park code: String) throws(PreviewFailure) -> String {
        if let kept = flowLists[code] { return kept }
        let names: [String]
        do {
            names = try runtime(park: code, time: nil).flowNames
        } catch {
            throw PreviewFailure(error)
        }
        var json = PrettyJSON(capacity: 32 * names.count)
        json.array(names) { json, name in json.string(name) }
        let text = json.finishedText()
        if flowLists.count >= capacity { flowLists.removeAll() }
        flowLists[code] = text
        return text
    }

    /// The project's parks as `flowrun parks --format json` lists them.
    func parkListJSON() -> String {
        if let parkList { return parkList }
        let text = ParkListing(root: root).json
        parkList = text
        return text
    }

    /// The parks under parks/, read once per change of the files.
    func parks() -> ParkCatalog {
        if let catalog { return catalog }
        let read = ParkCatalog(root: root)
        catalog = read
        return read
    }

    /// Drops every runtime and what the files decide: they changed. Each live session takes
    /// the new content between two of its updates (``replaceSessionsContent()``).
    func invalidate() {
        runtimes.removeAll()
        keptScreens.removeAll()
        overruns.removeAll()
        (catalog, parkList) = (nil, nil)
        flowLists.removeAll()
        replaceSessionsContent()
    }

    private func runtime(park code: String, time: Date?) throws(FlowError) -> FlowRuntime {
        let canonical = try parks().resolve(code)
        let key = canonical + "|" + (time.map { String($0.timeIntervalSince1970) } ?? "")
        let now = ContinuousClock.now
        if let kept = runtimes[key], time != nil || now - kept.built < nowLifetime { return kept.runtime }
        let runtime = try FlowRuntime(root: root, park: canonical, time: time, limits: limits, store: store)
        if runtimes.count >= capacity { runtimes.removeAll() }
        runtimes[key] = (runtime, now)
        return runtime
    }
}
