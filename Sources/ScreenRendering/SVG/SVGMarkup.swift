import Formats

/// SVG text built line by line: elements with ordered attributes, escaped text, and
/// numbers with at most two decimals, so the same screen always gives the same bytes.
package struct SVGMarkup {
    /// One attribute; an array of these keeps the order they are written in.
    typealias Attribute = (name: String, value: String)

    /// The largest coordinate written; anything beyond is clamped so the file stays valid.
    static let coordinateLimit = 1_000_000.0

    /// The finished lines.
    private(set) var lines: [String] = []
    private var depth = 0

    /// `<name …>`, indenting what follows until ``close(_:)``.
    mutating func open(_ name: String, _ attributes: [Attribute] = []) {
        append("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    /// `</name>`.
    mutating func close(_ name: String) {
        depth = max(depth - 1, 0)
        append("</\(name)>")
    }

    /// A self-closing element: `<circle cx="1" …/>`.
    mutating func element(_ name: String, _ attributes: [Attribute]) {
        append("<\(name)\(Self.attributes(attributes))/>")
    }

    /// An element holding escaped text: `<text x="1">Fort Point</text>`.
    mutating func text(_ name: String, _ content: String, _ attributes: [Attribute] = []) {
        append("<\(name)\(Self.attributes(attributes))>\(Self.escape(content))</\(name)>")
    }

    /// A raw line, such as the XML declaration.
    mutating func raw(_ line: String) {
        append(line)
    }

    // MARK: - Pure helpers

    /// `value` with at most two decimals (`12.5`, `-3`); NaN is `0`, and values are
    /// clamped to ±``coordinateLimit``.
    static func number(_ value: Double) -> String {
        guard !value.isNaN else { return "0" }
        return Decimals.short(min(max(value, -coordinateLimit), coordinateLimit), 2)
    }

    /// `text` safe inside an element or a double-quoted attribute: `& < > " '` escaped;
    /// characters XML 1.0 forbids (C0 controls but tab, newline and CR; U+FFFE, U+FFFF)
    /// and those it discourages and no font draws (DEL, C1 controls U+0080–U+009F) dropped.
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v >= 0x20 && !(0x7F...0x9F).contains(v) && !(0xFFFE...0xFFFF).contains(v) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    private static func attributes(_ attributes: [Attribute]) -> String {
        attributes.map { " \($0.name)=\"\(escape($0.value))\"" }.joined()
    }

    private mutating func append(_ line: String) {
        lines.append(String(repeating: "  ", count: depth) + line)
    }
}
