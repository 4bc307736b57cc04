import Formats
import FlowKit
import FlowStore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKit
import LuaKit
import ScreenModel

/// What `flowrun [run]` was asked to do, as plain values: filled from ``Flowrun/Run``'s
/// parsed options, or by ``RunFastPath`` without ArgumentParser. Both roads run the same
/// ``execute()``, so they differ only in how long parsing takes.
package struct RunRequest: Equatable {
    var root = "."
    /// `--bundle` or `--cache` and their `--trust` keys: run from a verified bundle instead of `root`.
    var bundle: String?
    var cache: String?
    var trust: [String] = []
    var park: String
    /// The flow and what the device or a recording gives it (``RunInputField/all``: `--at`,
    /// `--track`, `--time`, the camera, ...), as given: read and checked when the run runs
    /// (``execute()``); `flow` defaults to home.
    var inputs = RunInputText(flow: "home")
    /// `--arg KEY=VALUE` pairs as given (``Flowrun/Run/parseArgs(_:)`` reads them).
    var args: [String] = []
    var format: OutputFormat = .text
    var follow: [String] = []
    /// `--field NAME=VALUE` pairs as given: typed into the form the last `--follow` sends.
    var fields: [String] = []
    /// `--profile`: the visitor's store (nil: the default profile).
    var profile: String?
    /// `--act`: run the flow as an act run, as the app does for an `act` action.
    var act = false
    var maxInstructions: Int?
    var maxMemory: Int?
    var timeLimit: Double?
    /// `--assets`, `--assets-parallel`, `--assets-timeout` (flowrun-full's ScreenAssets); never
    /// on the fast path, so a plain run does not pay for the image sequencer.
    package var assets: String?
    package var assetsParallel: Int?
    package var assetsTimeout: Int?

    /// Runs the flow and prints its screen, or where `--follow` leads (an `act` action is
    /// performed: it writes the profile's store).
    func execute() throws {
        // Loading pictures needs flowrun-full (its HTTP client); the lean flowrun hands over.
        let pictures = try assets == nil && assetsParallel == nil && assetsTimeout == nil ? nil : Self.fullParts().pictures(for: self)
        var text = self.inputs
        text.args = try Flowrun.Run.parseArgs(args)
        let values = try Flowrun.Run.parseFields(fields)
        if !values.isEmpty && follow.isEmpty {
            throw FlowError.badArgument(name: "--field", message: "a value is typed into a form that --follow ID sends; no --follow was given")
        }
        let inputs = try text.inputs()
        let (project, holds) = try BundleOptions.source(root: root, bundle: bundle, cache: cache, park: park, trust: trust)
        // Files named as the project sees them: no absolute path of this machine in any output.
        var request = try inputs.request(shown: { project.shown($0) })
        request.acting = act
        if inputs.offline { request.connectivity = .offline(cache: holds) }
        // One clock for every park the run switches to; --until's moment is the clock then.
        let clock = inputs.time ?? request.until.map { Date(timeIntervalSince1970: $0) } ?? Date()
        let limits = try LimitOptions.limits(instructions: maxInstructions, memory: maxMemory, seconds: timeLimit)
        // Opened only if a run calls `store`: a cold run that does not never touches SQLite.
        // One profile for every park the run switches to.
        let store = SQLiteVisitorStore(profile: ProfileOptions.profile(profile))
        // The run stands where the request puts the visitor (FlowKit's SingleRun): one way a
        // flow is run, here and in a live session.
        var run = try SingleRun(request, on: try Self.runtime(project, park: park, time: clock, limits: limits, store: store))
        for (i, id) in follow.enumerated() {
            // A go to another park switches park, as the app does: that park's own runtime runs it.
            let external = try run.follow(id, values: i == follow.count - 1 ? values : [:]) { code throws(FlowError) in
                try Self.runtime(project, park: code, time: clock, limits: limits, store: store)
            }
            if let external {
                print(format.row.external(external), terminator: "")
                return
            }
        }
        print(try format.render(run.screen, language: inputs.locale), terminator: "")
        if let pictures {
            fflush(nil)  // the screen before the report, on a terminal showing both
            pictures.load(run.screen, runtime: run.session.runtime, request: request)
        }
    }

    /// flowrun-full's parts, or this command line handed over to it.
    private static func fullParts() -> any FullCommandLine.Parts {
        guard let parts = FullCommandLine.parts else { FullCommandLine.handOver() }
        return parts
    }

    /// Park `park`'s runtime, with a warning for each of its flow files that did not load.
    private static func runtime(_ project: ProjectRoot, park: String, time: Date, limits: HostLimits, store: any VisitorStore) throws(FlowError) -> FlowRuntime
    {
        let runtime = try FlowRuntime(
            root: project, park: park, time: time, limits: limits, store: store, compiledChunks: CompiledFlows.standard, keptSites: CompiledFlows.sites)
        // Never torn down: the process ends with this command, and closing the Lua state and
        // freeing the sites' values one by one was 3% of a cold `flowrun --park GOGA home`.
        _ = Unmanaged.passRetained(runtime)
        // The flow asked for may run without a broken file; the author still hears of it.
        for failure in runtime.loadFailures {
            TerminalText.writeError("flowrun: warning: \(failure.file) did not load, so its flows are unavailable (flowrun check lists why)")
        }
        return runtime
    }
}
