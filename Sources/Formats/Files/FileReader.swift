#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls: no Foundation `Data` round trip on the cold-start
/// path, and the system's own words (`No such file or directory`) in errors. Only a regular
/// file is read: the file is opened without blocking (a FIFO where a file is expected would
/// wait for a writer for ever) and a FIFO, device, socket or folder is refused; and no more
/// than a limit is read, checked against the file's size before reading and while reading.
package enum FileReader {
    /// The most bytes a whole-file read takes unless its caller says: far above any park's
    /// content (a 100,000-site park's sites.geojson is about 30 MB), far below the memory cap.
    package static let defaultLimit = 512 << 20

    /// The bytes of a local file.
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The display path used in errors.
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/unreadableFile``:
    ///   `parks/GOGA/sites.geojson: cannot read file: No such file or directory`.
    package static func bytes(of url: URL, file: String, limit: Int = defaultLimit) throws(FormatError) -> [UInt8] {
        guard url.isFileURL else {
            throw FormatError(.unreadableFile, "cannot read file: not a file URL: \(url)").inFile(file)
        }
        let result = url.withUnsafeFileSystemRepresentation { path -> Result<[UInt8], FormatError> in
            guard let path else {
                return .failure(FormatError(.unreadableFile, "cannot read file: path is not representable"))
            }
            return readAll(path, limit: limit)
        }
        do {
            return try result.get()
        } catch {
            throw error.inFile(file)
        }
    }

    /// The bytes of a local file given by its path.
    /// - Parameters:
    ///   - path: A file system path, absolute or relative to the working directory.
    ///   - file: The display path used in errors.
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/unreadableFile``, as ``bytes(of:file:)``.
    package static func bytes(atPath path: String, file: String, limit: Int = defaultLimit) throws(FormatError) -> [UInt8] {
        guard !path.utf8.contains(0) else {
            throw FormatError(.unreadableFile, "cannot read file: the path contains a NUL byte").inFile(file)
        }
        do {
            return try path.withCString { readAll($0, limit: limit) }.get()
        } catch {
            throw error.inFile(file)
        }
    }

    /// The size and first `count` bytes of the regular file at `path` (a photo's kind is in
    /// its first bytes), without blocking; nil when there is none or it is not a regular file.
    package static func head(atPath path: String, count: Int) -> (size: Int, head: [UInt8])? {
        guard !path.utf8.contains(0) else { return nil }
        return path.withCString { name -> (Int, [UInt8])? in
            guard case .success(let (descriptor, size)) = openRegular(name) else { return nil }
            defer { close(descriptor) }
            var head = [UInt8](repeating: 0, count: max(0, count))
            let got = head.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
                return read(descriptor, base, buffer.count)
            }
            guard got >= 0 else { return nil }
            head.removeSubrange(got...)
            return (size, head)
        }
    }

    /// Opens `path` for reading if it is a regular file: without blocking, so a FIFO cannot
    /// hold the caller; returns the descriptor and the size.
    private static func openRegular(_ path: UnsafePointer<CChar>) -> Result<(Int32, Int), FormatError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(systemError()) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = systemError()
            close(descriptor)
            return .failure(error)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(FormatError(.unreadableFile, "cannot read file: it is \(kind(status.st_mode)), not a regular file"))
        }
        return .success((descriptor, max(Int(status.st_size), 0)))
    }

    /// What a file that is not a regular one is, in words.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func tooLarge(_ size: Int, _ limit: Int) -> FormatError {
        FormatError(.unreadableFile, "cannot read file: \(size) bytes or more, over the limit of \(limit) bytes")
    }

    private static func readAll(_ path: UnsafePointer<CChar>, limit: Int) -> Result<[UInt8], FormatError> {
        let descriptor: Int32, size: Int
        switch openRegular(path) {
        case .failure(let error): return .failure(error)
        case .success(let opened): (descriptor, size) = opened
        }
        defer { close(descriptor) }
        guard size <= limit else { return .failure(tooLarge(size, limit)) }
        // One spare byte lets the loop notice a file that grew since fstat.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count > limit { return .failure(tooLarge(count, limit)) }
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return read(descriptor, base + count, buffer.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(systemError())
            }
            count += got
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    private static func systemError() -> FormatError {
        FormatError(.unreadableFile, "cannot read file: " + String(cString: strerror(errno)))
    }
}
