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
/// path, and the system's own words (`No such file or directory`) in errors.
package enum FileReader {
    /// The bytes of a local file.
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The display path used in errors.
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/unreadableFile``:
    ///   `parks/GOGA/sites.geojson: cannot read file: No such file or directory`.
    package static func bytes(of url: URL, file: String) throws(FormatError) -> [UInt8] {
        guard url.isFileURL else {
            throw FormatError(.unreadableFile, "cannot read file: not a file URL: \(url)").inFile(file)
        }
        let result = url.withUnsafeFileSystemRepresentation { path -> Result<[UInt8], FormatError> in
            guard let path else {
                return .failure(FormatError(.unreadableFile, "cannot read file: path is not representable"))
            }
            return readAll(path)
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
    package static func bytes(atPath path: String, file: String) throws(FormatError) -> [UInt8] {
        guard !path.utf8.contains(0) else {
            throw FormatError(.unreadableFile, "cannot read file: the path contains a NUL byte").inFile(file)
        }
        do {
            return try path.withCString { readAll($0) }.get()
        } catch {
            throw error.inFile(file)
        }
    }

    private static func readAll(_ path: UnsafePointer<CChar>) -> Result<[UInt8], FormatError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(systemError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(systemError()) }
        // One spare byte lets the loop notice a file that grew since fstat.
        var bytes = [UInt8](repeating: 0, count: max(Int(status.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: max(count, 4096)))
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
