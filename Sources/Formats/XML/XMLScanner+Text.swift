extension XMLScanner {
    /// Appends the current text, decoded, to `buffer`: entities and character references
    /// become their characters and line ends become `\n`. CDATA is copied verbatim.
    package func appendText(to buffer: inout [UInt8]) {
        appendDecoded(text, decoding: textNeedsDecoding, inAttribute: false, to: &buffer)
    }

    /// Appends an attribute's value, decoded and with tabs and line ends as spaces (XML's
    /// attribute-value normalization for CDATA-typed attributes), to `buffer`.
    package func appendValue(of attribute: Attribute, to buffer: inout [UInt8]) {
        appendDecoded(attribute.value, decoding: attribute.needsDecoding, inAttribute: true, to: &buffer)
    }

    // MARK: - Scanning

    /// Scans character data inside the root up to the next `<`, checking its entities.
    package mutating func scanText() throws(SyntaxError) {
        let start = index
        var cursor = index
        var needsDecoding = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "<") { break }
            // One comparison keeps the common bytes (letters, digits, '-', ':') on the fast path.
            if byte <= UInt8(ascii: "&") {
                if byte == UInt8(ascii: "&") {
                    cursor = try entityEnd(at: cursor)
                    needsDecoding = true
                    continue
                }
                if byte == 0x0D {
                    needsDecoding = true
                } else if byte < 0x20, byte != 0x09, byte != 0x0A {
                    throw controlCharacter(at: cursor)
                }
            }
            cursor += 1
        }
        advance(to: cursor)
        setText(start..<cursor, needsDecoding: needsDecoding)
    }

    /// Skips whitespace before or after the root element; anything else is an error.
    package mutating func skipTextOutsideRoot() throws(SyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] != UInt8(ascii: "<") else { return }
        let place = hasSeenRoot ? "after" : "before"
        throw SyntaxError(offset: index, message: "unexpected text '\(snippet(from: index))' \(place) the root element")
    }

    /// Scans a quoted attribute value at the cursor (on its opening quote).
    /// - Returns: The range between the quotes and whether it needs decoding.
    package mutating func scanAttributeValue(named attributeName: Range<Int>) throws(SyntaxError) -> (Range<Int>, Bool) {
        let open = index
        let quote = bytes[open]
        var cursor = open + 1
        var needsDecoding = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case quote:
                advance(to: cursor + 1)
                return ((open + 1)..<cursor, needsDecoding)
            case UInt8(ascii: "<"):
                throw SyntaxError(
                    offset: cursor,
                    message: "'<' is not allowed in the value of the attribute \(string(attributeName)) (write &lt;)")
            case UInt8(ascii: "&"):
                cursor = try entityEnd(at: cursor)
                needsDecoding = true
                continue
            case 0x09, 0x0A, 0x0D:
                needsDecoding = true
            case 0..<0x20:
                throw controlCharacter(at: cursor)
            default:
                break
            }
            cursor += 1
        }
        throw SyntaxError(offset: open, message: "unterminated value of the attribute \(string(attributeName))")
    }

    /// Checks the entity or character reference at `start` (an `&`).
    /// - Returns: The offset after its `;`.
    private func entityEnd(at start: Int) throws(SyntaxError) -> Int {
        guard let semicolon = entitySemicolon(after: start) else {
            throw SyntaxError(
                offset: start, message: "'&' must start an entity such as &amp; and end with ';' (write &amp; for '&')")
        }
        let body = (start + 1)..<semicolon
        guard decodedScalar(of: body) == nil else { return semicolon + 1 }
        let reference = "&" + string(body) + ";"
        if bytes[body.lowerBound] == UInt8(ascii: "#") {
            throw SyntaxError(offset: start, message: "character reference '\(reference)' is not a valid XML character")
        }
        throw SyntaxError(
            offset: start, message: "unknown entity '\(reference)'; XML predefines only &lt; &gt; &amp; &apos; &quot;")
    }

    /// The `;` closing the reference at `start`, if it comes after a short run of name bytes.
    private func entitySemicolon(after start: Int) -> Int? {
        var cursor = start + 1
        // The longest valid reference is `&#x0010FFFF;`; 32 leaves room for a readable message.
        let limit = min(bytes.count, start + 32)
        while cursor < limit {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ";") { return cursor > start + 1 ? cursor : nil }
            if isXMLWhitespace(byte) || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
            {
                return nil
            }
            cursor += 1
        }
        return nil
    }

    /// The character a reference's body (between `&` and `;`) stands for, if valid.
    private func decodedScalar(of body: Range<Int>) -> UInt32? {
        if Self.range(body, in: bytes, equals: "lt") { return UInt32(UInt8(ascii: "<")) }
        if Self.range(body, in: bytes, equals: "gt") { return UInt32(UInt8(ascii: ">")) }
        if Self.range(body, in: bytes, equals: "amp") { return UInt32(UInt8(ascii: "&")) }
        if Self.range(body, in: bytes, equals: "apos") { return UInt32(UInt8(ascii: "'")) }
        if Self.range(body, in: bytes, equals: "quot") { return UInt32(UInt8(ascii: "\"")) }
        guard body.count >= 2, bytes[body.lowerBound] == UInt8(ascii: "#") else { return nil }
        var digits = (body.lowerBound + 1)..<body.upperBound
        var radix: UInt32 = 10
        if bytes[digits.lowerBound] == UInt8(ascii: "x") {
            radix = 16
            digits = (digits.lowerBound + 1)..<digits.upperBound
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for offset in digits {
            guard let digit = digitValue(bytes[offset], radix: radix) else { return nil }
            value = value * radix + digit
            // Stop before UInt32 can overflow; anything this big is no character.
            if value > 0x10FFFF { return nil }
        }
        return isXMLCharacter(value) ? value : nil
    }

    // MARK: - Decoding

    private func appendDecoded(
        _ range: Range<Int>, decoding: Bool, inAttribute: Bool, to buffer: inout [UInt8]
    ) {
        let range = range.clamped(to: 0..<bytes.count)
        guard decoding else {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        var cursor = range.lowerBound
        var runStart = cursor
        while cursor < range.upperBound {
            let byte = bytes[cursor]
            var replacement: UInt32?
            var next = cursor + 1
            if byte == UInt8(ascii: "&"), let semicolon = entitySemicolon(after: cursor), semicolon < range.upperBound {
                // Validated while scanning; U+FFFD only guards against misuse.
                replacement = decodedScalar(of: (cursor + 1)..<semicolon) ?? 0xFFFD
                next = semicolon + 1
            } else if byte == 0x0D {
                replacement = inAttribute ? 0x20 : 0x0A
                if next < range.upperBound, bytes[next] == 0x0A { next += 1 }
            } else if inAttribute, byte == 0x09 || byte == 0x0A {
                replacement = 0x20
            }
            guard let replacement else {
                cursor = next
                continue
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor]))
            if let scalar = Unicode.Scalar(replacement), let encoded = UTF8.encode(scalar) {
                buffer.append(contentsOf: encoded)
            }
            cursor = next
            runStart = next
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<range.upperBound]))
    }
}

// MARK: - Pure helpers

private func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
    let value: UInt32
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt32(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): value = UInt32(byte - UInt8(ascii: "A")) + 10
    default: return nil
    }
    return value < radix ? value : nil
}

/// XML 1.0's `Char` production: tab, line feed, carriage return and the scalars from U+0020
/// except surrogates, U+FFFE and U+FFFF.
private func isXMLCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
}
