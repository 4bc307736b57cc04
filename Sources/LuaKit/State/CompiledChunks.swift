import CLua
import Formats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Chunks compiled by an earlier process, kept in a folder so that a cold start loads Lua
/// bytecode instead of parsing every flow again (parsing was a sixth of a cold
/// `flowrun --park GOGA home`). A file is named by a hash of its chunk's name and source
/// and also records the source's length and hash: an edited file gets a name of its own,
/// so what runs is never stale.
///
/// Bytecode is what the sandbox refuses from scripts (Lua does not verify it, and crafted
/// bytecode escapes any sandbox: docs/architecture.md, "Binary chunks are an escape"), so
/// only bytecode this class wrote itself is loaded: the folder and its files must belong to
/// this user and be writable by no one else, each file carries a checksum of its bytes,
/// and anything that does not match is compiled from source again. Never an error: a folder
/// that cannot be used means compiling, as without a cache.
public final class CompiledChunks: @unchecked Sendable {
    /// The folder, made (mode 0700) if missing.
    public let folder: String
    /// Files larger than this are not read back (a flow's bytecode is a few KiB).
    static let largestFile = 16 << 20
    /// The first bytes of every file: the format, so another layout is never read as this one.
    static let magic = Array("flowrun-luac-1\n\0".utf8)

    /// A cache in `folder`, or nil when the folder cannot be made or is not safe to load from
    /// (another owner, or writable by others).
    public init?(folder: String) {
        self.folder = folder
        guard Self.makeFolder(folder) else { return nil }
    }

    /// The bytecode kept for `source` under `chunkName`, or nil.
    func bytecode(for source: [UInt8], chunkName: String) -> [UInt8]? {
        let key = Self.key(source, chunkName)
        let fd = open(path(key), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_uid == geteuid(), status.st_mode & 0o022 == 0,
            status.st_size > Self.headerSize, status.st_size <= Self.largestFile
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count == bytes.count, Array(bytes.prefix(Self.magic.count)) == Self.magic else { return nil }
        var fields = bytes[Self.magic.count..<Self.headerSize].withUnsafeBytes { raw in
            (0..<3).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) }
        }
        fields = fields.map(UInt64.init(littleEndian:))
        let code = Array(bytes[Self.headerSize...])
        guard fields[0] == UInt64(source.count), fields[1] == key, fields[2] == ChunkHash.of(code) else { return nil }
        return code
    }

    /// Keeps `bytecode`, compiled from `source` under `chunkName`, for later processes:
    /// written to a file of its own, then renamed into place, so a reader never sees half a file.
    func keep(_ bytecode: [UInt8], for source: [UInt8], chunkName: String) {
        let key = Self.key(source, chunkName)
        let fields = [UInt64(source.count), key, ChunkHash.of(bytecode)].map(\.littleEndian)
        let bytes = Self.magic + fields.withUnsafeBytes { Array($0) } + bytecode
        let temporary = path(key) + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != bytes.count || rename(temporary, path(key)) != 0 { unlink(temporary) }
    }

    static let headerSize = magic.count + 3 * 8

    private func path(_ key: UInt64) -> String {
        folder + "/" + String(key, radix: 16) + ".luac"
    }

    /// The hash a chunk is kept under: its name and its source, and Lua's version, so that
    /// another Lua's bytecode is never looked for.
    static func key(_ source: [UInt8], _ chunkName: String) -> UInt64 {
        ChunkHash.of(Array("\(LUA_VERSION_NUM)\0\(chunkName)\0".utf8) + source)
    }

    /// Makes `folder` and its parents (0700) if missing; whether it is a folder of this
    /// user's that no one else may write.
    private static func makeFolder(_ folder: String) -> Bool {
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") {
            prefix += part
            _ = mkdir(prefix, 0o700)  // an existing folder is checked below
            prefix += "/"
        }
        var status = stat()
        return lstat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR && status.st_uid == geteuid() && status.st_mode & 0o022 == 0
    }
}

/// A 64-bit hash of bytes, eight at a time (a multiply-xorshift mix): not for secrets, only
/// to tell one source or one file's bytes from another.
enum ChunkHash {
    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(bytes.count)
        bytes.withUnsafeBytes { raw in
            var at = 0
            while at + 8 <= raw.count {
                hash = mix(hash ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)))
                at += 8
            }
            var tail: UInt64 = 0
            for (i, byte) in raw[at...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(i)) }
            hash = mix(hash ^ tail)
        }
        return mix(hash)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 29
        x = x &* 0xBF58_476D_1CE4_E5B9
        return x ^ (x >> 32)
    }
}
