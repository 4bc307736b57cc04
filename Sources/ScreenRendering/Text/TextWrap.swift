import Formats
/// Word wrapping and column arithmetic for ``TextRenderer``.
enum TextWrap {
    /// `text` broken into lines of at most `width` columns at spaces. Newlines in
    /// `text` start new lines; a word longer than `width` gets a line of its own.
    ///
    /// Linear in `text`, whatever it holds: words are found in its UTF-8 bytes (newline,
    /// space and tab are ASCII, so every cut falls between scalars) and laid out as found,
    /// never collected first; a word of printable ASCII (most of them) is copied as bytes,
    /// one column each, and only the others go through escaping and grapheme counting.
    static func lines(_ text: String, width: Int) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var layout = Layout(width: width)
            var word = 0, plain = true
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else {
                    plain = plain && Layout.isPlain(byte)
                    continue
                }
                if word < index {
                    let piece = UnsafeBufferPointer(rebasing: bytes[word..<index])
                    if plain {
                        layout.add(plainBytes: piece, into: &lines)
                    } else {
                        layout.add(String(decoding: piece, as: UTF8.self), into: &lines)
                    }
                }
                if byte == UInt8(ascii: "\n") && index < bytes.count { layout.finish(into: &lines) }
                word = index + 1
                plain = true
            }
            layout.finish(into: &lines)
            return lines
        }
    }

    /// `words` joined by single spaces into lines of at most `width` columns; a word
    /// is never broken, so one longer than `width` gets a line of its own. Each word is
    /// made safe for a terminal first (``TerminalText/line(_:)``: `\u{1B}` for ESC).
    static func lines(words: some Sequence<some StringProtocol>, width: Int) -> [String] {
        var lines: [String] = []
        var layout = Layout(width: width)
        for word in words { layout.add(String(word), into: &lines) }
        layout.finish(into: &lines)
        return lines
    }

    /// The line being filled, as UTF-8: words join it while they fit.
    private struct Layout {
        let width: Int
        var line: [UInt8] = []
        var lineWidth = 0

        init(width: Int) { self.width = width }

        /// Adds a word of printable ASCII: its bytes as they are, one column each.
        mutating func add(plainBytes word: UnsafeBufferPointer<UInt8>, into lines: inout [String]) {
            makeRoom(for: word.count, into: &lines)
            line.append(contentsOf: word)
            lineWidth += word.count
        }

        /// Adds any word: made safe for a terminal, counted in terminal columns.
        mutating func add(_ word: String, into lines: inout [String]) {
            var word = word
            let isPlain = word.withUTF8 { bytes in
                guard bytes.allSatisfy(Self.isPlain) else { return false }
                add(plainBytes: bytes, into: &lines)
                return true
            }
            if !isPlain { add(escaping: word, into: &lines) }
        }

        /// Printable ASCII: as it is on a terminal, one column.
        static func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

        private mutating func add(escaping word: String, into lines: inout [String]) {
            let shown = TerminalText.line(word)
            let wordWidth = columns(shown)
            makeRoom(for: wordWidth, into: &lines)
            line.append(contentsOf: shown.utf8)
            lineWidth += wordWidth
        }

        /// Ends the line when a word of `wordWidth` columns would not fit; else adds the
        /// space before it (a line's first word has none).
        private mutating func makeRoom(for wordWidth: Int, into lines: inout [String]) {
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width { finish(into: &lines) }
            if lineWidth > 0 {
                line.append(UInt8(ascii: " "))
                lineWidth += 1
            }
        }

        /// Ends the line being filled (empty or not): a paragraph's end.
        mutating func finish(into lines: inout [String]) {
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
        }
    }

    /// `text` wrapped to `width` with `first` before the first line and `rest` before
    /// the others; the prefixes count towards the width.
    static func hanging(_ text: String, width: Int, first: String, rest: String) -> [String] {
        prefixed(lines(text, width: width - max(columns(first), columns(rest))), first: first, rest: rest)
    }

    /// `lines` with `first` before the first and `rest` before the others.
    static func prefixed(_ lines: [String], first: String, rest: String) -> [String] {
        lines.enumerated().map { index, line in
            let prefix = index == 0 ? first : rest
            // Keep blank lines free of trailing spaces.
            return line.isEmpty ? String(prefix.reversed().drop(while: { $0 == " " }).reversed()) : prefix + line
        }
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        String(decoding: [UInt8](repeating: UInt8(ascii: " "), count: max(count, 0)), as: UTF8.self)
    }

    /// Terminal columns `text` takes: 2 for wide East Asian characters and emoji, 1 otherwise.
    static func columns(_ text: some StringProtocol) -> Int {
        // Printable ASCII, most text, is a column a byte without grapheme breaking.
        if text.utf8.allSatisfy(Layout.isPlain) { return text.utf8.count }
        return text.reduce(0) { total, character in
            guard let scalar = character.unicodeScalars.first?.value else { return total }
            return total + (isWide(scalar) ? 2 : 1)
        }
    }

    /// `value` with two decimals ("0.50"), or as Swift prints it when it is not a small finite number.
    static func twoDecimals(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e9 else { return "\(value)" }
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 && hundredths != 0 ? "-" : ""
        let fraction = hundredths % 100
        return "\(sign)\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func isWide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
