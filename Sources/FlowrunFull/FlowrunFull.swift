import ArgumentParser
import FlowBundle
import FlowKit
import FlowrunCommands
import Formats
import PartyRelayClient

/// `flowrun-full`: flowrun with every part linked, the servers, the updater, signed bundles
/// and the picture loader (``FullCommandLine``). The lean `flowrun` hands it the command
/// lines that need them; it runs every other command line as flowrun does.
@main
enum FlowrunFullMain {
    static func main() {
        FullCommandLine.install(
            FullParts(), commands: [Flowrun.Preview.self, Flowrun.Keys.self, Flowrun.Bundle.self, Flowrun.Serve.self, Flowrun.Sync.self, Flowrun.Relay.self])
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
        let folder = cache ?? ""
        let held = BundleCache(folder: folder).parks()
        // The park asked for (else the first the cache holds) runs from its verified version.
        let code = park ?? held.first
        let slot = try code.map { code throws(BundleError) in try BundleCache(folder: folder, park: code) } ?? BundleCache(folder: folder)
        let (verified, warning) = try slot.load(with: verifier)
        if let warning { TerminalText.writeError("flowrun: warning: \(folder): \(warning)") }
        guard held.count > 1 else { return (verified.root, holds(verified)) }
        // The other parks the cache holds are there too, each park's folder from its own
        // verified version: the park browser lists them, and a go to one of them opens it.
        var files = verified.files
        for other in held where other != verified.manifest.park {
            do throws(BundleError) {
                let (bundle, note) = try BundleCache(folder: folder, park: other).load(with: verifier)
                if let note { TerminalText.writeError("flowrun: warning: \(folder): \(other): \(note)") }
                let own = "parks/\(other)/"
                for (path, bytes) in bundle.files where path.hasPrefix(own) { files[path] = bytes }
            } catch {
                TerminalText.writeError("flowrun: warning: \(folder): \(other) is left out: \(error)")
            }
        }
        return (ProjectRoot(files: files, origin: verified.root.url), holds(verified))
    }

    func pictures(for request: RunRequest) throws -> (any FullCommandLine.ScreenPictures)? {
        try ScreenAssets.asked(by: request)
    }

    func exit(for error: any Error) -> (message: String, code: Int32)? {
        if let error = error as? RelayClientError { return ("--relay: \(error)", error.isUsage ? 2 : 1) }
        guard let error = error as? BundleError else { return nil }
        return (error.description, error.exitCode)
    }

    func liveRelay(url: String, token: String?, code: String?, folder: String) throws -> any FullCommandLine.LiveRelay {
        try LiveRelay.start(url: url, token: token, code: code, folder: folder)
    }
}
