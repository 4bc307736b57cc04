import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bundle's files as Formats' `FileReader` reads them, with the bundle's words for what
/// goes wrong: what is read is exactly what was checked, so a symbolic link is refused, not
/// followed; anything but a regular file is refused; and no more than the limit is ever
/// read, whatever the file's size says.
enum BoundedFile {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    /// - Parameters:
    ///   - path: the file.
    ///   - display: the file as messages name it.
    ///   - limit: the most bytes it may have.
    ///   - exact: the size it must have, if known (a manifest entry's): a different size is
    ///     ``BundleError/Reason/sizeMismatch`` rather than ``BundleError/Reason/tooLarge``.
    ///   - sealed: a folder holding `path` below which no link is followed, not even a
    ///     folder's (a cache: `FileReader.Links.refuseBelow`); nil: only the file's own name.
    /// - Throws: ``BundleError``: ``BundleError/Reason/unreadable``,
    ///   ``BundleError/Reason/notRegularFile``, ``BundleError/Reason/tooLarge`` or
    ///   ``BundleError/Reason/sizeMismatch``.
    static func contents(_ path: String, display: String, limit: Int, exact: Int? = nil, sealed: String? = nil) throws(BundleError) -> [UInt8] {
        switch FileReader.contents(atPath: path, limit: limit, links: sealed.map { .refuseBelow($0) } ?? .refuse) {
        case .success(let bytes):
            try check(bytes.count, display: display, limit: limit, exact: exact)
            return bytes
        case .failure(.system(let code)):
            throw BundleError(.unreadable, file: display, code == ENOENT ? "file not found" : "cannot read: \(systemMessage(code))")
        case .failure(.link), .failure(.outside):
            let what = sealed == nil ? "is a symbolic link" : "is a symbolic link, or lies in a folder that is one"
            throw BundleError(.notRegularFile, file: display, "\(what); a bundle holds regular files only")
        case .failure(.notRegular(let what)):
            throw BundleError(.notRegularFile, file: display, "is \(what); a bundle holds regular files only")
        case .failure(.tooLarge(let size, _)):
            try check(size, display: display, limit: limit, exact: exact)
            throw BundleError(.tooLarge, file: display, "\(size) bytes, over the limit of \(BundleLimits.text(limit))")
        }
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
