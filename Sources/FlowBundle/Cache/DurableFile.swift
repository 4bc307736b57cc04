#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that survive a crash or a SIGKILL at any instant: a file is written under a
/// temporary name beside its target, flushed to disk (`fsync`), then renamed over the
/// target, and the folder is flushed so the rename itself is kept. A reader sees the old
/// file or the new one, never a part of either. Every name is relative to an open
/// ``CacheFolder``, and a new file is made with `O_EXCL | O_NOFOLLOW`: nothing is written
/// through a symbolic link (a rename replaces a link planted at the target, not what it leads to).
enum DurableFile {
    /// Replaces `name` in `folder` with `bytes`.
    /// - Parameters:
    ///   - flush: flush the bytes before the rename (default); a file whose loss costs
    ///     nothing but work (a cached ETag) may skip it.
    ///   - syncFolder: flush the folder after the rename (default); a caller renaming several
    ///     files into one folder flushes it once, after the last.
    /// - Throws: ``BundleError`` (``BundleError/Reason/writeFailed``) naming the file.
    static func write(_ bytes: [UInt8], to name: String, in folder: CacheFolder, flush mustFlush: Bool = true, syncFolder: Bool = true) throws(BundleError) {
        let temporary = try create(beside: name, in: folder)
        do {
            try writeAll(bytes, to: temporary.descriptor, path: folder.file(name))
            if mustFlush { try flush(temporary.descriptor, path: folder.file(name)) }
        } catch {
            close(temporary.descriptor)
            unlinkat(folder.descriptor, temporary.name, 0)
            throw error
        }
        close(temporary.descriptor)
        try rename(temporary.name, in: folder, to: name, in: folder, syncFolder: syncFolder)
    }

    /// Renames `from` in `source` over `to` in `target` and, unless told not to, flushes `target`.
    static func rename(_ from: String, in source: CacheFolder, to: String, in target: CacheFolder, syncFolder mustSync: Bool = true) throws(BundleError) {
        guard renameat(source.descriptor, from, target.descriptor, to) == 0 else {
            let code = errno
            unlinkat(source.descriptor, from, 0)
            throw BundleError(.writeFailed, file: target.file(to), "cannot write: \(BoundedFile.systemMessage(code))")
        }
        if mustSync { target.sync() }
    }

    /// A new file beside `name` in `folder` (so a rename stays on one file system), open for
    /// writing; `O_EXCL` and `O_NOFOLLOW`, so it is always a new regular file.
    static func create(beside name: String, in folder: CacheFolder) throws(BundleError) -> (descriptor: Int32, name: String) {
        let temporary = "\(name).\(UInt64.random(in: 0...UInt64.max)).part"
        let descriptor = openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BundleError(.writeFailed, file: folder.file(name), "cannot create a file beside it: \(BoundedFile.systemMessage(errno))")
        }
        return (descriptor, temporary)
    }

    /// Writes every byte of `bytes`.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(BundleError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = systemWrite(descriptor, base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw BundleError(.writeFailed, file: path, "cannot write: \(BoundedFile.systemMessage(errno))")
            }
            written += result
        }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(BundleError) {
        var failure: BundleError?
        bytes.withUnsafeBytes { buffer in
            do throws(BundleError) { try writeAll(buffer, to: descriptor, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Flushes a file's bytes to disk.
    static func flush(_ descriptor: Int32, path: String) throws(BundleError) {
        guard fsync(descriptor) == 0 else {
            throw BundleError(.writeFailed, file: path, "cannot flush to disk: \(BoundedFile.systemMessage(errno))")
        }
    }
}

// The C library's call, which the enum's own `write` hides inside it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
