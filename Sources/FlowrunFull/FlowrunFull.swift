import ArgumentParser
import FlowBundle
import FlowKit
import FlowrunCommands
import Formats

/// `flowrun-full`: flowrun with every part linked, the servers, the updater, signed bundles
/// and the picture loader (``FullCommandLine``). The lean `flowrun` hands it the command
/// lines that need them; it runs every other command line as flowrun does.
@main
enum FlowrunFullMain {
    static func main() {
        FullCommandLine.install(
            FullParts(), commands: [Flowrun.Preview.self, Flowrun.Keys.self, Flowrun.Bundle.self, Flowrun.Serve.self, Flowrun.Sync.self])
        Flowrun.runCommandLine()
    }
}

/// What flowrun-full adds to the lean commands: verified bundles, pictures, and the exit
/// codes of its errors.
struct FullParts: FullCommandLine.Parts {
    func verified(bundle: String?, cache: String?, park: String?, trust: [String]) throws -> (root: ProjectRoot, holds: String) {
        let verifier = BundleVerifier(trust: try TrustSet.load(trust.isEmpty ? TrustSet.defaultFiles() : trust))
        func holds(_ verified: VerifiedBundle) -> String { "version \(verified.manifest.version) of \(verified.manifest.park)'s bundle (verified)" }
        if let bundle {
            let verified = try verifier.verify(folder: try BundleLayout.folder(of: bundle))
            return (verified.root, holds(verified))
        }
        let (verified, warning) = try Self.slot(of: park, in: cache ?? "").load(with: verifier)
        if let warning { TerminalText.writeError("flowrun: warning: \(cache ?? ""): \(warning)") }
        return (verified.root, holds(verified))
    }

    /// Park `park`'s place in the cache; without a park, the one park the cache holds.
    static func slot(of park: String?, in cache: String) throws(BundleError) -> BundleCache {
        if let park { return try BundleCache(folder: cache, park: park) }
        let held = BundleCache(folder: cache).parks()
        guard held.count > 1 else {
            return try held.first.map { code throws(BundleError) in try BundleCache(folder: cache, park: code) } ?? BundleCache(folder: cache)
        }
        throw BundleError(.badArgument, file: cache, "holds \(held.count) parks (\(held.joined(separator: ", "))): give --park CODE")
    }

    func pictures(for request: RunRequest) throws -> (any FullCommandLine.ScreenPictures)? {
        try ScreenAssets.asked(by: request)
    }

    func exit(for error: any Error) -> (message: String, code: Int32)? {
        guard let error = error as? BundleError else { return nil }
        return (error.description, error.exitCode)
    }
}
