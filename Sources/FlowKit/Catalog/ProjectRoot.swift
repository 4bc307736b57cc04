public import Foundation
import LuaKit

/// The folder holding `flows/` and `parks/` (`--root`, default: the current directory).
/// Paths shown to people are relative to it, like chunk names: `parks/GOGA/park.lua`.
public struct ProjectRoot: Sendable {
    /// The folder, as a standardized file URL.
    public let url: URL

    /// The project in folder `path`.
    /// - Parameter path: absolute, or relative to the current directory; it need not exist.
    public init(path: String) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// The URL of a path inside the project.
    /// - Parameter relativePath: a path relative to the root (`parks/GOGA/park.lua`).
    public func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Whether a file or folder exists at a path inside the project.
    /// - Parameter relativePath: a path relative to the root.
    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    /// The text of a file (a leading byte-order mark dropped). Project files are UTF-8: a
    /// Latin-1 file is refused at its first byte that is not UTF-8, since its strings would
    /// reach screens as invalid text.
    /// - Parameter relativePath: a path relative to the root; messages name it so.
    /// - Throws: ``FlowError/badContent(file:message:)`` when the file is missing or
    ///   unreadable; ``FlowError/invalidContent(_:)`` with line and column of the first byte
    ///   that is not UTF-8.
    public func read(_ relativePath: String) throws(FlowError) -> String {
        guard var data = FileManager.default.contents(atPath: url(relativePath).path) else {
            throw .badContent(file: relativePath, message: exists(relativePath) ? "cannot read file" : "file not found")
        }
        if data.starts(with: Self.byteOrderMark) { data.removeFirst(Self.byteOrderMark.count) }
        guard let text = String(data: data, encoding: .utf8) else {
            let (line, column, byte) = data.withUnsafeBytes { bytes in
                let offset = UTF8Text.firstInvalidByte(bytes) ?? 0
                let place = UTF8Text.lineAndColumn(of: offset, in: bytes)
                return (place.line, place.column, offset < bytes.count ? bytes[offset] : 0)
            }
            throw .invalidContent("\(relativePath):\(line):\(column): not UTF-8 text (byte 0x\(String(byte, radix: 16, uppercase: true))); "
                + "project files are UTF-8: convert a Latin-1 file with 'iconv -f latin1 -t utf-8'")
        }
        return text
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `.lua` files directly in `relativePath`, sorted by name, as relative paths.
    /// - Parameter relativePath: a folder relative to the root; none when it is missing.
    /// - Returns: paths relative to the root (`flows/home.lua`).
    public func luaFiles(in relativePath: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relativePath).path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "\(relativePath)/\($0)" }
    }

    /// Whether `parks/` and `flows/` are here; the CLI says so plainly when not.
    public var looksLikeProject: Bool { exists("parks") && exists("flows") }
}
