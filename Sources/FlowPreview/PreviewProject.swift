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
    private let store: any VisitorStore
    /// Runtimes by park code and the `time` asked for ("" for now): a runtime's clock is
    /// fixed when it is built.
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
    func screen(park code: String, inputs: RunInputs, acting: Bool = false) throws(PreviewFailure) -> Screen {
        var request = try request(inputs)
        request.acting = acting
        do {
            let runtime = try runtime(park: code, time: inputs.time)
            return try runtime.run(request)
        } catch {
            throw PreviewFailure(error)
        }
    }

    /// The run `inputs` ask for. A track is the request's input, not the project's content,
    /// so one that is not there is 404 and one that does not read is 400, never a flow's 422.
    private func request(_ inputs: RunInputs) throws(PreviewFailure) -> FlowRequest {
        if let track = inputs.track, !FileManager.default.fileExists(atPath: root.url(track).path) {
            throw .notFound("no such track: \(track)")
        }
        do {
            return try inputs.request(name: { $0 }, trackFile: { root.url($0).path })
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

    /// Drops every runtime: the files they loaded changed.
    func invalidate() {
        runtimes.removeAll()
    }

    private func runtime(park code: String, time: String?) throws(FlowError) -> FlowRuntime {
        let canonical = try ParkCatalog(root: root).resolve(code)
        let key = canonical + "|" + (time ?? "")
        let now = ContinuousClock.now
        if let kept = runtimes[key], time != nil || now - kept.built < nowLifetime { return kept.runtime }
        let clock = try RunInputs.time(time, name: "time")
        let runtime = try FlowRuntime(root: root, park: canonical, time: clock, store: store)
        if runtimes.count >= capacity { runtimes.removeAll() }
        runtimes[key] = (runtime, now)
        return runtime
    }
}
