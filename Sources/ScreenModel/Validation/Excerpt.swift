/// Content quoted in a message, cut to what a person reads: scripts and content may come
/// from a server, and a 60 KB flow name or a list of 100,000 ids must not make a message
/// (or the work of building it) that long.
///
/// Lengths count Unicode scalars ("characters" in messages); a cut never splits one.
public enum Excerpt {
    /// The name in `names` nearest to `name` when it is close enough to be a typo (the rule
    /// unknown flows use: edit distance at most a third of the length), else nil.
    /// - Parameters:
    ///   - name: what was written.
    ///   - names: what is known.
    public static func suggestion(for name: String, in names: some Sequence<String>) -> String? {
        ScreenRules.suggestion(for: name, in: names)
    }

    /// Scalars quoted in full; longer text shows this many, then `…` and its length.
    public static let shownLength = 60
    /// Items a list names before `and N more`.
    public static let listedCount = 20

    /// `text` in single quotes, or its first ``shownLength`` scalars and its length when it
    /// is longer: `'flows/home'`, `'xxxx…' (61,440 characters)`.
    public static func quoted(_ text: some StringProtocol) -> String {
        guard let total = length(ifLonger: text) else { return "'\(text)'" }
        return "'\(prefix(text))…' (\(ScreenRules.grouped(total)) characters)"
    }

    /// `text` as is, or cut like ``quoted(_:)`` without the quotes: `xxxx… (61,440 characters)`.
    public static func text(_ text: some StringProtocol) -> String {
        guard let total = length(ifLonger: text) else { return String(text) }
        return "\(prefix(text))… (\(ScreenRules.grouped(total)) characters)"
    }

    /// The first `limit` items (default ``listedCount``), each cut like ``text(_:)`` (or
    /// ``quoted(_:)`` when `quoted`, default false) and joined by `, `, then `and N more`
    /// for the rest: `home, map and 3 more`.
    public static func list(_ items: some Collection<String>, limit: Int = listedCount, quoted: Bool = false) -> String {
        let shown = items.prefix(limit).map { quoted ? self.quoted($0) : text($0) }.joined(separator: ", ")
        let rest = items.count - min(items.count, limit)
        return rest == 0 ? shown : "\(shown) and \(ScreenRules.grouped(rest)) more"
    }

    /// A count as messages write it, thousands separated by commas: `61,440`.
    public static func count(_ n: Int) -> String { ScreenRules.grouped(n) }

    /// `and N more issues` style tails: `more(3, "issue")` is `and 3 more issues`.
    public static func more(_ count: Int, _ noun: String) -> String {
        "and \(ScreenRules.grouped(count)) more \(noun)\(count == 1 ? "" : "s")"
    }

    // MARK: - Private helpers

    /// The scalar count of `text` when it is more than ``shownLength``, else nil.
    private static func length(ifLonger text: some StringProtocol) -> Int? {
        // Each scalar takes at least one UTF-8 byte: short byte counts need no counting.
        guard text.utf8.count > shownLength else { return nil }
        let total = text.unicodeScalars.count
        return total > shownLength ? total : nil
    }

    private static func prefix(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.prefix(shownLength))
        return String(out)
    }
}
