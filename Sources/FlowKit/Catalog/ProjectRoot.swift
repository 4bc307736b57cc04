import Foundation

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

    /// The text of a file, or a `badContent` error naming it.
    public func read(_ relativePath: String) throws(FlowError) -> String {
        guard let data = FileManager.default.contents(atPath: url(relativePath).path) else {
            throw .badContent(file: relativePath, message: exists(relativePath) ? "cannot read file" : "file not found")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .badContent(file: relativePath, message: "not UTF-8 text")
        }
        return text
    }

    /// `.lua` files directly in `relativePath`, sorted by name, as relative paths.
    public func luaFiles(in relativePath: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url(relativePath).path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "\(relativePath)/\($0)" }
    }

    /// Whether `parks/` and `flows/` are here; the CLI says so plainly when not.
    public var looksLikeProject: Bool { exists("parks") && exists("flows") }
}
