import LuaKit

/// Where in a flow's source a bad screen value was written, where that can be known: the
/// value at an issue's path is a string or integer that appears as a literal on exactly one
/// line of the flow's files (`flow = "map"`). Computed values, tables and literals written
/// more than once get no line, rather than a wrong one.
struct ScreenSourceLines {
    /// The flow's files, newest registration first, with their text.
    let files: [(path: String, text: String)]

    /// `file:line` of the value at `path` (`sections[3].action.flow`) in `screen`, or nil.
    func location(of path: String, in screen: LuaValue) -> String? {
        guard let value = Self.value(at: path, in: screen), let literals = Self.literals(value) else { return nil }
        let key = Self.lastKey(of: path)
        // A `key = literal` line first; the literal alone when the key is implicit (a list item).
        let tests: [(Substring) -> Bool] = [
            key.map { key in { line in literals.contains { Self.assigns(line, key: key, literal: $0) } } },
            { line in literals.contains { Self.contains(line, literal: $0) } },
        ].compactMap { $0 }
        for test in tests {
            var found: [String] = []
            for file in files {
                for (n, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("--") && test(line) {
                    found.append("\(file.path):\(n + 1)")
                }
            }
            if found.count == 1 { return found[0] }
            if found.count > 1 { return nil }
        }
        return nil
    }

    /// Whether `line` has `key = literal` (any spaces around `=`), `key` a whole name.
    static func assigns(_ line: Substring, key: String, literal: String) -> Bool {
        var rest = line[...]
        while let range = rest.firstRange(of: key) {
            let before = rest[..<range.lowerBound].last
            let wholeName = before.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
            let after = rest[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" })
            if wholeName, after.hasPrefix("=") {
                let value = after.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
                if value.hasPrefix(literal), Self.endsToken(value.dropFirst(literal.count), literal: literal) { return true }
            }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// Whether `line` holds `literal` as a token (an integer not part of a longer number).
    static func contains(_ line: Substring, literal: String) -> Bool {
        var rest = line[...]
        while let range = rest.firstRange(of: literal) {
            let before = rest[..<range.lowerBound].last
            let startsToken = literal.first == "\"" || literal.first == "'" || !(before.map { $0.isNumber || $0 == "." } ?? false)
            if startsToken, Self.endsToken(rest[range.upperBound...], literal: literal) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// A quoted literal ends itself; a number must not run on into more digits.
    private static func endsToken(_ after: Substring, literal: String) -> Bool {
        guard let first = literal.first, first != "\"", first != "'" else { return true }
        return !(after.first.map { $0.isNumber || $0 == "." } ?? false)
    }

    /// The value at a path of `name`, `.name`, `[n]` steps; list positions count from 1 over
    /// the items present, as the decoder reads a list with holes.
    static func value(at path: String, in root: LuaValue) -> LuaValue? {
        var current = root
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            guard case .table(let table) = current else { return nil }
            if rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]"), let n = Int(rest[rest.index(after: rest.startIndex)..<close]), n >= 1 else { return nil }
                let items = table.entries.compactMap { key, value -> (Int64, LuaValue)? in
                    if case .integer(let i) = key { return (i, value) } else { return nil }
                }.sorted { $0.0 < $1.0 }
                guard n <= items.count else { return nil }
                current = items[n - 1].1
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                current = table[String(rest[..<end])]
                rest = rest[end...]
            }
        }
        return current
    }

    /// The field name a path ends with (`flow` of `sections[3].action.flow`); nil for a list item.
    static func lastKey(of path: String) -> String? {
        guard !path.hasSuffix("]") else { return nil }
        let name = path.split { $0 == "." || $0 == "]" }.last.map(String.init)
        return name.flatMap { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? $0 : nil }
    }

    /// The ways the value can be written as a Lua literal: a short string in either quotes,
    /// or an integer; nil for anything else.
    static func literals(_ value: LuaValue) -> [String]? {
        switch value {
        case .string(let s) where !s.isEmpty && s.count <= 200 && !s.contains(where: { "\"'\\\n".contains($0) }):
            return ["\"\(s)\"", "'\(s)'"]
        case .integer(let i):
            return ["\(i)"]
        default:
            return nil
        }
    }
}
