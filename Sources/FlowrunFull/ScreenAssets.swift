import Formats
import FlowAssets
import FlowKit
import FlowrunCommands
import Foundation
import ScreenModel

/// `--assets`: a run's screen's pictures, loaded as an app would (the image sequencer), then
/// those of the first screens its `go` actions lead to, reported on standard error.
struct ScreenAssets: FullCommandLine.ScreenPictures {
    /// How many of a screen's `go` targets `--assets` prefetches after the screen's own pictures.
    static let prefetchedScreens = 3

    let sequencer: ImageSequencer

    /// What `request`'s `--assets` options ask for, or nil without them.
    /// - Throws: a usage error (exit 2) naming the option at fault.
    static func asked(by request: RunRequest) throws(FlowError) -> ScreenAssets? {
        let (assets, assetsParallel, assetsTimeout) = (request.assets, request.assetsParallel, request.assetsTimeout)
        guard let assets else {
            if assetsParallel != nil || assetsTimeout != nil {
                throw .badArgument(name: assetsParallel != nil ? "--assets-parallel" : "--assets-timeout", message: "needs --assets URL or --assets DIR")
            }
            return nil
        }
        var options = ImageSequencer.Options()
        if let parallel = assetsParallel {
            guard (1...64).contains(parallel) else { throw .badArgument(name: "--assets-parallel", message: "\(parallel) out of range [1, 64]") }
            options.parallel = parallel
        }
        if let timeout = assetsTimeout {
            guard (1...600_000).contains(timeout) else { throw .badArgument(name: "--assets-timeout", message: "\(timeout) out of range [1, 600000] ms") }
            options.timeout = .milliseconds(timeout)
        }
        let lower = assets.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            return ScreenAssets(sequencer: ImageSequencer(source: .web(assets), options: options))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
            throw .badArgument(
                name: "--assets",
                message: "\(Excerpt.quoted(assets)) is neither an http:// or https:// URL nor a folder (a park's assets/, as parks/GRTE/assets)")
        }
        return ScreenAssets(sequencer: ImageSequencer(source: .folder(URL(fileURLWithPath: assets)), options: options))
    }

    /// Loads `screen`'s pictures, then those of the first screens its `go` actions lead to,
    /// and writes the report to standard error (standard output keeps the screen alone).
    func load(_ screen: Screen, runtime: FlowRuntime, request: FlowRequest) {
        var next: [Screen] = []
        var seen = Set<String>()
        var notes: [String] = []
        for located in screen.actions where next.count < Self.prefetchedScreens {
            // Another park's screen shows that park's pictures, which this run does not serve.
            guard case .go(let flow, let args, nil) = located.action.target else { continue }
            guard seen.insert("\(flow)?\(args.sorted { $0.key < $1.key })").inserted else { continue }
            do {
                var target = try FlowRequest(flow: flow, actionArgs: args, at: request.at, size: request.size)
                (target.location, target.connectivity) = (request.location, request.connectivity)
                next.append(try SingleRun(target, on: runtime).screen)
            } catch {
                notes.append("  not prefetched: \(located.path) → \(flow): \(error)")
            }
        }
        let plan = ImagePlan(screen: screen, next: next)
        // The task always hands back its events (nil only if it never ran).
        guard case .success(let events)? = Blocking.wait({ () async throws(Never) in await sequencer.run(plan) }) else { return }
        for line in AssetReport.lines(plan: plan, events: events, sequencer: sequencer) + notes.map(TerminalText.line) {
            TerminalText.writeError(line)
        }
    }
}
