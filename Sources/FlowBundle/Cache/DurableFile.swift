#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes that survive a crash or a SIGKILL at any instant: a file is written under a
/// temporary name beside its target, flushed to disk (`fsync`), then renamed over the
/// target, and the folder is flushed so the rename itself is kept. A reader sees the old
/// file or the new one, never a part of either. Nothing is created through a symbolic link.
enum DurableFile {
    /// Replaces `path` with `bytes`.
    /// - Parameters:
    ///   - flush: flush the bytes before the rename (default); a file whose loss costs
    ///     nothing but work (a cached ETag) may skip it.
    ///   - syncFolder: flush the folder after the rename (default); a caller renaming several
    ///     files into one folder flushes it once, after the last.
    /// - Throws: ``BundleError`` (``BundleError/Reason/writeFailed``) naming `path`.
    static func write(_ bytes: [UInt8], to path: String, flush mustFlush: Bool = true, syncFolder: Bool = true) throws(BundleError) {
        let temporary = try create(beside: path)
        do {
            try writeAll(bytes, to: temporary.descriptor, path: path)
            if mustFlush { try flush(temporary.descriptor, path: path) }
        } catch {
            close(temporary.descriptor)
            unlink(temporary.path)
            throw error
        }
        close(temporary.descriptor)
        try rename(temporary.path, to: path, syncFolder: syncFolder)
    }

    /// Renames `from` over `to` and, unless told not to, flushes the folder holding `to`.
    static func rename(_ from: String, to: String, syncFolder mustSync: Bool = true) throws(BundleError) {
        guard systemRename(from, to) == 0 else {
            let code = errno
            unlink(from)
            throw BundleError(.writeFailed, file: to, "cannot write: \(BoundedFile.systemMessage(code))")
        }
        if mustSync { syncFolder(of: to) }
    }

    /// A new file beside `path` (same folder, so a rename stays on one file system), open
    /// for writing; `O_EXCL` and `O_NOFOLLOW`, so it is always a new regular file.
    static func create(beside path: String) throws(BundleError) -> (descriptor: Int32, path: String) {
        let temporary = "\(path).\(UInt64.random(in: 0...UInt64.max)).part"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw BundleError(.writeFailed, file: path, "cannot create a file beside it: \(BoundedFile.systemMessage(errno))")
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

    /// Flushes the folder holding `path`, so a rename or a new name in it is on disk.
    static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Makes `path` and the folders above it.
    static func makeFolder(_ path: String) throws(BundleError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.writeFailed, file: path, "cannot make the folder: \(error.localizedDescription)")
        }
    }
}

// The C library's calls, which the enum's own `write` and `rename` hide inside it.
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
