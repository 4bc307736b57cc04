import FlowBundle
import FlowKit
import Foundation
import Testing

/// The repository root (holds flows/ and parks/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A park's bundle written into a temporary folder with a fresh key, removed on deinit, with
/// the means to tamper with it as an attacker would.
final class BundleFixture {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowbundle-\(UUID().uuidString)")
    let key: SigningKey
    let park: String
    let root: ProjectRoot
    private(set) var outcome: BundleWriter.Outcome

    /// Writes version 1 of `park`'s bundle from `root` (default: this repository), signed by
    /// `key` (default: a fresh one), with the manifest time `created` (default: now).
    init(
        park: String = "GOGA", root: ProjectRoot = ProjectRoot(path: repositoryRoot.path), key: SigningKey = .generate(),
        created: Date = Date()
    ) throws {
        self.park = park
        self.root = root
        self.key = key
        outcome = try BundleWriter(root: root, key: key).write(park: park, to: folder.path, created: created)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `dist/<park>` of this fixture.
    var bundle: String { outcome.folder }

    /// Writes the next version (the same content unless the project changed).
    func publishAgain(version: Int? = nil) throws {
        outcome = try BundleWriter(root: root, key: key).write(park: park, to: folder.path, version: version)
    }

    var verifier: BundleVerifier { BundleVerifier(trust: TrustSet([key.publicKey])) }

    func verify(
        limits: BundleLimits = BundleLimits(), apiVersion: Int = FlowRuntime.apiVersion,
        newestKnown: Int? = nil
    ) throws(BundleError) -> VerifiedBundle {
        try BundleVerifier(trust: TrustSet([key.publicKey]), limits: limits, apiVersion: apiVersion)
            .verify(folder: bundle, newestKnown: newestKnown)
    }

    /// The error verifying gives, or nil when it verifies.
    func failure(
        limits: BundleLimits = BundleLimits(), apiVersion: Int = FlowRuntime.apiVersion,
        newestKnown: Int? = nil
    ) -> BundleError? {
        do {
            _ = try verify(limits: limits, apiVersion: apiVersion, newestKnown: newestKnown)
            return nil
        } catch {
            return error
        }
    }

    func path(_ relative: String) -> String { "\(bundle)/\(relative)" }

    func read(_ relative: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative)))) }

    func write(_ relative: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(relative)))
    }

    /// The object of the manifest entry for `filePath`, and the entry's position (from 1).
    func object(of filePath: String) throws -> (relative: String, position: Int) {
        let files = outcome.manifest.files
        guard let index = files.firstIndex(where: { $0.path == filePath }) else { throw FixtureError("no \(filePath) in the bundle") }
        return (BundleLayout.object(files[index].sha256), index + 1)
    }

    /// Rewrites `manifest.json` as `change` makes its JSON object, and signs it with `signer`
    /// (default: the fixture's key), as someone holding a key could.
    func rewriteManifest(signer: SigningKey? = nil, _ change: (inout [String: Any]) throws -> Void) throws {
        var json = try #require(try JSONSerialization.jsonObject(with: Data(try read(BundleLayout.manifest))) as? [String: Any])
        try change(&json)
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        try write(BundleLayout.manifest, bytes)
        try write(BundleLayout.signature, try (signer ?? key).signatureFile(for: bytes))
    }

    /// Changes the `files` entries of the manifest (and signs it).
    func rewriteFiles(_ change: (inout [[String: Any]]) throws -> Void) throws {
        try rewriteManifest { json in
            var files = try #require(json["files"] as? [[String: Any]])
            try change(&files)
            json["files"] = files
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
