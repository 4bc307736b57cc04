import FlowKit
import Foundation
import GeoKit

/// Times native calls the way a flow makes them: a bench flow in a staged copy of a park,
/// in a real FlowRuntime, its data handed over once as a track (`ctx.track.fixes`) and kept
/// by the flow, then one run per call timed, less a run that does nothing. The copy's
/// budgets are raised (2·10⁹ instructions, 1 GiB, 120 s): a 100,000-point build is more than
/// a park's default budget allows in one run, and the bench times the work, not the limit.
final class FlowCallTimer {
    static let flowName = "fromlua"
    let project: StagedProject
    let runtime: FlowRuntime

    /// - Parameters:
    ///   - root: the repository.
    ///   - park: the park the flow runs in (its sites and geofences).
    ///   - source: the bench flow, registered as ``flowName``; it reads `ctx.args.variant`.
    init(root: String, park: String, source: String) throws(BenchError) {
        project = try StagedProject(root: root, park: park, flowFile: "\(Self.flowName).lua", source: source)
        let defaults = project.path + "/parks/defaults.lua"
        do {
            var text = try String(contentsOfFile: defaults, encoding: .utf8)
            text = text.replacingOccurrences(of: "instructions = 20000000,", with: "instructions = 1000000000,")
                .replacingOccurrences(of: "memory_mb = 64,", with: "memory_mb = 1024,")
            try text.write(toFile: defaults, atomically: true, encoding: .utf8)
            runtime = try FlowRuntime(
                root: ProjectRoot(path: project.path), park: park,
                limits: HostLimits(instructions: 1_000_000_000, memoryMiB: 1024, seconds: 120))
        } catch {
            project.remove()
            throw .setup("from-lua: park \(park) does not load with the bench flow: \(error)")
        }
    }

    /// Runs `variant` with `track` as `ctx.track`: the flow copies what it needs and keeps it.
    /// - Returns: the screen's title (what the flow reports).
    @discardableResult
    func load(_ variant: String, track: RecordedTrack, args: [String: String] = [:]) throws(BenchError) -> String {
        try run(variant, args: args, track: track).title
    }

    /// One run of `variant`: its wall time and the screen's title.
    func run(_ variant: String, args: [String: String] = [:], track: RecordedTrack? = nil) throws(BenchError) -> (ns: Double, title: String) {
        var arguments = args
        arguments["variant"] = variant
        let request = FlowRequest(flow: Self.flowName, args: arguments, track: track)
        do {
            let measured = try MonotonicClock.measure { () throws(FlowError) in try runtime.run(request) }
            // Untimed, as an app between screens: the collection due (a dropped index's pages
            // going back to the runtime's build memory) is not charged to the next run.
            runtime.idle()
            return (measured.nanoseconds, measured.result.title)
        } catch {
            throw .setup("from-lua: variant \(variant): \(error)")
        }
    }

    /// A track whose fixes are `coordinates`, fix i at i seconds.
    static func track(_ coordinates: [Coordinate]) -> RecordedTrack {
        RecordedTrack(
            displayPath: "bench", fixes: coordinates.enumerated().map { TimedFix(coordinate: $0.element, time: Double($0.offset)) })
    }

    func remove() { project.remove() }
}
