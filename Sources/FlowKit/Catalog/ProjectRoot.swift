public import Foundation
import LuaKit

/// The folder holding `flows/` and `parks/` (`--root`, default: the current directory).
/// Paths shown to people are relative to it, like chunk names: `parks/GOGA/park.lua`.
public struct ProjectRoot: Sendable {
    public let url: URL

    public init(path: String) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    public func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    public func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }

    /// The text of a file (a leading byte-order mark dropped), or a `badContent` error
    /// naming it. Project files are UTF-8: a Latin-1 file is refused at its first byte that
    /// is not UTF-8, since its strings would reach screens as invalid text.
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
    public func luaFiles(in relativePath: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relativePath).path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "\(relativePath)/\($0)" }
    }

    /// Whether `parks/` and `flows/` are here; the CLI says so plainly when not.
    public var looksLikeProject: Bool { exists("parks") && exists("flows") }
}
