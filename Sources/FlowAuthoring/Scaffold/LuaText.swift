import Formats

/// Text written into generated Lua files (`flowrun new`).
enum LuaText {
    /// `text` as a double-quoted Lua string literal: the backslash and the quote escaped,
    /// control characters (data may hold them) as `\u{..}`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where scalar.properties.generalCategory == .control:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// What keeps `text` from being one line of a generated file (it lands in a comment as
    /// well as a string), or nil.
    static func oneLineProblem(_ text: String) -> String? {
        if text.isBlank { return "must not be empty" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "must be one line of text without control characters"
        }
        return nil
    }

    /// A coordinate as park.lua writes it: five decimals, about a metre.
    static func degrees(_ value: Double) -> String { Decimals.fixed(value, 5) }
}
