import FlowKit
import Foundation
import ScreenModel

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
    private let capacity = 16

    init(root: ProjectRoot, store: @Sendable () -> any VisitorStore = { MemoryVisitorStore() }) {
        self.root = root
        self.store = store()
    }

    /// The screen `inputs` ask of park `code`; with `acting`, an act run (its store writes are kept).
    /// - Throws: ``PreviewFailure`` with the status for the mistake.
    func screen(park code: String, inputs text: RunInputText, acting: Bool = false) throws(PreviewFailure) -> Screen {
        let (inputs, asked) = try request(text)
        var request = asked
        request.acting = acting
        do {
            // Standing where the query puts the visitor, as flowrun runs it (SingleRun).
            return try SingleRun(request, on: try runtime(park: code, time: inputs.time)).screen
        } catch {
            throw PreviewFailure(error)
        }
    }

    /// The inputs the query's `text` gives, read as the command line reads them (named as
    /// the query does), and the run they ask for. A track is the request's input, not the
    /// project's content, so one that is not there is 404 and one that does not read is 400,
    /// never a flow's 422.
    func request(_ text: RunInputText) throws(PreviewFailure) -> (RunInputs, FlowRequest) {
        if let track = text.values["track"], !FileManager.default.fileExists(atPath: root.url(track).path) {
            throw .notFound("no such track: \(track)")
        }
        do {
            let inputs = try text.inputs(name: { $0 })
            return (inputs, try inputs.request(name: { $0 }, trackFile: { root.url($0).path }))
        } catch {
            var failure = PreviewFailure(error)
            if case .invalidContent = error { failure.status = 400 }
            throw failure
        }
    }

    /// The flows park `code` runs, sorted.
    /// - Throws: ``PreviewFailure`` (404 for an unknown park, 422 for one that does not load).
    func flows(park code: String) throws(PreviewFailure) -> [String] {
        do {
            return try runtime(park: code, time: nil).flowNames
        } catch {
            throw PreviewFailure(error)
        }
    }

    /// Drops every runtime: the files they loaded changed. Each live session takes the new
    /// content between two of its updates (``replaceSessionsContent()``).
    func invalidate() {
        runtimes.removeAll()
        replaceSessionsContent()
    }

    private func runtime(park code: String, time: Date?) throws(FlowError) -> FlowRuntime {
        let canonical = try ParkCatalog(root: root).resolve(code)
        let key = canonical + "|" + (time.map { String($0.timeIntervalSince1970) } ?? "")
        let now = ContinuousClock.now
        if let kept = runtimes[key], time != nil || now - kept.built < nowLifetime { return kept.runtime }
        let runtime = try FlowRuntime(root: root, park: canonical, time: time, store: store)
        if runtimes.count >= capacity { runtimes.removeAll() }
        runtimes[key] = (runtime, now)
        return runtime
    }
}
