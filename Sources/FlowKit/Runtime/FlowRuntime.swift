public import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import GeoKit
public import LuaKit
public import ScreenModel

/// One park's runtime: its configuration, its Lua state with the native modules, and its
/// flows. Build one per park (scripts of one park never see another's state) and run
/// flows on it as often as needed.
public final class FlowRuntime {
    /// The project the park belongs to.
    public let root: ProjectRoot
    /// The park's configuration, checked.
    public let park: ParkConfig
    /// The clock flows see (`ctx.time`, `os.time()`): fixed for a command-line run; a live
    /// session moves it between runs (``setClock(_:)``).
    public private(set) var clock: Date
    /// The host's ceilings; the park's `budgets` may only lower them.
    public let limits: HostLimits
    /// The visitor's store the `store` module reads and writes (one transaction per run).
    public let store: any VisitorStore
    /// Every flow registered for the park, disabled ones included (see ``flowNames``).
    public let registry: FlowRegistry
    /// Flow files of this park that did not load: the other flows run; a flow such a file
    /// defines fails with its error (``FlowError/unavailableFlow(name:park:failures:)``).
    public let loadFailures: [FlowLoadFailure]
    /// The park's words that flows' declared arguments name (the loader's, for links too).
    let argumentWords: ParkWords?
    let lua: LuaState
    let content: ParkContent
    /// What the native modules share; holds the run in progress for `store` (a live
    /// session's geofences read the park's regions through it too).
    let moduleContext: ModuleContext
    /// The clock as the store writes it, ISO 8601 UTC (arithmetic: a microsecond a run).
    private var storeTime: String { LocalTime(clock, zone: .utc).iso }
    private let runner: LuaFunctionRef
    /// The park's `map.size` and `ar.size`, for requests without a size.
    private let defaultSizes: FlowContext.DefaultSizes
    /// `ctx.time`: worked out once per clock, by the first run (a runtime that runs nothing
    /// does not pay for it).
    private var timeCache: LuaValue?
    /// The park's time zone, looked up once (checked when the park loaded).
    private lazy var parkZone = ZoneRules(identifier: park.timezone) ?? .utc
    var timeValue: LuaValue {
        if let timeCache { return timeCache }
        let made = FlowContext.time(Date(timeIntervalSince1970: clock.timeIntervalSince1970.rounded(.down)), zone: parkZone)
        timeCache = made
        return made
    }
    /// `ctx.park`, built by the first run and handed to every later run: read-only
    /// (``LuaTableRef``), so no run can change what the next one sees.
    var parkTable: LuaTableRef?
    /// `ctx.parks`, built by the first run that reads it (``ParkDirectory``), shared read-only.
    var parksTable: LuaTableRef?
    /// The project's park codes, for `go` actions that switch park: listed when a screen first has one.
    private lazy var parkCodes = Set(ParkCatalog(root: root).codes)
    /// The runner's loaders of `ctx.sites`, `ctx.park` and `ctx.parks`: made by the first run,
    /// the same functions for every later one (``Loaders``).
    var madeLoaders: Loaders?
    /// What the run in progress read of the world, when a live session asked (``run(_:reads:)``).
    private var recording: RunReads?
    /// The park's languages (``ParkLanguages``), listed on the first run that asks for one.
    private lazy var languages = ParkLanguages.available(root: root, park: park)
    /// The runner's `note`, which adds a path to ``recording``: made by the first such run.
    private var noteFunction: LuaFunctionRef?

    /// What a flow that changes `ctx.park` is told.
    static let readOnlyParkMessage = "ctx.park is read-only: every run of the park's flows shares it (copy a table to change it)"
    static let readOnlyParksMessage = "ctx.parks and the parks in it are read-only: every run of the park's flows shares them (copy a table to change it)"

    /// Loads park `code` from `root`: configuration, native modules, default flows, then
    /// the park's flows.
    /// - Parameters:
    ///   - root: the project.
    ///   - code: the park's code, matched case-insensitively (`goga` → `GOGA`).
    ///   - time: the clock flows see (default: now).
    ///   - limits: the host's ceilings on every script of the park (default `HostLimits()`).
    ///   - store: the visitor's store (default: a new ``MemoryVisitorStore``, empty, gone
    ///     with the runtime); it is opened only by a run that calls `store`.
    ///   - modules: the native modules flows see (default: the built-in ones; an app adds its
    ///     own with ``ModuleRegistry/register(_:)``).
    ///   - compiledChunks: where the park's Lua files are kept compiled between processes
    ///     (default: none, every file is compiled from source).
    ///   - keptSites: where the park's prepared site table is kept between processes
    ///     (``KeptSiteTables``; default: none, the sites file is read in every process).
    /// - Throws: ``FlowError`` naming the park, file and line or field at fault:
    ///   ``FlowError/unknownPark(code:known:)``, ``FlowError/badContent(file:message:)`` or
    ///   ``FlowError/invalidContent(_:)`` for the configuration, ``FlowError/script(_:)`` or
    ///   ``FlowError/badRegistration(message:)`` for a flow file.
    public init(
        root: ProjectRoot, park code: String, time: Date? = nil, limits: HostLimits = HostLimits(),
        store: any VisitorStore = MemoryVisitorStore(), modules: ModuleRegistry = ModuleRegistry(), compiledChunks: CompiledChunks? = nil,
        keptSites: KeptSiteTables? = nil
    ) throws(FlowError) {
        let code = try ParkCatalog.resolve(code, in: root)
        self.root = root
        let clock = time ?? Date()
        self.clock = clock
        self.limits = limits
        self.store = store
        let fixedTime = Int64(clock.timeIntervalSince1970.rounded(.down))
        do {
            lua = try LuaState(options: limits.options(fixedTime: fixedTime))
        } catch {
            throw .script(error)
        }
        lua.printHandler = TerminalText.writeError
        lua.compiledChunks = compiledChunks
        lua.timeZone = .utc  // park.lua's dates too depend on nothing but inputs
        lua.moduleSearchDescription = "parks/\(code)/flows/ and flows/"
        lua.moduleResolver = { [root] name throws(LuaError) in
            let relative = name.split(separator: ".").joined(separator: "/") + ".lua"
            for path in ["parks/\(code)/flows/\(relative)", "flows/\(relative)"] where root.exists(path) {
                guard let source = try? root.textBytes(path) else { throw .setup("\(path): cannot read file") }
                return LuaModuleSource(bytes: source, path: path)
            }
            return nil
        }

        park = try ParkConfig.load(code: code, root: root, lua: lua)
        lua.timeZone = ZoneRules(identifier: park.timezone)  // checked by ParkConfig
        defaultSizes = .init(map: park.settings.map.size.value, ar: park.settings.ar.size.value)
        let options = limits.options(for: park.budgets, fixedTime: fixedTime)
        lua.setBudgets(instructions: options.instructionLimit, memoryBytes: options.memoryLimit)
        content = ParkContent(
            code: code, root: root, curation: SiteCuration(park.settings.sites), keptTables: keptSites,
            words: SettingWords(park.settings, parkNamed: park.parkCategoryNames))

        let context = ModuleContext(park: park, lua: lua, content: content)
        moduleContext = context
        modules.install(into: lua, context: context)
        let loader = FlowLoader(isEnabled: park.isEnabled)
        loader.install(into: lua)
        loader.words = ParkWords(
            context: context, flows: { [unowned loader] in loader.registry.names + loader.failures.map(\.flowName) },
            parks: { ParkCatalog(root: root).codes })
        loader.settingPlace = { path in
            var places = SettingPlaces(code: code, root: root)
            return places.place(of: path)
        }
        loader.load(root.luaFiles(in: "flows") + root.luaFiles(in: "parks/\(code)/flows"), root: root, into: lua)
        loader.seal()
        registry = loader.registry
        loadFailures = loader.failures
        argumentWords = loader.words
        // A link the park configured to a flow nobody registered would vanish from home
        // (ui.go drops links to flows the park does not run), and a misspelt name in
        // `flows` would switch nothing off: say so instead.
        var places = SettingPlaces(code: code, root: root)
        let flowProblems = SettingWords.flowProblems(
            park.settings, known: registry.names + loadFailures.map(\.flowName), places: &places)
        if !flowProblems.isEmpty { throw FlowError.combining(flowProblems) }

        let made: [LuaValue]
        do {
            made = try lua.run(FlowRunner.source, chunkName: FlowRunner.chunkName)
        } catch {
            throw .script(error)
        }
        guard case .function(let function)? = made.first else { throw .script(.setup("the flow runner did not load")) }
        runner = function
    }

    /// Where `print` in a flow writes each line (default: standard error, file and line first).
    public var printHandler: (String) -> Void {
        get { lua.printHandler }
        set { lua.printHandler = newValue }
    }

    /// What the last run used of its budgets: instructions charged (counted every
    /// ``hookInterval`` instructions) of the run's limit, and bytes the park's Lua state holds
    /// after it.
    public var lastRunUsage: (instructions: Int, limit: Int, memoryBytes: Int) { (lua.instructionsUsed, lua.instructionLimit, lua.memoryUsed) }

    /// How many instructions the budget's count advances by at a time.
    public var hookInterval: Int { lua.options.hookInterval }

    /// Moves the clock flows see (`ctx.time`, `os.time()`, the store's row times) to `time`,
    /// for the runs that follow: a live session's clock advances as the day does.
    /// - Parameter time: the new clock.
    public func setClock(_ time: Date) {
        guard time != clock else { return }
        let (second, was) = (time.timeIntervalSince1970.rounded(.down), clock.timeIntervalSince1970.rounded(.down))
        clock = time
        // ctx.time and os.time() are whole seconds: ten beacon readings a second change neither.
        guard second != was else { return }
        timeCache = nil
        lua.setFixedTime(Int64(second))
    }

    /// Flows this park can run: registered and enabled, sorted.
    public var flowNames: [String] { registry.names.filter(park.isEnabled) }

    /// Runs a flow and returns its screen, validated and with every action numbered.
    ///
    /// An act run (``FlowRequest/acting``) may write the visitor's store: its writes commit
    /// together once the flow returned a valid screen, and none is kept when it fails.
    /// - Parameter request: the flow and what it is asked for.
    /// - Throws: ``FlowError/unknownFlow(name:park:known:)``,
    ///   ``FlowError/disabledFlow(name:park:)``, ``FlowError/script(_:)`` (with traceback,
    ///   or a budget error), ``FlowError/invalidScreen(flow:file:issues:)`` (field paths),
    ///   ``FlowError/invalidContent(_:)`` for a content file the flow read, or
    ///   ``FlowError/store(_:)`` when the store failed (the flow's Lua error is then dropped).
    public func run(_ request: FlowRequest) throws(FlowError) -> Screen {
        try run(request, reads: nil)
    }

    /// ``run(_:)``, noting in `reads` what the run read of the world (``FlowContext/watchedKeys``)
    /// and whether it used the store: a live session's way to know when to run it again.
    func run(_ request: FlowRequest, reads: RunReads?) throws(FlowError) -> Screen {
        recording = reads
        defer { recording = nil }
        let run = StoreRun(store: store, park: park.code, acting: request.acting, time: storeTime)
        defer { reads?.store = run.used }
        moduleContext.storeRun = run
        moduleContext.partySession = request.party.map { PartySession($0, now: clock.timeIntervalSince1970, acting: request.acting) }
        defer { moduleContext.storeRun = nil; moduleContext.partySession = nil }
        let screen: Screen
        do {
            screen = try runFlow(request)
        } catch {
            do { try run.finish(commit: false) } catch { throw .store(error) }
            throw error
        }
        do { try run.finish(commit: true) } catch { throw .store(error) }
        return screen
    }

    private func runFlow(_ asked: FlowRequest) throws(FlowError) -> Screen {
        var request = asked
        // A replayed track's location states: the moment --until asks for, and the timeline's marks.
        let replay = request.track.map { track in
            LocationStateMachine.replay(
                track.fixes, accuracy: request.accuracy ?? FlowRequest.defaultAccuracy,
                settings: park.settings.location.machine, until: request.until)
        }
        if let replay, request.until != nil, request.location == nil {
            request.location = replay.machine.state
            request.at = replay.machine.state.fix?.coordinate
        }
        // A flow whose own file is broken fails with that file's error, never falling back
        // silently to the flow the file would have replaced.
        let ownFailures = loadFailures.filter { $0.flowName == request.flow }
        if !ownFailures.isEmpty {
            throw .unavailableFlow(name: request.flow, park: park.code, failures: ownFailures)
        }
        guard let chain = registry.chain(request.flow) else {
            if !loadFailures.isEmpty { throw .unavailableFlow(name: request.flow, park: park.code, failures: loadFailures) }
            throw .unknownFlow(name: request.flow, park: park.code, known: flowNames)
        }
        guard park.isEnabled(request.flow) else { throw .disabledFlow(name: request.flow, park: park.code) }
        if let arguments = registry.arguments(of: request.flow), let words = argumentWords,
            let problem = arguments.problem(request.args, flow: request.flow, words: words)
        {
            throw .badArgument(name: "--arg" + (problem.argument.map { " \($0)" } ?? ""), message: problem.message)
        }
        let inside = try request.at.flatMap { at throws(FlowError) -> Bool? in
            if let known = request.insidePark { return known }
            return try content.boundary()?.contains(at)
        }
        let marks = replay.flatMap { replay in request.track.map { FlowContext.locationChanges(replay.changes, track: $0) } }
        // The device's language; one the park has no words in is the request's mistake (a
        // plain run asks for none, and lists nothing).
        let language = park.settings.language.default
        if let locale = request.locale, locale != language {
            guard languages.contains(locale) else {
                let hint = Excerpt.suggestion(for: locale, in: languages).map { "did you mean '\($0)'? " } ?? ""
                throw .badArgument(
                    name: "--locale",
                    message: "\(park.code) has no strings in \(Excerpt.quoted(locale)); \(hint)languages: \(languages.joined(separator: ", "))")
            }
        }
        var ctx = FlowContext.make(
            request: request, time: timeValue, now: clock.timeIntervalSince1970, insidePark: inside,
            sizes: defaultSizes, locale: request.locale ?? language, trackLocation: marks)
        if let replay = request.beacons {
            let log = try replay.read(content.exhibits(), park: park.code)
            let moment = try replay.moment(in: log)
            moduleContext.scanReplay = (log, moment)
            ctx = FlowContext.adding(beacons: log, atTime: moment, to: ctx)
        }
        defer { moduleContext.scanReplay = nil }
        let functions = LuaValue.table(LuaTable(sequence: chain.map { .function($0.function) }))
        // A broken content file is bad input (exit 2) even when a flow's first use of it
        // is what fails: the module context keeps the content error, reported instead of
        // the Lua error.
        moduleContext.prepareSites()
        moduleContext.contentError = nil
        let file = chain[0].file
        let loaders = self.loaders
        var note = LuaValue.nil
        if recording != nil {
            let function = noteFunction ?? lua.function("note") { [unowned self] call in self.recording?.paths.insert(try call.string(1)) }
            noteFunction = function
            note = .function(function)
        }
        let result: [LuaValue]
        do {
            // The screen is read where it lies (ScreenReader); a table the reader gives up on,
            // or a screen that fails its checks, is copied and decoded, for the message.
            let outcome = try lua.call(
                runner,
                arguments: [
                    .value(functions), .value(ctx), .value(.function(loaders.sites)), .value(.function(loaders.park)),
                    .value(.function(loaders.parks)), .value(note),
                ]
                    + (request.track.map { [.records(FlowContext.fixes($0))] } ?? []),
                textLimit: limits.screenTextBytes
            ) { slot in
                ScreenReader.screen(slot, park: park.code, flow: request.flow).flatMap { try? checked($0, flow: request.flow, file: file) }
            }
            if let screen = outcome.read { return screen }
            result = outcome.results
        } catch .conversion(let message) {
            throw .invalidScreen(flow: request.flow, file: file, issues: [message])
        } catch .textLimit(let limit) {
            throw .screenTooLarge(flow: request.flow, file: file, limitBytes: limit)
        } catch .argumentsTooLarge(let argumentBytes, _, _) where request.track != nil {
            // The track is the only argument that grows with input: say which file, how big, which cap.
            throw trackTooLarge(request.track, luaBytes: argumentBytes)
        } catch {
            throw moduleContext.contentError ?? .script(error)
        }
        do {
            return try screen(from: result.first ?? .nil, flow: request.flow, file: file)
        } catch .invalidScreen(let flow, let file, let issues) {
            throw .invalidScreen(flow: flow, file: file, issues: locating(issues, in: result.first ?? .nil, chain: chain))
        }
    }

    /// Issues with the line of the flow that wrote the bad value in front, where it can be
    /// known (``ScreenSourceLines``): `parks/GOGA/flows/x.lua:3: sections[1].action.flow: ...`.
    private func locating(_ issues: [String], in value: LuaValue, chain: [FlowRegistry.Registration]) -> [String] {
        var seen = Set<String>()
        let files = chain.map(\.file).filter { seen.insert($0).inserted }.compactMap { path in
            (try? root.read(path)).map { (path: path, text: $0) }
        }
        let lines = ScreenSourceLines(files: files)
        return issues.map { issue in
            guard let colon = issue.firstRange(of: ": "), !issue.hasPrefix("the flow returned") else { return issue }
            let path = String(issue[..<colon.lowerBound])
            guard !path.contains(" "), let location = lines.location(of: path, in: value) else { return issue }
            return "\(location): \(issue)"
        }
    }

    /// The park's sites (loads `sites.geojson` on first use).
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    public func sites() throws(FlowError) -> [Site] { try content.sites() }
    /// The park's boundary, if it has one.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    public func boundary() throws(FlowError) -> Boundary? { try content.boundary() }
    /// The park's exhibits, read and checked on first use; nil when it has none.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file, feature and field at fault.
    public func exhibits() throws(FlowError) -> ExhibitCatalog? { try content.exhibits() }

    // MARK: - Private

    private func trackTooLarge(_ track: RecordedTrack?, luaBytes: Int) -> FlowError {
        let parkCap = park.budgets.memory_mb, hostCap = limits.memoryMiB
        return .trackTooLarge(
            file: track?.displayPath ?? "track", fixes: track?.fixes.count ?? 0, fileBytes: track?.fileBytes, luaBytes: luaBytes,
            capBytes: min(parkCap, hostCap) << 20, capOwner: parkCap <= hostCap ? "park's" : "host's",
            capSetting: parkCap <= hostCap ? "budgets.memory_mb in parks/\(park.code)/park.lua or parks/defaults.lua" : "--max-memory")
    }

    private func screen(from value: LuaValue, flow: String, file: String) throws(FlowError) -> Screen {
        guard case .table(var table) = value else {
            throw .invalidScreen(
                flow: flow, file: file, issues: ["the flow returned \(value.typeName); it must return a screen table {title = ..., sections = {...}}"])
        }
        if table["schema"] == .nil { table["schema"] = .string(Screen.schemaID) }
        if table["park"] == .nil { table["park"] = .string(park.code) }
        if table["flow"] == .nil { table["flow"] = .string(flow) }
        let screen: Screen
        do {
            screen = try LuaValueDecoder().decode(Screen.self, from: .table(table))
        } catch {
            throw .invalidScreen(flow: flow, file: file, issues: [LuaDecodingError.describe(error).description])
        }
        return try checked(screen, flow: flow, file: file)
    }

    /// `screen` with the park's theme unless it has one, checked (ScreenValidator, and the
    /// view args and declared arguments of its go actions), its actions numbered.
    private func checked(_ screen: Screen, flow: String, file: String) throws(FlowError) -> Screen {
        var screen = screen
        // Every screen carries the park's colors unless its flow chose others.
        if screen.theme == nil { screen.theme = park.settings.theme.screenTheme }
        // A link to a flow whose file is broken is not the linking flow's fault: following
        // it reports the broken file.
        // A go or act action's view args (a map's zoom-in) are read as the next request's view:
        // check them here, where the flow that wrote them is known (reported after the
        // validator's issues). The same pass sees whether any go switches park.
        var viewIssues: [String] = []
        var switchesPark = false
        screen.visitActions { action, path in
            guard let (next, args, other) = action.flowTarget else { return }
            switchesPark = switchesPark || other != nil
            do throws(InputError) {
                _ = try FlowRequest(flow: next, actionArgs: args)
            } catch {
                viewIssues.append("\(path()).args.\(error.key): \(error.message)")
            }
            // The arguments the linked flow declares, as ui.go checks them (a table written by hand).
            if other == nil || other == park.code, let arguments = registry.arguments(of: next), let words = argumentWords,
                let problem = arguments.problem(args, flow: next, words: words)
            {
                viewIssues.append("\(path()).args\(problem.argument.map { ".\($0)" } ?? ""): \(problem.message)")
            }
        }
        viewIssues += formIssues(screen)
        let known = Set(flowNames).union(loadFailures.map(\.flowName).filter(park.isEnabled))
        let disabled = Set(registry.names.filter { !park.isEnabled($0) })
        let validator = ScreenValidator(
            knownFlows: known, disabledFlows: disabled, knownParks: switchesPark ? parkCodes : nil,
            timeZoneProblem: TimeZoneName.problem)
        let issues = validator.validate(screen, listing: ScreenValidator.listedIssues)
        guard issues.listed.isEmpty, viewIssues.isEmpty else {
            // Every mistake of the screen at once, the validator's first.
            let all = issues.listed.map(\.description) + viewIssues
            let listed = Array(all.prefix(ScreenValidator.listedIssues))
            let more = issues.more + all.count - listed.count
            throw .invalidScreen(flow: flow, file: file, issues: listed + (more > 0 ? [Excerpt.more(more, "issue")] : []))
        }
        return screen.assigningActionIDs()
    }

    /// A form's fields are arguments of the flow its submit leads to: each field's name must
    /// be one the flow declares (when it declares any), not a view's key, and each value a
    /// choice offers or a field starts with a word of the argument's kind.
    private func formIssues(_ screen: Screen) -> [String] {
        var issues: [String] = []
        for (i, section) in screen.sections.enumerated() {
            guard case .form(let form) = section, let (next, _, other) = form.submit.flowTarget else { continue }
            let arguments = other == nil || other == park.code ? registry.arguments(of: next) : nil
            for (f, field) in form.fields.enumerated() {
                let path = "sections[\(i + 1)].fields[\(f + 1)]"
                if FlowRequest.viewKeys.contains(field.name) {
                    issues.append("\(path).name: \(Excerpt.quoted(field.name)) is a view's key; name the field otherwise")
                    continue
                }
                guard let arguments, let words = argumentWords else { continue }
                // Each value the field can send: a choice's options, or what it starts with.
                var samples: [(value: String, path: String)] =
                    field.kind == .choice
                    ? field.options.enumerated().map { ($1.value, "\(path).options[\($0 + 1)].value") }
                    : (field.value.map { [($0, "\(path).value")] } ?? [])
                if field.kind == .toggle { samples.append(("true", "\(path).checked")) }
                for (sample, at) in samples.isEmpty ? [("", path)] : samples {
                    guard let problem = arguments.problem([field.name: sample], flow: next, words: words) else { continue }
                    // A name the flow does not take, whatever the value; a value only when there is one.
                    if problem.argument == nil {
                        issues.append("\(path).name: \(problem.message)")
                        break
                    }
                    if !sample.isEmpty {
                        issues.append("\(at): \(problem.message)")
                        break
                    }
                }
            }
        }
        return issues
    }
}
