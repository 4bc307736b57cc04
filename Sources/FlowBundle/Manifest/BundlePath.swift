import Formats
import ScreenModel

/// The rules a path in a manifest follows, so that a bundle can never name a file outside
/// the project it stands for: relative, no `.` or `..` or empty part, no backslash or
/// control character, and under the folders a park's bundle holds — `flows/`,
/// `parks/defaults.lua` and `parks/<CODE>/` of its own park.
enum BundlePath {
    /// The highest version a manifest may carry (a whole number a JSON double holds exactly).
    static let maxVersion = 1 << 50

    /// What is wrong with `path` in the bundle of park `park`, or nil when it is safe.
    static func problem(_ path: String, park: String, limits: BundleLimits) -> String? {
        let shown = Excerpt.quoted(path)
        guard !path.isEmpty else { return "empty path" }
        guard path.utf8.count <= limits.maxPathBytes else {
            return "\(path.utf8.count)-byte path, over the limit of \(limits.maxPathBytes) bytes"
        }
        guard !path.hasPrefix("/") else { return "\(shown) is absolute; paths are relative to the project root" }
        if let bad = path.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) {
            return "\(shown) holds \(bad == "\\" ? "a backslash" : "control character U+\(String(bad.value, radix: 16, uppercase: true))")"
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return "\(shown) climbs out with '..'" }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "\(shown) has an empty or '.' part" }
        switch (parts.first, parts.count) {
        case ("flows", 2...): return nil
        case ("parks", 2) where parts[1] == "defaults.lua": return nil
        case ("parks", 3...) where parts[1] == park: return nil
        default:
            return "\(shown) is outside what a bundle of \(park) holds (flows/, parks/defaults.lua, parks/\(park)/)"
        }
    }

    /// A path that is also the folder of another (`flows/lib` and `flows/lib/ui.lua`), if any.
    static func fileAlsoFolder(_ paths: Set<String>) -> String? {
        for path in paths.sorted() {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                let folder = parts.joined(separator: "/")
                if paths.contains(folder) { return folder }
                parts = parts.dropLast()
            }
        }
        return nil
    }

    /// 1 to 32 ASCII letters, digits, `_` or `-`: a folder name that is always safe.
    static func isParkCode(_ code: String) -> Bool { isName(code, maxBytes: 32) }

    /// 1 to `maxBytes` ASCII letters, digits, `_` or `-`.
    static func isName(_ text: String, maxBytes: Int) -> Bool {
        (1...maxBytes).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D
            }
    }

    /// 64 lowercase hex digits.
    static func isSHA256(_ text: String) -> Bool { isLowerHex(text, digits: 64) }

    /// Exactly `digits` lowercase hex digits.
    static func isLowerHex(_ text: String, digits: Int) -> Bool {
        text.utf8.count == digits && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
