/// Numbers and quotes in the text forms GeoKit parses: command-line values (`--at`,
/// `--bbox`, `--size`) and the same values written as text by a flow or a setting.
public enum NumberText {
    /// A plain decimal number such as `-122.4750`, `12` or `1e3`, with spaces or tabs around
    /// it; nil for anything else, including the words Swift's parser also accepts (`nan`,
    /// `inf`) and hexadecimal, so only decimal text passes.
    /// - Parameter text: The text to read.
    public static func decimal(_ text: some StringProtocol) -> Double? {
        let trimmed = trimmed(Substring(text))
        guard !trimmed.isEmpty,
            trimmed.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) })
        else { return nil }
        return Double(trimmed)
    }

    /// A number as every message shows it: integers without `.0` (`14`), others in Swift's
    /// shortest form (`37.8`), and `nan`, `inf`, `-inf`. The one formatter behind GeoKit's,
    /// the cluster index's and the screen validator's messages.
    public static func message(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// Scalars a message quotes in full; longer text shows this many, then `…` and its length.
    package static let shownLength = 60

    /// `text` in single quotes for a message, cut after ``shownLength`` scalars:
    /// `'1e3x844'`, `'xxxx…' (61,440 characters)`.
    package static func quoted(_ text: some StringProtocol) -> String {
        guard text.utf8.count > shownLength, text.unicodeScalars.count > shownLength else { return "'\(text)'" }
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.prefix(shownLength)))
        return "'\(shown)…' (\(text.unicodeScalars.count) characters)"
    }

    /// The text without leading and trailing spaces and tabs.
    package static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}
