import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import LuaKit

/// The folder holding `flows/` and `parks/` (`--root`, default: the current directory), or
/// the same files held in memory (a verified bundle: ``init(files:origin:)``). Paths shown
/// to people are relative to it, like chunk names: `parks/GOGA/park.lua`.
public struct ProjectRoot: Sendable {
    /// The folder, as a standardized file URL; for files held in memory, where they came
    /// from (a bundle's folder), for messages only: nothing is read from it.
    public let url: URL
    /// ``url``'s path: files are read at paths joined to it as text, since each URL join and
    /// path cost more than a file's read (a tenth of a cold run).
    let folderPath: String
    /// The files when they are held in memory; nil for a folder on disk.
    let memory: MemoryFiles?
    /// The folder's real path (links resolved): a symbolic link inside the project may lead
    /// anywhere inside it, never out of it.
    let realPath: String

    /// The project in folder `path`.
    /// - Parameter path: absolute, or relative to the current directory; it need not exist.
    public init(path: String) {
        folderPath = FileReader.standardPath(path)
        url = URL(fileURLWithPath: folderPath, isDirectory: true)
        memory = nil
        realPath = FileReader.realFolder(folderPath)
    }

    /// A project whose files are held in memory, such as a bundle's verified bytes: every
    /// read is served from `files`, so a file changed on disk after they were checked is
    /// never seen.
    /// - Parameters:
    ///   - files: each file's bytes by its path relative to the root (`parks/GOGA/park.lua`).
    ///   - origin: where the files came from (a bundle's folder), for messages.
    public init(files: [String: [UInt8]], origin: URL) {
        url = origin.standardizedFileURL
        folderPath = url.path
        memory = MemoryFiles(files)
        realPath = folderPath
    }

    /// Whether the files are held in memory (``init(files:origin:)``) rather than read from a folder.
    public var isInMemory: Bool { memory != nil }

    /// The URL of a path inside the project: where a tool working on disk (a linter, a
    /// scaffold) finds it. For files held in memory it points into ``url``, where they are not.
    /// - Parameter relativePath: a path relative to the root (`parks/GOGA/park.lua`).
    public func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// The path of a file or folder inside the project on disk, for reading it.
    /// - Parameter relativePath: a path relative to the root (`parks/GOGA/park.lua`).
    package func filePath(_ relativePath: String) -> String {
        relativePath.isEmpty ? folderPath : (folderPath.hasSuffix("/") ? folderPath : folderPath + "/") + relativePath
    }

    /// The real path of a file or folder inside the project (links resolved), or nil when
    /// there is none or it leads out of the project: for a file a request names (the
    /// preview's tracks and recordings), which is then read at this path, so no link on the
    /// way can take the read elsewhere.
    /// - Parameter relativePath: a path relative to the root.
    public func realPathInside(_ relativePath: String) -> String? {
        guard memory == nil else { return nil }
        let real = FileReader.realFolder(filePath(relativePath))
        guard real.hasPrefix(realPath.hasSuffix("/") ? realPath : realPath + "/"), FileManager.default.fileExists(atPath: real) else { return nil }
        return real
    }

    /// Whether a file or folder exists at a path inside the project.
    /// - Parameter relativePath: a path relative to the root.
    public func exists(_ relativePath: String) -> Bool {
        if let memory { return memory.exists(relativePath) }
        return FileManager.default.fileExists(atPath: filePath(relativePath))
    }

    /// The bytes of a file.
    /// - Parameter relativePath: a path relative to the root; messages name it so.
    /// - Throws: ``FlowError/badContent(file:message:)`` when the file is missing or unreadable.
    public func bytes(_ relativePath: String) throws(FlowError) -> [UInt8] {
        if let memory {
            guard let bytes = memory.files[relativePath] else { throw .badContent(file: relativePath, message: "file not found") }
            return bytes
        }
        guard exists(relativePath) else { throw .badContent(file: relativePath, message: "file not found") }
        // A regular file of the project only, read without blocking and within a limit.
        do { return try FileReader.bytes(atPath: filePath(relativePath), file: relativePath, links: .within(realPath)) } catch {
            throw .badContent(file: relativePath, message: error.message)
        }
    }

    /// The text of a file (a leading byte-order mark dropped). Project files are UTF-8: a
    /// Latin-1 file is refused at its first byte that is not UTF-8, since its strings would
    /// reach screens as invalid text.
    /// - Parameter relativePath: a path relative to the root; messages name it so.
    /// - Throws: ``FlowError/badContent(file:message:)`` when the file is missing or
    ///   unreadable; ``FlowError/invalidContent(_:)`` with line and column of the first byte
    ///   that is not UTF-8.
    public func read(_ relativePath: String) throws(FlowError) -> String {
        let data = try bytesWithoutMark(relativePath)
        guard let text = String(validating: data, as: UTF8.self) else { throw Self.notText(data, relativePath) }
        return text
    }

    /// The bytes of a text file, checked as ``read(_:)`` checks them (a leading byte-order
    /// mark dropped, UTF-8 throughout) but not made a `String`: a flow's source goes to Lua
    /// as bytes, and making 22 Strings was 3% of a cold run.
    /// - Parameter relativePath: a path relative to the root; messages name it so.
    package func textBytes(_ relativePath: String) throws(FlowError) -> [UInt8] {
        let data = try bytesWithoutMark(relativePath)
        guard data.withUnsafeBytes({ UTF8Text.firstInvalidByte($0) }) == nil else { throw Self.notText(data, relativePath) }
        return data
    }

    private func bytesWithoutMark(_ relativePath: String) throws(FlowError) -> [UInt8] {
        var data = try bytes(relativePath)
        if data.starts(with: Self.byteOrderMark) { data.removeFirst(Self.byteOrderMark.count) }
        return data
    }

    /// Where `data`, the file at `relativePath`, stops being UTF-8, as an error.
    private static func notText(_ data: [UInt8], _ relativePath: String) -> FlowError {
        let (line, column, byte) = data.withUnsafeBytes { bytes in
            let offset = UTF8Text.firstInvalidByte(bytes) ?? 0
            let place = UTF8Text.lineAndColumn(of: offset, in: bytes)
            return (place.line, place.column, offset < bytes.count ? bytes[offset] : 0)
        }
        return .invalidContent(
            "\(relativePath):\(line):\(column): not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true))); "
                + "project files are UTF-8: convert a Latin-1 file with 'iconv -f latin1 -t utf-8'")
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `.lua` files directly in `relativePath`, sorted by name, as relative paths.
    /// - Parameter relativePath: a folder relative to the root; none when it is missing.
    /// - Returns: paths relative to the root (`flows/home.lua`).
    public func luaFiles(in relativePath: String) -> [String] {
        let names =
            memory.map { $0.names(in: relativePath, folders: false) }
            ?? FolderEntries.names(filePath(relativePath)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "\(relativePath)/\($0)" }
    }

    /// The folders directly in `relativePath` whose names do not start with `.`, sorted.
    /// - Parameter relativePath: a folder relative to the root; none when it is missing.
    /// - Returns: the folders' names (`GOGA`).
    public func folders(in relativePath: String) -> [String] {
        if let memory { return memory.names(in: relativePath, folders: true).filter { !$0.hasPrefix(".") }.sorted() }
        guard exists(relativePath) else { return [] }
        return FolderEntries.folders(in: filePath(relativePath))
    }

    /// Whether `parks/` and `flows/` are here; the CLI says so plainly when not.
    public var looksLikeProject: Bool { exists("parks") && exists("flows") }
}

extension ProjectRoot {
    /// The bytes of file `relativePath`, or nil when there is no such file.
    /// - Throws: ``FlowError/badContent(file:message:)`` when it cannot be read.
    func bytesIfPresent(_ relativePath: String) throws(FlowError) -> [UInt8]? {
        if let memory { return memory.files[relativePath] }
        return exists(relativePath) ? try bytes(relativePath) : nil
    }
}
