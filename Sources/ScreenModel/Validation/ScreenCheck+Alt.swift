import Formats

/// A picture's text alternative (`alt`), what a screen reader says in its place. The
/// field is required by the contract; `""` says, on purpose, that the picture only
/// decorates (screen readers skip it). What is refused is text that reads as if it said
/// something but does not: blanks, and the picture's own file name.
extension ScreenCheck {
    /// The longest alt a screen reader reads comfortably in one go; more belongs in a text.
    static let longestAlt = 300

    /// Checks `alt` of the picture at `url`.
    mutating func checkAlt(_ alt: String, url: String, at path: @autoclosure () -> String) {
        if alt.isEmpty { return }
        if alt.allSatisfy(\.isWhitespace) {
            report(path(), "is blank: say what the picture shows, or write \"\" for a picture that only decorates")
        } else if Self.isFileName(alt, of: url) {
            report(path(), "\(Excerpt.quoted(alt)) is the picture's file name: say what the picture shows")
        } else if alt.count > Self.longestAlt {
            report(path(), "has \(alt.count) characters, more than \(Self.longestAlt): say what the picture shows in a sentence and put the rest in a text")
        }
    }

    /// Whether `alt`, spaces around it aside, is `url` or its last path component.
    private static func isFileName(_ alt: String, of url: String) -> Bool {
        let text = alt.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed().map { $0.lowercased() }.joined()
        let address = url.lowercased()
        return text == address || text == String(address.split(separator: "/").last ?? "")
    }
}
