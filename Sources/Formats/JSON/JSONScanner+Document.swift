extension JSONScanner {
    /// Parses a whole file: skips a UTF-8 byte-order mark and reports syntax errors with
    /// the file's display path, line and column.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The display path used in errors (`parks/GOGA/sites.geojson`).
    /// - Throws: ``FormatError`` of kind ``FormatError/Kind/malformedJSON``: `file is empty`, or
    ///   the syntax problem at `file:line:column`.
    package static func document(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(FormatError) -> JSONValue {
        let start = hasByteOrderMark(bytes) ? 3 : 0
        var scanner = JSONScanner(bytes, from: start)
        scanner.skipWhitespace()
        guard scanner.index < bytes.count else {
            throw FormatError(.malformedJSON, "file is empty").inFile(file)
        }
        do {
            return try scanner.parseDocument()
        } catch {
            var located = FormatError(.malformedJSON, "malformed JSON: \(error.message)").inFile(file)
            (located.line, located.column) = lineAndColumn(of: error.offset, in: bytes)
            throw located
        }
    }

    /// The 1-based line and column (counting Unicode scalars, not bytes) of a byte offset.
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        LineCounter.lineAndColumn(of: offset, in: bytes)
    }

    /// The byte at `offset` as a message shows it: `'x'`, `'“'`, `U+0009` or `end of file`.
    package func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F {
            return "U+" + hex(UInt32(byte))
        }
        return "'\(describeRaw(at: offset))'"
    }

    /// The character at `offset` without quotes; a broken UTF-8 byte shows as `\xFF`.
    package func describeRaw(at offset: Int) -> String {
        guard offset < bytes.count else { return "" }
        let byte = bytes[offset]
        if byte < 0x80 { return String(UnicodeScalar(byte)) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        let end = min(offset + length, bytes.count)
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return String(scalar) }
        return "\\x" + hex(UInt32(byte), digits: 2)
    }
}

// MARK: - Pure helpers

private func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
}

private func hex(_ value: UInt32, digits: Int = 4) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
