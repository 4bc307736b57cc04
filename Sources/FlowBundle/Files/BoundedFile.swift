#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a bundle's files with POSIX calls so that what is read is exactly what was checked:
/// a symbolic link is refused, not followed (`O_NOFOLLOW`); anything but a regular file is
/// refused; and no more than the limit is ever read, whatever the file's size says.
enum BoundedFile {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    /// - Parameters:
    ///   - path: the file.
    ///   - display: the file as messages name it.
    ///   - limit: the most bytes it may have.
    ///   - exact: the size it must have, if known (a manifest entry's): a different size is
    ///     ``BundleError/Reason/sizeMismatch`` rather than ``BundleError/Reason/tooLarge``.
    /// - Throws: ``BundleError``: ``BundleError/Reason/unreadable``,
    ///   ``BundleError/Reason/notRegularFile``, ``BundleError/Reason/tooLarge`` or
    ///   ``BundleError/Reason/sizeMismatch``.
    static func contents(_ path: String, display: String, limit: Int, exact: Int? = nil) throws(BundleError) -> [UInt8] {
        guard !path.utf8.contains(0) else { throw BundleError(.unreadable, file: display, "the path holds a NUL byte") }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw BundleError(.notRegularFile, file: display, "is a symbolic link; a bundle holds regular files only") }
            throw BundleError(.unreadable, file: display, code == ENOENT ? "file not found" : "cannot read: \(systemMessage(code))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw BundleError(.unreadable, file: display, "cannot read: \(systemMessage(errno))") }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "a folder" : "not a regular file"
            throw BundleError(.notRegularFile, file: display, "is \(what); a bundle holds regular files only")
        }
        let size = Int(status.st_size)
        try check(size, display: display, limit: limit, exact: exact)
        // One spare byte shows a file that grew since fstat; the limit still holds.
        var bytes = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + count, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw BundleError(.unreadable, file: display, "cannot read: \(systemMessage(errno))")
            }
            count += got
        }
        try check(count, display: display, limit: limit, exact: exact)
        bytes.removeSubrange(count...)
        return bytes
    }

    private static func check(_ size: Int, display: String, limit: Int, exact: Int?) throws(BundleError) {
        if let exact, size != exact {
            throw BundleError(.sizeMismatch, file: display, "\(size) bytes where the manifest says \(exact)")
        }
        guard size <= limit else {
            throw BundleError(.tooLarge, file: display, "\(size) bytes, over the limit of \(BundleLimits.text(limit))")
        }
    }

    static func systemMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
}
