#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of files one process keeps for later ones (compiled flows, prepared site
/// tables), each named by a hash of what it was made from, so what is read back is never
/// stale. Only this user's files are read: the folder and each file must belong to this
/// user and be writable by no one else, and each file carries a checksum of its bytes
/// (checked on reading where a damaged file would be dangerous: bytecode); anything else
/// reads as absent, and the caller makes the thing anew. Never an error.
public final class KeptFiles: Sendable {
    /// The folder, made (mode 0700) if missing.
    public let folder: String
    /// The first bytes of every file: its format, so another layout is never read as this one.
    let magic: [UInt8]
    /// The file name's ending (`.luac`).
    let suffix: String
    /// Files larger than this are not read back.
    let largest: Int
    /// Whether reading checks each file's checksum (a format that checks its own structure,
    /// as a site table does, may skip the pass over a large file).
    let verifies: Bool

    /// A folder of kept files, or nil when it cannot be made or is not safe to read from
    /// (another owner, or writable by others).
    /// - Parameters:
    ///   - folder: the folder.
    ///   - magic: the format's first bytes (a name and a version).
    ///   - suffix: the files' ending.
    ///   - largest: the largest file read back.
    ///   - verifies: whether reading checks the checksum (default: it does).
    public init?(folder: String, magic: String, suffix: String, largest: Int, verifies: Bool = true) {
        self.folder = folder
        self.magic = Array(magic.utf8)
        self.suffix = suffix
        self.largest = largest
        self.verifies = verifies
        guard Self.makeFolder(folder) else { return nil }
    }

    /// What is kept under `key`, checked, without its header; nil when there is nothing, or
    /// nothing this user alone wrote whose checksum matches.
    public func read(_ key: UInt64) -> [UInt8]? {
        opened(key) { fd, size in
            guard let header = readAll(fd, count: headerSize), let body = readAll(fd, count: size - headerSize) else { return nil }
            let matches = header.withUnsafeBytes { h in body.withUnsafeBytes { b in holds(key, header: h, body: b) } }
            return matches ? body : nil
        }
    }

    /// What is kept under `key`, without its header, mapped instead of read: a caller that
    /// reads a few records of a file of tens of MB touches only their pages. Checked as
    /// ``read(_:)`` checks (the checksum, where this folder verifies, reads every page).
    public func map(_ key: UInt64) -> ByteRegion? {
        opened(key) { fd, size in
            guard size > headerSize, let region = ByteRegion(mapping: fd, length: size, from: headerSize) else { return nil }
            let header = UnsafeRawBufferPointer(start: region.bytes.baseAddress.map { $0 - headerSize }, count: headerSize)
            return holds(key, header: header, body: region.bytes) ? region : nil
        }
    }

    /// `use` of the file kept under `key`, opened, with its size, when it is a plain file of
    /// this user's that no one else may write, of a size this folder reads; else nil.
    private func opened<T>(_ key: UInt64, _ use: (Int32, Int) -> T?) -> T? {
        let fd = open(path(key), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(), status.st_mode & 0o022 == 0,
            status.st_size >= headerSize, status.st_size <= largest
        else { return nil }
        return use(fd, Int(status.st_size))
    }

    /// Whether `header` is this folder's, for `key`, and (where the folder verifies) carries
    /// the checksum of `body`.
    private func holds(_ key: UInt64, header: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer) -> Bool {
        guard header.starts(with: magic) else { return false }
        let fields = (0..<2).map { UInt64(littleEndian: header.loadUnaligned(fromByteOffset: magic.count + $0 * 8, as: UInt64.self)) }
        return fields[0] == key && (!verifies || fields[1] == ContentHash.of(body))
    }

    /// Keeps `body` under `key`: written to a file of its own, then renamed into place, so a
    /// reader never sees half a file. A failure leaves nothing behind.
    public func keep(_ body: [UInt8], under key: UInt64) {
        let fields = [key, ContentHash.of(body)].map(\.littleEndian)
        let bytes = magic + fields.withUnsafeBytes { Array($0) } + body
        let temporary = path(key) + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(fd, $0 + written, raw.count - written) } ?? 0
            }
            guard count > 0 else { break }
            written += count
        }
        close(fd)
        if written != bytes.count || rename(temporary, path(key)) != 0 { unlink(temporary) }
    }

    /// The next `count` bytes of `fd`, or nil when it has fewer. The array is not zeroed first
    /// (a park's table is tens of MB).
    private func readAll(_ fd: Int32, count: Int) -> [UInt8]? {
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var filled = 0
            while filled < count, let base = buffer.baseAddress {
                let got = systemRead(fd, base + filled, count - filled)
                guard got > 0 else { break }
                filled += got
            }
            complete = filled == count
            initialized = complete ? count : 0
        }
        return complete ? bytes : nil
    }

    private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    private var headerSize: Int { magic.count + 16 }

    private func path(_ key: UInt64) -> String {
        folder + "/" + String(key, radix: 16) + suffix
    }

    /// Makes `folder` and its parents (0700) if missing; whether it is a folder of this
    /// user's that no one else may write.
    private static func makeFolder(_ folder: String) -> Bool {
        // Every start asks: one lstat when the folder is there, a mkdir a part only when not.
        if isOwnFolder(folder) { return true }
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            prefix += String(part)
            _ = mkdir(prefix, 0o700)  // an existing folder is checked below
            prefix += "/"
        }
        return isOwnFolder(folder)
    }

    /// Whether `folder` is a folder (not a link) of this user that no one else may write.
    private static func isOwnFolder(_ folder: String) -> Bool {
        var status = stat()
        return lstat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }
}
