import Foundation

/// The public keys a bundle's signature may come from: `keys/*.pub` in the current folder by
/// default, or the files given with `--trust`.
public struct TrustSet: Sendable {
    /// The keys, in the order given.
    public let keys: [TrustedKey]

    /// The keys given.
    /// - Parameter keys: trusted public keys.
    public init(_ keys: [TrustedKey]) { self.keys = keys }

    /// The keys in `files`.
    /// - Parameter files: `.pub` files, as the person gave them.
    /// - Throws: ``BundleError`` naming a file that cannot be read or holds no public key.
    public static func load(_ files: [String]) throws(BundleError) -> TrustSet {
        var keys: [TrustedKey] = []
        for file in files {
            keys.append(try TrustedKey(fileBytes: try BoundedFile.contents(file, display: file, limit: BundleLimits.maxLineFileBytes), file: file))
        }
        return TrustSet(keys)
    }

    /// The `.pub` files in `folder` (default `keys`), sorted; none when it is missing.
    /// - Parameter folder: where key pairs are kept.
    public static func defaultFiles(in folder: String = "keys") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".pub") && !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    /// The key with id `id`, if trusted.
    func key(id: String) -> TrustedKey? { keys.first { $0.id == id } }

    /// `keys/dev.pub (3f2a…), keys/ci.pub (…)`: the keys for a message.
    var listed: String {
        keys.isEmpty ? "none" : keys.map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
    }
}
