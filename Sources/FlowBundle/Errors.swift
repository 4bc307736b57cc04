/// What can go wrong making, reading or verifying a bundle. Every error names the file and,
/// where there is one, the field: `dist/GOGA/manifest.json: files[3].sha256: ...` (list
/// positions count from 1, as everywhere in flowrun).
public struct BundleError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Which check failed: tests and callers (an updater) tell failures apart by it.
    public enum Reason: Sendable, Equatable {
        /// A file is missing or cannot be read.
        case unreadable
        /// A manifest, signature or key file is not in its format: a schema error.
        case malformed
        /// The manifest's format or the runtime API it needs is not one this flowrun runs.
        case unsupported
        /// The signature names a key that is not in the trust set.
        case untrustedKey
        /// The signature does not match the manifest's bytes.
        case badSignature
        /// A path climbs out of the bundle, is absolute, repeats, or lies outside the
        /// folders a park's bundle holds.
        case unsafePath
        /// A symbolic link, folder or device where a regular file should be.
        case notRegularFile
        /// Over a limit (``BundleLimits``): file count, a file's size, the total size.
        case tooLarge
        /// An object's size is not the size its manifest entry gives.
        case sizeMismatch
        /// An object's SHA-256 is not the one its manifest entry gives.
        case hashMismatch
        /// A manifest older than one already published or seen, or than the updater was told
        /// to accept (a minimum version, a time before which none was made): a replay, a
        /// downgrade, or an old version offered to a first install.
        case replayed
        /// A manifest past its `expires`, or without one where an expiry is required: a
        /// mirror frozen on an old version.
        case expired
        /// A command-line value is wrong (a version not above the published one).
        case badArgument
        /// Writing a bundle or key failed (disk full, no permission).
        case writeFailed
    }

    /// Which check failed.
    public let reason: Reason
    /// The file at fault, as the person gave its folder: `dist/GOGA/manifest.json`.
    public let file: String
    /// The field at fault (`files[3].sha256`), or nil when the whole file is.
    public let field: String?
    /// What is wrong.
    public let message: String

    /// An error about `file` (and `field`, if any).
    /// - Parameters:
    ///   - reason: which check failed.
    ///   - file: the file at fault.
    ///   - field: the field at fault (default: none).
    ///   - message: what is wrong.
    public init(_ reason: Reason, file: String, field: String? = nil, _ message: String) {
        self.reason = reason
        self.file = file
        self.field = field
        self.message = message
    }

    /// `file: field: message`, or `file: message`.
    public var description: String {
        guard let field else { return "\(file): \(message)" }
        return "\(file): \(field): \(message)"
    }

    /// 1 when writing failed, else 2: everything else is bad input or bad usage.
    public var exitCode: Int32 { reason == .writeFailed ? 1 : 2 }
}
