extension XMLScanner {
    /// Scans markup starting `<!` at the cursor: a comment (skipped), a CDATA section
    /// (reported as text) or a DOCTYPE (refused).
    /// - Returns: Whether a CDATA section became the current text.
    package mutating func scanDeclaration() throws(SyntaxError) -> Bool {
        let start = index
        if hasPrefix("<!--", at: start) {
            guard let end = find("-->", from: start + 4) else {
                throw SyntaxError(offset: start, message: "unterminated comment, expected '-->'")
            }
            advance(to: end + 3)
            return false
        }
        if hasPrefix("<![CDATA[", at: start) {
            guard isInsideRoot else {
                throw SyntaxError(offset: start, message: "CDATA section outside the root element")
            }
            guard let end = find("]]>", from: start + 9) else {
                throw SyntaxError(offset: start, message: "unterminated CDATA section, expected ']]>'")
            }
            setText((start + 9)..<end, needsDecoding: false)
            advance(to: end + 3)
            return true
        }
        if hasPrefix("<!DOCTYPE", at: start) {
            // A DTD could define entities and attribute defaults; GPX has none, so refusing is simpler and safe.
            throw SyntaxError(offset: start, message: "a DOCTYPE is not supported (GPX files need none)")
        }
        throw SyntaxError(
            offset: start, message: "expected '<!--' or '<![CDATA[' after '<!', got '\(snippet(from: start + 2))'")
    }

    /// Scans a processing instruction `<?target …?>` at the cursor. The one with target
    /// `xml` is the XML declaration: it must come before the root, and its encoding, when
    /// given, must be UTF-8 (or its subset ASCII).
    package mutating func scanProcessingInstruction() throws(SyntaxError) {
        let start = index
        advance(to: start + 2)
        let targetStart = index
        while index < bytes.count, !isXMLWhitespace(bytes[index]), bytes[index] != UInt8(ascii: "?") {
            advance(to: index + 1)
        }
        let target = targetStart..<index
        guard !target.isEmpty else {
            throw SyntaxError(
                offset: targetStart, message: "expected a name after '<?', got \(describe(at: targetStart))")
        }
        guard let end = find("?>", from: index) else {
            throw SyntaxError(
                offset: start, message: "unterminated processing instruction <?\(string(target)), expected '?>'")
        }
        if isXMLTarget(target) {
            guard !hasSeenRoot else {
                throw SyntaxError(offset: start, message: "the XML declaration must come before the root element")
            }
            try checkEncoding(in: index..<end)
        }
        advance(to: end + 2)
    }

    // MARK: - Private

    /// Refuses a declared encoding that is not UTF-8: the scanner reads bytes as UTF-8.
    private func checkEncoding(in declaration: Range<Int>) throws(SyntaxError) {
        guard let key = find("encoding", from: declaration.lowerBound), key < declaration.upperBound else { return }
        var cursor = key + 8
        while cursor < declaration.upperBound, isXMLWhitespace(bytes[cursor]) { cursor += 1 }
        guard cursor < declaration.upperBound, bytes[cursor] == UInt8(ascii: "=") else {
            throw SyntaxError(offset: cursor, message: "expected '=' after 'encoding' in the XML declaration")
        }
        cursor += 1
        while cursor < declaration.upperBound, isXMLWhitespace(bytes[cursor]) { cursor += 1 }
        guard cursor < declaration.upperBound,
            bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'")
        else {
            throw SyntaxError(offset: cursor, message: "expected a quoted encoding name in the XML declaration")
        }
        let quote = bytes[cursor]
        let valueStart = cursor + 1
        var valueEnd = valueStart
        while valueEnd < declaration.upperBound, bytes[valueEnd] != quote { valueEnd += 1 }
        let name = string(valueStart..<valueEnd)
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) else {
            throw SyntaxError(
                offset: valueStart, message: "encoding '\(name)' is not supported; save the file as UTF-8")
        }
    }

    private func isXMLTarget(_ target: Range<Int>) -> Bool {
        guard target.count == 3 else { return false }
        return bytes[target.lowerBound] | 0x20 == UInt8(ascii: "x")
            && bytes[target.lowerBound + 1] | 0x20 == UInt8(ascii: "m")
            && bytes[target.lowerBound + 2] | 0x20 == UInt8(ascii: "l")
    }

    private func hasPrefix(_ prefix: StaticString, at offset: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        return Self.range(offset..<(offset + length), in: bytes, equals: prefix)
    }

    /// The offset of the first occurrence of `pattern` at or after `start`.
    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        let length = pattern.utf8CodeUnitCount
        guard length > 0 else { return start }
        let first = pattern.utf8Start[0]
        var cursor = start
        while cursor + length <= bytes.count {
            if bytes[cursor] == first, Self.range(cursor..<(cursor + length), in: bytes, equals: pattern) {
                return cursor
            }
            cursor += 1
        }
        return nil
    }
}
