#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Crypto

/// An object arriving over the network into a cache, checked as it arrives: its bytes go to
/// a new file under `incoming/` while they are hashed, a byte past the entry's size is
/// refused at once, and only bytes of the right size and SHA-256 are flushed to disk and
/// renamed into `objects/` (``finish()``). Anything else leaves `objects/` as it was.
public final class IncomingObject {
    /// The manifest entry the bytes must match.
    public let entry: BundleManifest.File
    /// Where the bytes come from, as messages name it (a URL).
    public let source: String
    /// Bytes received so far.
    public private(set) var received = 0

    /// `objects/<sha256>`, for messages.
    private let target: String
    private let incoming: CacheFolder
    private let objects: CacheFolder
    /// The file's name in `incoming/`.
    private let name: String
    private var descriptor: Int32
    private var hasher = SHA256()

    init(entry: BundleManifest.File, source: String, incoming: CacheFolder, objects: CacheFolder) throws(BundleError) {
        self.entry = entry
        self.source = source
        self.incoming = incoming
        self.objects = objects
        target = objects.file(entry.sha256)
        (descriptor, name) = try DurableFile.create(beside: entry.sha256, in: incoming)
    }

    deinit { discard() }

    /// Adds the next bytes.
    /// - Throws: ``BundleError/Reason/sizeMismatch`` when they go past the entry's size
    ///   (the object is then discarded); ``BundleError/Reason/writeFailed``.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(BundleError) {
        guard descriptor >= 0 else { throw BundleError(.writeFailed, file: target, "the download was already finished or discarded") }
        guard received + bytes.count <= entry.size else {
            discard()
            throw BundleError(.sizeMismatch, file: source, "more than the \(entry.size) bytes the manifest gives \(entry.path)")
        }
        hasher.update(bufferPointer: bytes)
        do {
            try DurableFile.writeAll(bytes, to: descriptor, path: target)
        } catch {
            discard()
            throw error
        }
        received += bytes.count
    }

    /// Checks size and SHA-256, flushes the bytes to disk and renames them into `objects/`.
    /// - Throws: ``BundleError/Reason/sizeMismatch`` for fewer bytes than the entry's size
    ///   (a body cut short), ``BundleError/Reason/hashMismatch``, ``BundleError/Reason/writeFailed``;
    ///   the object is then discarded.
    public func finish() throws(BundleError) {
        guard descriptor >= 0 else { throw BundleError(.writeFailed, file: target, "the download was already finished or discarded") }
        guard received == entry.size else {
            discard()
            throw BundleError(.sizeMismatch, file: source, "\(received) bytes where the manifest gives \(entry.path) \(entry.size): the body was cut short")
        }
        let sha256 = ContentHash.hex(hasher.finalize())
        guard sha256 == entry.sha256 else {
            discard()
            throw BundleError(.hashMismatch, file: source, "SHA-256 is \(sha256), not the one the manifest gives \(entry.path): the server holds other bytes")
        }
        do {
            try DurableFile.flush(descriptor, path: target)
        } catch {
            discard()
            throw error
        }
        close(descriptor)
        descriptor = -1
        // objects/ itself is flushed once, before the switch that makes the object count.
        try DurableFile.rename(name, in: incoming, to: entry.sha256, in: objects, syncFolder: false)
    }

    /// Drops what arrived (a failed or abandoned download).
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        incoming.remove(name)
    }
}
