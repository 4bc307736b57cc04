import CLua
import Formats

/// Chunks compiled by an earlier process, kept in a folder so that a cold start loads Lua
/// bytecode instead of parsing every flow again (parsing was a sixth of a cold
/// `flowrun --park GOGA home`). A file is named by a hash of its chunk's name and source
/// and also records the source's length and hash: an edited file gets a name of its own,
/// so what runs is never stale.
///
/// Bytecode is what the sandbox refuses from scripts (Lua does not verify it, and crafted
/// bytecode escapes any sandbox: docs/architecture.md, "Binary chunks are an escape"), so
/// only bytecode this user's processes wrote is loaded (Formats' `KeptFiles`: the folder
/// and its files belong to this user and no one else may write them, each file carries a
/// checksum of its bytes), and anything that does not match is compiled from source again.
/// Never an error: a folder that cannot be used means compiling, as without a cache.
public final class CompiledChunks: @unchecked Sendable {
    /// The folder, made (mode 0700) if missing.
    public var folder: String { files.folder }
    private let files: KeptFiles

    /// A cache in `folder`, or nil when the folder cannot be made or is not safe to load from
    /// (another owner, or writable by others).
    public init?(folder: String) {
        // Files larger than 16 MiB are not read back (a flow's bytecode is a few KiB).
        guard let files = KeptFiles(folder: folder, magic: "flowrun-luac-2\n\0", suffix: ".luac", largest: 16 << 20) else { return nil }
        self.files = files
    }

    /// The bytecode kept for `source` under `chunkName`, or nil.
    func bytecode(for source: [UInt8], chunkName: String) -> [UInt8]? {
        guard let body = files.read(Self.key(source, chunkName)), body.count > 8 else { return nil }
        // The source's length too: two sources would have to collide in hash and length.
        let length = body.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard length == UInt64(source.count) else { return nil }
        return Array(body[8...])
    }

    /// Keeps `bytecode`, compiled from `source` under `chunkName`, for later processes.
    func keep(_ bytecode: [UInt8], for source: [UInt8], chunkName: String) {
        let length = withUnsafeBytes(of: UInt64(source.count).littleEndian) { Array($0) }
        files.keep(length + bytecode, under: Self.key(source, chunkName))
    }

    /// The hash a chunk is kept under: its name and its source, and Lua's version, so that
    /// another Lua's bytecode is never looked for.
    static func key(_ source: [UInt8], _ chunkName: String) -> UInt64 {
        ContentHash.of(Array("\(LUA_VERSION_NUM)\0\(chunkName)\0".utf8) + source)
    }
}
