extension JSONValue: CustomStringConvertible {
    /// Compact JSON text with sorted object keys: `{"a":[1,2.5,"x"]}`.
    public var description: String {
        var text = ""
        write(to: &text, limit: .max)
        return text
    }

    /// Compact JSON text cut to about `limit` characters with `…`, for quoting input in messages.
    package func snippet(limit: Int = 60) -> String {
        var text = ""
        write(to: &text, limit: limit)
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// Appends the JSON text, stopping early once `text` is longer than `limit`.
    private func write(to text: inout String, limit: Int) {
        guard text.utf8.count <= limit else { return }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += NumberText.message(value)
        case .string(let value): Self.writeQuoted(value, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text, limit: limit)
                if text.utf8.count > limit { return }
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                Self.writeQuoted(key, to: &text)
                text += ":"
                members[key]?.write(to: &text, limit: limit)
                if text.utf8.count > limit { return }
            }
            text += "}"
        }
    }

    private static func writeQuoted(_ string: String, to text: inout String) {
        text += quoted(string)
    }

    /// `string` as a JSON string literal: quotes, backslashes and control characters escaped
    /// (`"a\"b"`), every other character as it is.
    public static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// Parses one JSON value from text (what ``description`` writes, or any JSON).
    /// - Parameter text: the JSON text.
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/malformedJSON`` saying what and where
    ///   (`malformed JSON at byte 3: ...`).
    public static func parse(_ text: String) throws(FormatError) -> JSONValue {
        var text = text
        let parsed = text.withUTF8 { bytes -> Result<JSONValue, JSONScanner.SyntaxError> in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            return Result { () throws(JSONScanner.SyntaxError) in try scanner.parseDocument() }
        }
        switch parsed {
        case .success(let value): return value
        case .failure(let error): throw FormatError(.malformedJSON, "malformed JSON at byte \(error.offset + 1): \(error.message)")
        }
    }
}
