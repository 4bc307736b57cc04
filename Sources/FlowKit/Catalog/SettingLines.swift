import LuaKit

/// Where a configuration file (park.lua, defaults.lua) writes each setting, read from its
/// source without running it, so a setting's error can point at its line. Paths are the
/// ones ``SettingReader`` reports (`home.sections[2]`, `sites.names.nps-poi:goga:0068`):
/// the fields of the table the file returns (`return { ... }`, or `local park = { ... }`
/// and later `park.home.sections = { ... }`), list items by their position as written.
/// A value a file computes has the line of the nearest setting around it that is written.
package struct SettingLines {
    private var lines: [String: Int] = [:]
    private let tokens: [LuaTokens.Token]
    private var p = 0

    /// Reads `source`; a file that does not parse gives what it wrote before the mistake.
    package init(source: String) {
        tokens = LuaTokens(source).tokens
        readStatements()
    }

    /// The line of the setting at `path`, or of the nearest setting around it the file
    /// writes, and how many steps of `path` that one has (0: none is written here).
    package func line(of path: String) -> (line: Int, depth: Int)? {
        let prefixes = Self.prefixes(of: path)
        for depth in stride(from: prefixes.count, through: 1, by: -1) {
            if let line = lines[prefixes[depth - 1]] { return (line, depth) }
        }
        return nil
    }

    /// `a`, `a.b`, `a.b[2]`, `a.b[2].c` for `a.b[2].c`.
    static func prefixes(of path: String) -> [String] {
        var out: [String] = []
        var index = path.startIndex
        while index < path.endIndex {
            let next = path[path.index(after: index)...].firstIndex { $0 == "." || $0 == "[" } ?? path.endIndex
            out.append(String(path[..<next]))
            index = next
        }
        return out
    }

    // MARK: Reading

    private func token(_ offset: Int = 0) -> LuaTokens.Token? { p + offset < tokens.count ? tokens[p + offset] : nil }
    private func isSymbol(_ text: String, _ offset: Int = 0) -> Bool { token(offset).map { $0.kind == .symbol && $0.text == text } ?? false }

    /// Statements: `return { ... }` and assignments to a name's fields are settings; the
    /// rest is stepped over.
    private mutating func readStatements() {
        while let t = token() {
            if t.kind == .name, t.text == "return", isSymbol("{", 1) {
                p += 1
                readTable(at: "")
            } else if t.kind == .name, !Self.keywords.contains(t.text ?? ""), let (target, after) = assignmentTarget() {
                p = after + 1  // past `=`
                if isSymbol("{") {
                    readTable(at: target)
                } else if !target.isEmpty {
                    lines[target] = t.line
                }
            } else {
                p += 1
            }
        }
    }

    /// `name.a.b[2] =` from here: the path after the root name and the `=`'s index.
    private func assignmentTarget() -> (String, Int)? {
        var q = p + 1
        var path = ""
        while q < tokens.count {
            let t = tokens[q]
            if t.kind == .symbol, t.text == "=" { return (path, q) }
            if t.kind == .symbol, t.text == ".", q + 1 < tokens.count, tokens[q + 1].kind == .name, let name = tokens[q + 1].text {
                path = Self.join(path, field: name)
                q += 2
            } else if t.kind == .symbol, t.text == "[", q + 2 < tokens.count, tokens[q + 2].kind == .symbol, tokens[q + 2].text == "]",
                let key = Self.key(tokens[q + 1])
            {
                path += key.hasPrefix("[") || path.isEmpty ? key : ".\(key)"
                q += 3
            } else {
                return nil
            }
        }
        return nil
    }

    /// A table constructor at `{`, its fields under `path`.
    private mutating func readTable(at path: String) {
        p += 1
        var position = 0
        while let t = token() {
            if isSymbol("}") { p += 1; return }
            if isSymbol(",") || isSymbol(";") { p += 1; continue }
            var child: String?
            if t.kind == .name, let name = t.text, isSymbol("=", 1) {
                child = Self.join(path, field: name)
                p += 2
            } else if isSymbol("[") {
                let key = isSymbol("]", 2) ? token(1).flatMap(Self.key) : nil
                skipBalanced()
                if isSymbol("=") { p += 1 }
                child = key.map { $0.hasPrefix("[") || path.isEmpty ? path + $0 : "\(path).\($0)" }
            } else {
                position += 1
                child = "\(path)[\(position)]"
            }
            if let child, lines[child] == nil { lines[child] = t.line }
            readValue(at: child)
        }
    }

    /// An expression up to the `,`, `;` or `}` that ends a field; a table constructor in it
    /// (`x or { ... }`) is read at `path`.
    private mutating func readValue(at path: String?) {
        var depth = 0
        while let t = token() {
            if depth == 0, isSymbol(",") || isSymbol(";") || isSymbol("}") { return }
            if depth == 0, isSymbol("{"), let path {
                readTable(at: path)
                continue
            }
            if t.kind == .symbol, let s = t.text {
                if s == "(" || s == "[" || s == "{" { depth += 1 }
                if s == ")" || s == "]" || s == "}" { depth = max(0, depth - 1) }
            } else if t.kind == .name, let s = t.text {
                if Self.blockOpeners.contains(s) { depth += 1 }
                if s == "end" || s == "until" { depth = max(0, depth - 1) }
            }
            p += 1
        }
    }

    /// Past a bracketed key `[ ... ]`.
    private mutating func skipBalanced() {
        var depth = 0
        while let t = token() {
            p += 1
            if t.kind == .symbol, t.text == "[" { depth += 1 }
            if t.kind == .symbol, t.text == "]" { depth -= 1; if depth == 0 { return } }
        }
    }

    /// A key as a path step: a plain string's text, an integer's `[n]`.
    private static func key(_ t: LuaTokens.Token) -> String? {
        switch t.kind {
        case .string: return t.text.map { Int($0).map { "[\($0)]" } ?? $0 }
        case .number: return t.text.flatMap(Int.init).map { "[\($0)]" }
        default: return nil
        }
    }

    private static func join(_ path: String, field: String) -> String {
        path.isEmpty ? field : "\(path).\(field)"
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    private static let blockOpeners: Set<String> = ["function", "if", "do", "repeat"]
}
