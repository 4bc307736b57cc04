/// The ceilings a bundle must stay under, checked from the manifest before any object is
/// read and again on every object read, so a hostile bundle cannot fill memory or disk.
/// The writer checks the same ones: a bundle flowrun writes is one flowrun runs.
public struct BundleLimits: Sendable, Equatable {
    /// Files one manifest may list.
    public var maxFiles: Int  // 2,048
    /// Bytes of one file.
    public var maxFileBytes: Int  // 16 MiB
    /// Bytes of all files together: what running from the bundle holds in memory.
    public var maxTotalBytes: Int  // 64 MiB
    /// Bytes of `manifest.json` itself (a 2,048-file manifest is about 300 KB).
    public var maxManifestBytes: Int  // 1 MiB
    /// UTF-8 bytes of one path in a manifest.
    public var maxPathBytes: Int  // 512

    /// Bytes of a signature or key file: one short line.
    static let maxLineFileBytes = 1_024

    /// Limits with each default given above, or the ones named.
    /// - Parameters:
    ///   - maxFiles: files one manifest may list (default 2,048).
    ///   - maxFileBytes: bytes of one file (default 16 MiB).
    ///   - maxTotalBytes: bytes of all files together (default 64 MiB).
    ///   - maxManifestBytes: bytes of `manifest.json` (default 1 MiB).
    ///   - maxPathBytes: UTF-8 bytes of one path (default 512).
    public init(
        maxFiles: Int = 2_048, maxFileBytes: Int = 16 << 20, maxTotalBytes: Int = 64 << 20,
        maxManifestBytes: Int = 1 << 20, maxPathBytes: Int = 512
    ) {
        self.maxFiles = maxFiles
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxManifestBytes = maxManifestBytes
        self.maxPathBytes = maxPathBytes
    }

    /// `16 MiB`, `1,024 bytes`: a limit as messages give it.
    static func text(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
