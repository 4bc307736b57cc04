/// The tokens of Lua 5.4 source, each with its line, for tools that read a file's shape
/// without running it (where a configuration file wrote each field). Comments and
/// whitespace are skipped; strings keep their text only when they are plain (no escapes),
/// which is all a field name or key needs. Source Lua would refuse still tokenizes: the
/// reader is for locating, and the file's own load reports its syntax errors.
package struct LuaTokens {
    /// One token.
    package struct Token: Equatable {
        package enum Kind: Equatable {
            /// A name or keyword (`local`, `park`).
            case name
            /// A string literal; `text` is its contents when it has no escapes, else nil.
            case string
            /// A numeral; `text` is as written.
            case number
            /// Punctuation, one to three characters (`{`, `==`, `...`).
            case symbol
        }
        package var kind: Kind
        /// What it says: a name, a plain string's contents, a numeral, a symbol.
        package var text: String?
        /// Its first line, from 1.
        package var line: Int
    }

    /// The tokens, in order.
    package private(set) var tokens: [Token] = []

    /// Tokenizes `source`.
    package init(_ source: String) {
        let bytes = Array(source.utf8)
        var i = 0, line = 1
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        func text(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
        // `[[`, `[==[`: the number of `=`, or nil when `[` opens no long bracket.
        func longOpen(_ k: Int) -> Int? {
            guard at(k) == UInt8(ascii: "[") else { return nil }
            var n = 0
            while at(k + 1 + n) == UInt8(ascii: "=") { n += 1 }
            return at(k + 1 + n) == UInt8(ascii: "[") ? n : nil
        }
        // Skips a long bracket of level `n` opening at `k`; returns its contents' range.
        func skipLong(_ k: Int, _ n: Int) -> Range<Int> {
            var j = k + n + 2
            let start = j
            while j < bytes.count {
                if bytes[j] == UInt8(ascii: "]") {
                    var m = 0
                    while at(j + 1 + m) == UInt8(ascii: "=") { m += 1 }
                    if m == n, at(j + 1 + m) == UInt8(ascii: "]") {
                        i = j + n + 2
                        return start..<j
                    }
                }
                if bytes[j] == 10 { line += 1 }
                j += 1
            }
            i = bytes.count
            return start..<bytes.count
        }
        while i < bytes.count {
            let c = bytes[i]
            if c == 10 { line += 1; i += 1; continue }
            if c == 32 || c == 9 || c == 13 || c == 11 || c == 12 { i += 1; continue }
            if c == UInt8(ascii: "-"), at(i + 1) == UInt8(ascii: "-") {
                if let n = longOpen(i + 2) {
                    i += 2
                    _ = skipLong(i, n)
                } else {
                    while i < bytes.count, bytes[i] != 10 { i += 1 }
                }
                continue
            }
            let startLine = line
            if let n = longOpen(i) {
                let range = skipLong(i, n)
                // A long string drops a newline right after its opening bracket.
                var from = range.lowerBound
                if at(from) == 13 || at(from) == 10 { from += 1 }
                tokens.append(Token(kind: .string, text: text(from, max(from, range.upperBound)), line: startLine))
                continue
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                var j = i + 1, plain = true
                while j < bytes.count, bytes[j] != c, bytes[j] != 10 {
                    if bytes[j] == UInt8(ascii: "\\") {
                        plain = false
                        if at(j + 1) == 10 { line += 1 }
                        j += 1
                    }
                    j += 1
                }
                tokens.append(Token(kind: .string, text: plain ? text(i + 1, min(j, bytes.count)) : nil, line: startLine))
                i = min(j + 1, bytes.count)
                continue
            }
            if Self.isNameStart(c) {
                var j = i + 1
                while j < bytes.count, Self.isNameStart(bytes[j]) || Self.isDigit(bytes[j]) { j += 1 }
                tokens.append(Token(kind: .name, text: text(i, j), line: line))
                i = j
                continue
            }
            if Self.isDigit(c) || (c == UInt8(ascii: ".") && Self.isDigit(at(i + 1))) {
                var j = i + 1
                while j < bytes.count {
                    let d = bytes[j]
                    let exponentSign =
                        (d == UInt8(ascii: "+") || d == UInt8(ascii: "-"))
                        && [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[j - 1])
                    guard Self.isDigit(d) || Self.isNameStart(d) || d == UInt8(ascii: ".") || exponentSign else { break }
                    j += 1
                }
                tokens.append(Token(kind: .number, text: text(i, j), line: line))
                i = j
                continue
            }
            var length = 1
            for symbol in Self.longSymbols where bytes[i...].starts(with: symbol.utf8) {
                length = symbol.utf8.count
                break
            }
            tokens.append(Token(kind: .symbol, text: text(i, i + length), line: line))
            i += length
        }
    }

    /// Symbols of more than one character, longest first.
    private static let longSymbols = ["...", "==", "~=", "<=", ">=", "//", "::", "<<", ">>", ".."]

    private static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95 || c >= 128
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
}
