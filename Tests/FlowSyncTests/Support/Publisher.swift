import ScreenRendering
import FlowBundle
import FlowKit
import Foundation

/// The repository root (holds flows/ and parks/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A publisher's desk in a temporary folder, removed on deinit: a copy of the project
/// (flows/, parks/defaults.lua and one park), a signing key, and `dist/` where each
/// ``publish()`` writes the next version of the park's bundle, as `flowrun bundle` would.
final class Publisher: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowsync-\(UUID().uuidString)")
    let park: String
    let key: SigningKey
    private(set) var outcome: BundleWriter.Outcome?

    init(park: String = "GOGA", key: SigningKey = .generate()) throws {
        self.park = park
        self.key = key
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("project/parks"), withIntermediateDirectories: true)
        for item in ["flows", "parks/defaults.lua", "parks/\(park)"] {
            try fm.copyItem(at: repositoryRoot.appendingPathComponent(item), to: folder.appendingPathComponent("project/\(item)"))
        }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var project: URL { folder.appendingPathComponent("project") }
    /// The folder of bundles the server serves.
    var dist: String { folder.appendingPathComponent("dist").path }
    /// This park's bundle folder.
    var bundle: String { "\(dist)/\(park)" }
    /// A verifier trusting this publisher's key.
    var verifier: BundleVerifier { BundleVerifier(trust: TrustSet([key.publicKey])) }

    /// A new cache folder beside dist/ (inside this publisher's folder, removed with it).
    func cache(_ name: String = "cache") -> BundleCache { BundleCache(folder: folder.appendingPathComponent(name).path) }

    /// Writes the next version of the park's (or `park`'s) bundle from the project as it is now, made at
    /// `created` (default: now) and expiring `lifetimeDays` after.
    @discardableResult
    func publish(
        park: String? = nil, version: Int? = nil, signer: SigningKey? = nil, created: Date = Date(),
        lifetimeDays: Int = BundleWriter.defaultLifetimeDays
    ) throws -> BundleWriter.Outcome {
        let written = try BundleWriter(root: ProjectRoot(path: project.path), key: signer ?? key)
            .write(park: park ?? self.park, to: dist, version: version, created: created, lifetimeDays: lifetimeDays)
        outcome = written
        return written
    }

    /// Replaces `old` with `new` in a project file (it must be there).
    func edit(_ path: String, _ old: String, _ new: String) throws {
        let file = project.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        guard text.contains(old) else { throw TestFailure("\(path) has no \(old)") }
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }

    /// Writes a project file.
    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: project.appendingPathComponent(path))
    }

    /// Puts the manifest of published version `version` back as the current one, as a
    /// replay (or a deliberate rollback) would.
    func republish(_ version: Int) throws {
        let fm = FileManager.default
        for (from, to) in [(BundleLayout.versionManifest(version), BundleLayout.manifest), (BundleLayout.versionSignature(version), BundleLayout.signature)] {
            try? fm.removeItem(atPath: "\(bundle)/\(to)")
            try fm.copyItem(atPath: "\(bundle)/\(from)", toPath: "\(bundle)/\(to)")
        }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The onboarding screen's JSON as the cache's current version (or its fallback) runs it.
func onboarding(of cache: BundleCache, verifier: BundleVerifier, park: String = "GOGA") throws -> (json: String, warning: String?) {
    let (bundle, warning) = try cache.load(with: verifier)
    let runtime = try FlowRuntime(root: bundle.root, park: park)
    return (JSONRenderer().render(try runtime.run(FlowRequest(flow: "onboarding"))), warning)
}
