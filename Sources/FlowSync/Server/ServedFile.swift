#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowBundle
import Formats
import LoopbackServer

/// A file of the served folder, opened without following any symbolic link below the
/// folder (Formats' `SealedPath` for the folders, the file with `O_NOFOLLOW`), so a link
/// that points outside it is never read; with the headers its
/// kind gets (README, Serving bundles). It is sent from the open file (``OpenFile``).
struct ServedFile {
    /// How a file may be cached, by what it is.
    enum Kind: Equatable {
        /// `CODE/objects/<sha256>`: named by its content, so it never changes.
        case object
        /// Anything else (`manifest.json`, `manifest.sig`, `versions/…`): replaced in place
        /// when a version is published.
        case mutable
    }

    /// The largest file the server sends: 4 × a bundle's largest file.
    static let maxBytes = 64 << 20

    let file: OpenFile
    let kind: Kind
    /// A strong ETag: the object's name, or the SHA-256 of the bytes, quoted.
    let etag: String

    var size: Int { file.size }

    /// `Cache-Control`: a year and `immutable` for objects, `no-cache` (always revalidate,
    /// which If-None-Match makes one small 304) for the rest.
    var cacheControl: String { kind == .object ? "public, max-age=31536000, immutable" : "no-cache" }

    var contentType: String {
        guard kind == .mutable, let name = path.last else { return "application/octet-stream" }
        if name.hasSuffix(".json") { return "application/json" }
        if name.hasSuffix(".sig") || name.hasSuffix(".pub") { return "text/plain; charset=utf-8" }
        return "application/octet-stream"
    }

    private let path: [String]

    /// The file `path` names under `folder`, or nil when there is no regular file there
    /// (missing, a folder, a link at any level, too large).
    init?(_ path: ServedPath, in folder: String) {
        guard let name = path.parts.last, case .success(let directory) = SealedPath.openFolder(folder, path.parts.dropLast().map { $0[...] }, create: false)
        else { return nil }
        defer { close(directory) }
        guard let file = OpenFile(descriptor: openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), limit: Self.maxBytes) else {
            return nil
        }
        let isObject = path.parts.count == 3 && path.parts[1] == "objects" && ContentHash.isSHA256(name)
        var tag = name
        if !isObject {
            // Read a block at a time: the hash holds no more of the file than the answer does.
            var running = ContentHash.Running()
            guard file.forEachBlock({ running.update($0) }) else { return nil }
            tag = running.finish()
        }
        (self.file, self.path, kind, etag) = (file, path.parts, isObject ? .object : .mutable, "\"\(tag)\"")
    }
}
