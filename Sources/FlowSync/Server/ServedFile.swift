#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowBundle
import Hummingbird
import NIOCore

/// A file of the served folder, opened without following any symbolic link below the
/// folder (each folder with `O_NOFOLLOW | O_DIRECTORY` relative to the one above, the file
/// with `O_NOFOLLOW`), so a link that points outside it is never read; with the headers its
/// kind gets (README, Serving bundles). It stays open while it is sent and is read a block at
/// a time as the client takes it: a client that reads slowly holds one block, never the file.
final class ServedFile: Sendable {
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
    /// The bytes read and sent at once.
    static let blockBytes = 64 << 10

    let size: Int
    let kind: Kind
    /// A strong ETag: the object's name, or the SHA-256 of the bytes, quoted.
    let etag: String

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
    /// The open file: a file replaced while it is sent is sent as it was when opened.
    private let descriptor: Int32

    /// The file `path` names under `folder`, or nil when there is no regular file there
    /// (missing, a folder, a link at any level, too large).
    init?(_ path: ServedPath, in folder: String) {
        guard let name = path.parts.last else { return nil }
        var directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return nil }
        defer { close(directory) }
        for part in path.parts.dropLast() {
            let next = openat(directory, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return nil }
            close(directory)
            directory = next
        }
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= Self.maxBytes else {
            close(descriptor)
            return nil
        }
        let isObject = path.parts.count == 3 && path.parts[1] == "objects" && ContentHash.isSHA256(name)
        guard let tag = isObject ? name : Self.hash(descriptor, size: Int(status.st_size)) else {
            close(descriptor)
            return nil
        }
        (self.descriptor, size, self.path) = (descriptor, Int(status.st_size), path.parts)
        (kind, etag) = (isObject ? .object : .mutable, "\"\(tag)\"")
    }

    deinit { close(descriptor) }

    /// Sends bytes `range` of the file to `writer`, a block at a time, each once the client
    /// has taken the one before (the writer waits while the connection's buffer is full).
    /// - Throws: the writer's error when the client left; ``Shrunk`` when the file is shorter
    ///   than it was when opened (the answer is cut, so the client sees it incomplete).
    func send(_ range: Range<Int>, to writer: inout any ResponseBodyWriter) async throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let count = min(Self.blockBytes, range.upperBound - offset)
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                max(0, Self.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw.prefix(count)), at: offset))
            }
            guard got > 0 else { throw Shrunk() }
            offset += got
            try await writer.write(buffer)
        }
    }

    /// The file was cut short while it was sent.
    struct Shrunk: Error {}

    /// The SHA-256 of the first `size` bytes, read a block at a time; nil when they cannot be read.
    private static func hash(_ descriptor: Int32, size: Int) -> String? {
        var running = ContentHash.Running()
        var block = [UInt8](repeating: 0, count: blockBytes)
        var offset = 0
        while offset < size {
            let got = block.withUnsafeMutableBytes { raw in
                read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw.prefix(min(blockBytes, size - offset))), at: offset)
            }
            guard got > 0 else { return nil }
            block.withUnsafeBytes { running.update(UnsafeRawBufferPointer(rebasing: $0.prefix(got))) }
            offset += got
        }
        return running.finish()
    }

    /// `pread`, again when interrupted: bytes read, 0 at the end, -1 on an error.
    private static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        while true {
            let got = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }
}
