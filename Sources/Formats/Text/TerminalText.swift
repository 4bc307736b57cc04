/// Content made safe to print to a terminal. Scripts and content may come from a server,
/// and a terminal acts on some characters instead of showing them: ESC starts a control
/// sequence (colors, cursor moves, window titles), CR and backspace overwrite what was
/// printed, NUL and other controls vanish, and bidi overrides reorder the rest of a line.
///
/// Each such character is shown as its code point in Swift's form, `\u{1B}`, with two to
/// four uppercase hexadecimal digits: the C0 controls U+0000–U+001F, DEL U+007F, the C1
/// controls U+0080–U+009F, and the bidi embeddings, overrides and isolates U+202A–U+202E
/// and U+2066–U+2069. A backslash is left as it is: the form is for people to see what
/// was there, not for a program to decode.
///
/// ``TextRenderer`` applies ``line(_:)`` to every word of content it lays out; everything
/// flowrun writes to standard error goes through ``writeError(_:)``.
public enum TerminalText {
    /// `text` for one line of output: a tab becomes a space, and every other character a
    /// terminal would act on, newlines included, is shown escaped (`\u{1B}`).
    /// - Parameter text: content from a script, a park or an argument.
    public static func line(_ text: some StringProtocol) -> String {
        escaped(text, keepsLineBreaks: false)
    }

    /// `text` for a message of several lines: newlines and tabs stay (tracebacks indent
    /// with tabs), every other character a terminal would act on is shown escaped.
    /// - Parameter text: the message, possibly several lines.
    public static func message(_ text: some StringProtocol) -> String {
        escaped(text, keepsLineBreaks: true)
    }

    /// Writes ``message(_:)`` of `text` to standard error with one trailing newline, whole
    /// (LuaKit's `StandardError`): how flowrun writes every message (Lua's `print` included).
    /// - Parameter text: the message, with or without its final newline.
    public static func writeError(_ text: String) {
        var line = message(text)
        if !line.hasSuffix("\n") { line += "\n" }
        StandardError.write(line)
    }

    /// Whether a terminal acts on `scalar` instead of showing it (tab and newline included).
    /// - Parameter scalar: one code point.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    // MARK: - Private helpers

    private static func escaped(_ text: some StringProtocol, keepsLineBreaks: Bool) -> String {
        // The usual case has nothing to escape: no copy.
        guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
        // Built as UTF-8 bytes: appending to a String's scalar view copies the string each
        // time (quadratic in what a script controls); one byte buffer stays linear.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepsLineBreaks, "\t" where keepsLineBreaks:
                out.append(UInt8(scalar.value))
            case "\t":
                out.append(UInt8(ascii: " "))
            case _ where isControl(scalar):
                out.append(contentsOf: "\\u{".utf8)
                let hex = String(scalar.value, radix: 16, uppercase: true)
                if hex.utf8.count == 1 { out.append(UInt8(ascii: "0")) }
                out.append(contentsOf: hex.utf8)
                out.append(UInt8(ascii: "}"))
            default:
                if let bytes = UTF8.encode(scalar) { out.append(contentsOf: bytes) }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
