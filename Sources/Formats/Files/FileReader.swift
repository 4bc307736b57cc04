#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
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
/// wait for a writer for ever) and a FIFO, device, socket or folder is refused; a symbolic
/// link is followed, refused, or followed only while it stays inside a folder (``Links``);
/// and no more than a limit is read, checked against the file's size before reading and
/// while reading. The one reader of whole files: content, tracks, photos, bundles, keys.
package enum FileReader {
    /// The most bytes a whole-file read takes unless its caller says: far above any park's
    /// content (a 100,000-site park's sites.geojson is about 30 MB), far below the memory cap.
    package static let defaultLimit = 512 << 20

    /// What a read does with a symbolic link.
    package enum Links: Sendable, Equatable {
        /// Follows it, wherever it leads (a file the user named).
        case follow
        /// Refuses it (`O_NOFOLLOW`): a bundle's files are exactly what was checked.
        case refuse
        /// Follows it only while the file it leads to is inside this folder (a real path,
        /// ``realFolder(_:)``): a project's or a profile's files stay theirs.
        case within(String)
        /// Refuses one anywhere below this folder, the file's own name and every folder on
        /// the way (``SealedPath``): an app's cache of bundles, where a planted link to a
        /// folder is as foreign as a link to a file. The path must be inside the folder.
        case refuseBelow(String)
    }

    /// Why a read failed, for callers with words of their own (a bundle's reasons).
    package enum Refusal: Error, Equatable {
        /// The system refused (`errno`): missing, no permission.
        case system(Int32)
        /// A symbolic link where ``Links/refuse`` says none.
        case link
        /// A symbolic link to a file outside the folder.
        case outside(String)
        /// A FIFO, device, socket or folder, in words.
        case notRegular(String)
        /// The file has `size` bytes (or more), over `limit`.
        case tooLarge(size: Int, limit: Int)

        /// The reason in words: `cannot read file: No such file or directory`.
        package var message: String {
            switch self {
            case .system(let code): "cannot read file: " + String(cString: strerror(code))
            case .link: "cannot read file: it is a symbolic link"
            case .outside(let folder): "cannot read file: it is a symbolic link leading out of \(folder)"
            case .notRegular(let what): "cannot read file: it is \(what), not a regular file"
            case .tooLarge(let size, let limit): "cannot read file: \(size) bytes or more, over the limit of \(limit) bytes"
            }
        }
    }

    /// The bytes of a local file.
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - file: The display path used in errors.
    ///   - limit: the most bytes to read.
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/unreadableFile``:
    ///   `parks/GOGA/sites.geojson: cannot read file: No such file or directory`.
    package static func bytes(of url: URL, file: String, limit: Int = defaultLimit) throws(FormatError) -> [UInt8] {
        guard url.isFileURL else {
            throw FormatError(.unreadableFile, "cannot read file: not a file URL: \(url)").inFile(file)
        }
        let result = url.withUnsafeFileSystemRepresentation { path -> Result<[UInt8], Refusal> in
            guard let path else { return .failure(.system(ENAMETOOLONG)) }
            return readAll(path, limit: limit, links: .follow)
        }
        return try formatted(result, file: file)
    }

    /// The bytes of a local file given by its path.
    /// - Parameters:
    ///   - path: A file system path, absolute or relative to the working directory.
    ///   - file: The display path used in errors.
    ///   - limit: the most bytes to read.
    ///   - links: what to do with a symbolic link (default: follow it).
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/unreadableFile``, as ``bytes(of:file:limit:)``.
    package static func bytes(atPath path: String, file: String, limit: Int = defaultLimit, links: Links = .follow) throws(FormatError) -> [UInt8] {
        try formatted(contents(atPath: path, limit: limit, links: links), file: file)
    }

    /// The bytes of a local file, or why not in a form a caller can map to its own errors.
    /// - Parameters:
    ///   - path: A file system path.
    ///   - limit: the most bytes to read.
    ///   - links: what to do with a symbolic link.
    package static func contents(atPath path: String, limit: Int, links: Links) -> Result<[UInt8], Refusal> {
        guard !path.utf8.contains(0) else { return .failure(.system(EINVAL)) }
        return path.withCString { readAll($0, limit: limit, links: links) }
    }

    /// The real path of a folder (links resolved), for ``Links/within(_:)``; the path as
    /// given when it cannot be resolved (it does not exist yet).
    package static func realFolder(_ path: String) -> String {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute (from the current directory) with its `.` and `..` parts and
    /// repeated slashes removed, links left as they are: what `URL.standardizedFileURL` gives,
    /// without the cost its percent-decoding tables add to every cold start.
    package static func standardPath(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            absolute = String(cString: cwd) + "/" + path
            free(cwd)
        }
        // Byte ranges rather than split and joined, whose generic forms ask the runtime for
        // conformances: a third of a million instructions on a cold start.
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = Array(absolute.utf8)
        var parts: [Range<Int>] = []
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == slash {
            let length = i - start
            if length == 2 && bytes[start] == dot && bytes[start + 1] == dot {
                if !parts.isEmpty { parts.removeLast() }
            } else if length > 0 && !(length == 1 && bytes[start] == dot) {
                parts.append(start..<i)
            }
            start = i + 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for part in parts {
            out.append(slash)
            out.append(contentsOf: bytes[part])
        }
        return out.isEmpty ? "/" : String(decoding: out, as: UTF8.self)
    }

    /// Why the file at `path` (links followed) cannot be opened as a regular file without
    /// waiting, or nil when it is one or there is none: for a file another library opens
    /// itself (SQLite, which would wait for ever on a FIFO named as its database).
    package static func irregularity(atPath path: String) -> Refusal? {
        guard !path.utf8.contains(0) else { return .system(EINVAL) }
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT ? nil : .system(errno) }
        return (status.st_mode & S_IFMT) == S_IFREG ? nil : .notRegular(kind(status.st_mode))
    }

    /// The size and first `count` bytes of the regular file at `path` (a photo's kind is in
    /// its first bytes), without blocking; nil when there is none or it is not a regular file.
    package static func head(atPath path: String, count: Int, links: Links = .follow) -> (size: Int, head: [UInt8])? {
        guard !path.utf8.contains(0) else { return nil }
        return path.withCString { name -> (Int, [UInt8])? in
            guard case .success(let (descriptor, size)) = openRegular(name, links: links) else { return nil }
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

    // MARK: - Private helpers

    private static func formatted(_ result: Result<[UInt8], Refusal>, file: String) throws(FormatError) -> [UInt8] {
        switch result {
        case .success(let bytes): return bytes
        case .failure(let refusal): throw FormatError(.unreadableFile, refusal.message).inFile(file)
        }
    }

    /// Opens `path` for reading if it is a regular file: without blocking, so a FIFO cannot
    /// hold the caller; returns the descriptor and the size.
    private static func openRegular(_ path: UnsafePointer<CChar>, links: Links) -> Result<(Int32, Int), Refusal> {
        if case .within(let folder) = links, let refusal = leavesFolder(path, folder) { return .failure(refusal) }
        let descriptor: Int32
        if case .refuseBelow(let folder) = links {
            switch openBelow(String(cString: path), folder) {
            case .success(let opened): descriptor = opened
            case .failure(let refusal): return .failure(refusal)
            }
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (links == .refuse ? O_NOFOLLOW : 0))
        }
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ELOOP && links == .refuse ? .link : .system(code))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.system(code))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(kind(status.st_mode)))
        }
        return .success((descriptor, max(Int(status.st_size), 0)))
    }

    /// `path` opened for reading through ``SealedPath``: no link below `folder` followed.
    private static func openBelow(_ path: String, _ folder: String) -> Result<Int32, Refusal> {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(base) else { return .failure(.outside(folder)) }
        var parts = path.dropFirst(base.count).split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.popLast().map(String.init), SealedPath.isPlainName(name) else { return .failure(.system(EINVAL)) }
        let parent: Int32
        switch SealedPath.openFolder(folder, parts, create: false) {
        case .success(let opened): parent = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(parent) }
        let descriptor = openat(parent, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(SealedPath.refusal(code, name: name, in: parent))
        }
        return .success(descriptor)
    }

    /// Whether the real path of `path` (every link on the way resolved) is outside `folder`,
    /// itself a real path.
    private static func leavesFolder(_ path: UnsafePointer<CChar>, _ folder: String) -> Refusal? {
        guard let resolved = realpath(path, nil) else { return nil }  // missing: open says so
        defer { free(resolved) }
        let real = String(cString: resolved)
        return real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") ? nil : .outside(folder)
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

    private static func readAll(_ path: UnsafePointer<CChar>, limit: Int, links: Links) -> Result<[UInt8], Refusal> {
        let descriptor: Int32, size: Int
        switch openRegular(path, links: links) {
        case .failure(let error): return .failure(error)
        case .success(let opened): (descriptor, size) = opened
        }
        defer { close(descriptor) }
        guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
        // One spare byte lets the loop notice a file that grew since fstat.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count > limit { return .failure(.tooLarge(size: count, limit: limit)) }
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
                return .failure(.system(errno))
            }
            count += got
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
