/// A strict JSON (RFC 8259) parser over UTF-8 bytes that builds ``JSONValue`` trees.
///
/// Written for the CLI's cold start: one pass, no Foundation, a fast path for plain
/// strings and short decimal numbers. It never traps: nesting is capped at ``maxDepth``
/// so hostile input cannot overflow the stack, and every problem is a ``SyntaxError``
/// carrying its byte offset (``document(_:file:)`` turns that into line and column).
package struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted; GeoJSON needs about 7.
    package static let maxDepth = 128

    /// A syntax error at a byte offset of the input.
    package struct SyntaxError: Error {
        package var offset: Int
        package var message: String
        /// For a key given twice (``refusesDuplicateKeys``): where, as a field path from the
        /// document's root (`files[2].path`, list positions from 1); nil for other errors.
        package var field: String?
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    /// Objects and arrays open at the cursor; SiteStream opens the outer ones itself.
    package var depth = 0
    /// Refuse an object that gives a key twice, rather than keep the last value: for a file
    /// that is signed or otherwise trusted as a whole (a bundle's manifest), where two readers
    /// must not see two different values. Off by default: other readers pay nothing for it.
    package var refusesDuplicateKeys = false
    /// The members of the objects being read, innermost last, and the elements of the
    /// arrays: one buffer each for the whole document instead of one growing array per
    /// object or array (a park's sites are about 1,300 small objects).
    private var openMembers: [(String, JSONValue)] = []
    /// Where each of ``openMembers``' keys starts, kept only while ``refusesDuplicateKeys``.
    private var openKeyOffsets: [Int] = []
    private var openElements: [JSONValue] = []

    package init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Parses one value and checks that only whitespace follows it.
    package mutating func parseDocument() throws(SyntaxError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else {
            throw SyntaxError(offset: index, message: "unexpected \(describe(at: index)) after the JSON value")
        }
        return value
    }

    // MARK: - Values

    package mutating func parseValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else {
            throw SyntaxError(offset: index, message: "unexpected end of file, expected a value")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        default:
            throw SyntaxError(offset: index, message: "expected a value, got \(describe(at: index))")
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter()
        // Pairs first, then one dictionary of the right size: no rehashing as it grows.
        let first = openMembers.count
        defer {
            openMembers.removeSubrange(first...)
            if refusesDuplicateKeys { openKeyOffsets.removeSubrange(first...) }
        }
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw SyntaxError(offset: index, message: "expected a string key, got \(describe(at: index))")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw SyntaxError(offset: index, message: "expected ':' after an object key, got \(describe(at: index))")
            }
            index += 1
            let value: JSONValue
            do { value = try parseValue() } catch { throw error.inside(key: key) }
            openMembers.append((key, value))
            if refusesDuplicateKeys { openKeyOffsets.append(keyOffset) }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                var members = [String: JSONValue](minimumCapacity: openMembers.count - first)
                if refusesDuplicateKeys {
                    for (position, (key, value)) in openMembers[first...].enumerated() where members.updateValue(value, forKey: key) != nil {
                        throw SyntaxError(
                            offset: openKeyOffsets[first + position], message: "the key \(Excerpt.quoted(key)) is given twice in one object", field: key)
                    }
                } else {
                    for (key, value) in openMembers[first...] { members[key] = value }  // a repeated key: the last wins
                }
                return .object(members)
            default:
                throw SyntaxError(
                    offset: index, message: "expected ',' or '}' after an object member, got \(describe(at: index))")
            }
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter()
        let first = openElements.count
        defer { openElements.removeSubrange(first...) }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        while true {
            let element: JSONValue
            do { element = try parseValue() } catch { throw error.inside(index: openElements.count - first) }
            openElements.append(element)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(Array(openElements[first...]))
            default:
                throw SyntaxError(
                    offset: index, message: "expected ',' or ']' after an array element, got \(describe(at: index))")
            }
        }
    }

    /// Steps over `{` or `[` and counts one level of nesting.
    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw SyntaxError(offset: index, message: "nesting deeper than \(Self.maxDepth) levels")
        }
        index += 1
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let length = word.utf8CodeUnitCount
        let matches =
            index + length <= bytes.count
            && (0..<length).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
        guard matches else {
            var end = index
            while end < bytes.count, end - index < 20, isLetter(bytes[end]) { end += 1 }
            let token = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<max(end, index + 1)]), as: UTF8.self)
            throw SyntaxError(offset: index, message: "invalid literal \(Excerpt.quoted(token)), expected true, false or null")
        }
        index += length
        return value
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote.
    package mutating func parseString() throws(SyntaxError) -> String {
        let quote = index
        var cursor = index + 1
        // Fast path: most strings hold no escapes and convert straight from the input bytes.
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<cursor]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(at: cursor) }
            cursor += 1
        }
        guard cursor < bytes.count else {
            throw SyntaxError(offset: quote, message: "unterminated string")
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<cursor]))
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\""):
                index = cursor + 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                cursor = try appendEscape(at: cursor, to: &utf8)
            case 0..<0x20:
                throw controlCharacter(at: cursor)
            default:
                utf8.append(byte)
                cursor += 1
            }
        }
        throw SyntaxError(offset: quote, message: "unterminated string")
    }

    /// Decodes the escape at `start` (a backslash) into `utf8`; returns the offset after it.
    private func appendEscape(at start: Int, to utf8: inout [UInt8]) throws(SyntaxError) -> Int {
        guard start + 1 < bytes.count else {
            throw SyntaxError(offset: start, message: "unterminated string")
        }
        let simple: UInt8?
        switch bytes[start + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw SyntaxError(offset: start, message: "invalid escape '\\\(describeRaw(at: start + 1))' in string")
        }
        if let simple {
            utf8.append(simple)
            return start + 2
        }
        var scalar = try hex4(at: start + 2)
        var end = start + 6
        if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low one; together they make one scalar.
            let unpaired = SyntaxError(offset: start, message: "unpaired surrogate in \\u escape")
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                throw unpaired
            }
            let low = try hex4(at: end + 2)
            guard (0xDC00..<0xE000).contains(low) else { throw unpaired }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw SyntaxError(offset: start, message: "unpaired surrogate in \\u escape")
        }
        if let unicode = Unicode.Scalar(scalar) {
            utf8.append(contentsOf: UTF8.encode(unicode) ?? UTF8.EncodedScalar())
        }
        return end
    }

    private func hex4(at start: Int) throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in start..<(start + 4) {
            guard offset < bytes.count, let digit = hexDigit(bytes[offset]) else {
                throw SyntaxError(offset: start - 2, message: "invalid \\u escape, expected 4 hexadecimal digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    private func controlCharacter(at offset: Int) -> SyntaxError {
        SyntaxError(offset: offset, message: "unescaped control character \(describe(at: offset)) in string")
    }

    // MARK: - Bytes

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    package func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }
}

// MARK: - Pure helpers

private func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
}

private func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

extension JSONScanner.SyntaxError {
    /// The error as seen from the object holding it under `key`: a duplicate key's path grows.
    fileprivate func inside(key: String) -> Self {
        guard let field else { return self }
        var copy = self
        copy.field = field.hasPrefix("[") ? key + field : key + "." + field
        return copy
    }

    /// The error as seen from the array holding it at `index` (from 0; paths count from 1).
    fileprivate func inside(index: Int) -> Self {
        guard let field else { return self }
        var copy = self
        copy.field = field.hasPrefix("[") ? "[\(index + 1)]" + field : "[\(index + 1)]." + field
        return copy
    }
}
