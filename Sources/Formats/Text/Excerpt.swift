/// Content quoted in a message, cut to what a person reads: scripts and content may come
/// from a server, and a 60 KB flow name or a list of 100,000 ids must not make a message
/// (or the work of building it) that long.
///
/// Lengths count Unicode scalars ("characters" in messages); a cut never splits one.
public enum Excerpt {
    /// The name in `names` nearest to `name` by edit distance (over Unicode scalars), when
    /// it is close enough to be a typo: at most 1 edit for names of 1-3 scalars, else a
    /// third of the length (at least 2). Ties go to the name that sorts first. Names longer
    /// than ``longestSuggestedName`` get none, and candidates whose length differs by more
    /// than the edit limit are skipped before any comparison, so the cost is bounded by the
    /// number of candidates whatever their length.
    /// - Parameters:
    ///   - name: what was written.
    ///   - names: what is known.
    public static func suggestion(for name: String, in names: some Sequence<String>) -> String? {
        // A scalar takes 1-4 UTF-8 bytes: rule out long names before counting their scalars.
        guard name.utf8.count <= 4 * longestSuggestedName else { return nil }
        let typed = Array(name.unicodeScalars)
        guard !typed.isEmpty, typed.count <= longestSuggestedName else { return nil }
        let limit = typed.count <= 3 ? 1 : max(2, typed.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in names {
            guard candidate.utf8.count <= 4 * (typed.count + limit) else { continue }
            let known = Array(candidate.unicodeScalars)
            guard abs(known.count - typed.count) <= limit,
                let distance = editDistance(typed, known, limit: best.map { min($0.distance, limit) } ?? limit)
            else { continue }
            if best.map({ (distance, candidate) < ($0.distance, $0.name) }) ?? true { best = (distance, candidate) }
        }
        return best?.name
    }

    /// Scalars quoted in full; longer text shows this many, then `…` and its length.
    public static let shownLength = 60
    /// Items a list names before `and N more`.
    public static let listedCount = 20
    /// The longest line ``message(_:)`` keeps whole, in scalars.
    public static let messageLineLength = 2_000
    /// The longest name ``suggestion(for:in:)`` finds a near name for, in scalars.
    public static let longestSuggestedName = 64

    /// `text` in single quotes, or its first ``shownLength`` scalars and its length when it
    /// is longer: `'flows/home'`, `'xxxx…' (61,440 characters)`.
    public static func quoted(_ text: some StringProtocol) -> String {
        guard let total = length(ifLonger: text) else { return "'\(text)'" }
        return "'\(prefix(text))…' (\(count(total)) characters)"
    }

    /// `text` as is, or cut like ``quoted(_:)`` without the quotes: `xxxx… (61,440 characters)`.
    public static func text(_ text: some StringProtocol) -> String {
        guard let total = length(ifLonger: text) else { return String(text) }
        return "\(prefix(text))… (\(count(total)) characters)"
    }

    /// A message as it may be shown: each line of at most ``messageLineLength`` scalars is kept
    /// whole; a longer one keeps its first 1,200 and last 200 around `… (N characters cut) …`. The
    /// backstop for input quoted whole in a message (a script's `error` text, a syntax
    /// error's token, a field of a content file): error descriptions pass through it.
    public static func message(_ text: String) -> String {
        // Each scalar takes at least one byte: a short message needs no look at its lines.
        guard text.utf8.count > messageLineLength else { return text }
        var lines: [String] = []
        var cut = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = line.unicodeScalars
            guard line.utf8.count > messageLineLength, scalars.count > messageLineLength else {
                lines.append(String(line))
                continue
            }
            cut = true
            let total = scalars.count
            // Well under the limit, so a message quoting a cut message is not cut again.
            let head = scalars.prefix(messageLineLength * 3 / 5), tail = scalars.suffix(messageLineLength / 10)
            var out = String.UnicodeScalarView(head)
            out.append(contentsOf: " … (\(count(total - head.count - tail.count)) characters cut) … ".unicodeScalars)
            out.append(contentsOf: tail)
            lines.append(String(out))
        }
        return cut ? lines.joined(separator: "\n") : text
    }

    /// The first `limit` items (default ``listedCount``), each cut like ``text(_:)`` (or
    /// ``quoted(_:)`` when `quoted`, default false) and joined by `, `, then `and N more`
    /// for the rest: `home, map and 3 more`.
    public static func list(_ items: some Collection<String>, limit: Int = listedCount, quoted: Bool = false) -> String {
        let shown = items.prefix(limit).map { quoted ? self.quoted($0) : text($0) }.joined(separator: ", ")
        let rest = items.count - min(items.count, limit)
        return rest == 0 ? shown : "\(shown) and \(Self.count(rest)) more"
    }

    /// A count as messages write it, thousands separated by commas: `61,440`.
    public static func count(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    /// `and N more issues` style tails: `more(3, "issue")` is `and 3 more issues`.
    public static func more(_ count: Int, _ noun: String) -> String {
        "and \(Self.count(count)) more \(noun)\(count == 1 ? "" : "s")"
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

    /// Levenshtein distance with one rolling row, or `nil` once it must exceed `limit`:
    /// every later row's minimum is at least the current one's, so a row whose minimum is
    /// past the limit ends the comparison.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            var rowMinimum = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
                rowMinimum = min(rowMinimum, row[j])
            }
            if rowMinimum > limit { return nil }
        }
        return row[b.count] <= limit ? row[b.count] : nil
    }
}
