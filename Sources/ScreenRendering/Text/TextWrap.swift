import Formats
/// Word wrapping and column arithmetic for ``TextRenderer``.
enum TextWrap {
    /// `text` broken into lines of at most `width` columns at spaces. Newlines in
    /// `text` start new lines; a word longer than `width` gets a line of its own.
    static func lines(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            lines(words: paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }), width: width)
        }
    }

    /// `words` joined by single spaces into lines of at most `width` columns; a word
    /// is never broken, so one longer than `width` gets a line of its own. Each word is
    /// made safe for a terminal first (``TerminalText/line(_:)``: `\u{1B}` for ESC).
    static func lines(words: [some StringProtocol], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in words {
            let word = TerminalText.line(word)
            let wordWidth = columns(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        lines.append(line)
        return lines
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

    /// Terminal columns `text` takes: 2 for wide East Asian characters and emoji, 1 otherwise.
    static func columns(_ text: some StringProtocol) -> Int {
        text.reduce(0) { total, character in
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
