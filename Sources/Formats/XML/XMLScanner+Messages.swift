/// How the scanner shows input in its messages.
extension XMLScanner {
    /// The bytes of `range` as a string, for messages.
    package func string(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped]), as: UTF8.self)
    }

    /// `line:column` of an offset, for messages that point somewhere else.
    package func position(of offset: Int) -> String {
        let (line, column) = LineCounter.lineAndColumn(of: offset, in: bytes)
        return "\(line):\(column)"
    }

    /// The byte at `offset` as a message shows it: `'x'`, `U+0009` or `end of file`.
    package func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F { return "U+" + hex(UInt32(byte)) }
        if byte < 0x80 { return "'\(String(UnicodeScalar(byte)))'" }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + length, bytes.count)]).makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(String(scalar))'" }
        return "byte 0x" + hex(UInt32(byte), digits: 2)
    }

    /// The error for a control character XML does not allow (all below U+0020 but tab and line ends).
    package func controlCharacter(at offset: Int) -> SyntaxError {
        SyntaxError(offset: offset, message: "control character \(describe(at: offset)) is not allowed in XML")
    }

    /// Up to 20 characters of text from `start`, stopping at a line end or `<`.
    package func snippet(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 20,
            bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != UInt8(ascii: "<")
        {
            end += 1
        }
        // Do not cut a multi-byte character in half.
        while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return string(start..<end)
    }
}

// MARK: - Pure helpers

private func hex(_ value: UInt32, digits: Int = 4) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
