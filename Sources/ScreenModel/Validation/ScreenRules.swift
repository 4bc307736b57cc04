/// Pure checks behind the validator's rules.
enum ScreenRules {
    /// Digits a phone number may have: E.164 allows at most 15; 7 is the shortest local number.
    static let phoneDigits = 7...15
    /// Digits of an emergency number (911, 112, 999, 000), written as digits alone.
    static let emergencyDigits = 3

    /// Characters a phone number may hold besides digits.
    static let phoneSeparators: Set<Character> = [" ", "+", "-", "(", ")", "."]

    /// `nil` when `url` is an absolute http(s) URL with a host, else why not.
    static func urlProblem(_ url: String) -> String? {
        let scheme: String
        if url.hasPrefix("https://") {
            scheme = "https://"
        } else if url.hasPrefix("http://") {
            scheme = "http://"
        } else {
            return "\(Excerpt.quoted(url)) is not an absolute http(s) URL (it must start with http:// or https://)"
        }
        if url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            return "\(Excerpt.quoted(url)) contains whitespace or control characters"
        }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard isHostAndPort(hostAndPort) else { return "\(Excerpt.quoted(url)) has no valid host" }
        return nil
    }

    /// `nil` when `phone` has 7–15 digits and only digits and `+ - ( ) .` or spaces, or is a
    /// 3-digit emergency number, else why not.
    static func phoneProblem(_ phone: String) -> String? {
        if let bad = phone.first(where: { !($0.isASCII && $0.isNumber) && !phoneSeparators.contains($0) }) {
            return "\(Excerpt.quoted(phone)) contains \(Excerpt.quoted(String(bad))); a phone number holds only digits, spaces and + - ( ) ."
        }
        let digits = phone.filter { $0.isASCII && $0.isNumber }.count
        if digits == emergencyDigits && phone.count == digits { return nil }
        if !phoneDigits.contains(digits) {
            return "\(Excerpt.quoted(phone)) has \(digits) digits; a phone number needs \(phoneDigits.lowerBound)–\(phoneDigits.upperBound)"
                + " (or is an emergency number of \(emergencyDigits) digits alone, such as 911)"
        }
        return nil
    }

    /// Whether `value` is `#RRGGBB` with hexadecimal digits.
    static func isHexColor(_ value: String) -> Bool {
        value.count == 7 && value.first == "#" && value.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// The longest name, in Unicode scalars, that gets a "did you mean": flow names are
    /// identifiers, so a longer one is no typo of a known name (and comparing it would cost
    /// time proportional to its length times every candidate's).
    static let longestSuggestedName = 64

    /// The name in `names` nearest to `name` by edit distance (over Unicode scalars), when
    /// it is close enough to be a typo: at most 1 edit for names of 1-3 scalars, else a
    /// third of the length (at least 2). Ties go to the name that sorts first. Names longer
    /// than ``longestSuggestedName`` get none, and candidates whose length differs by more
    /// than the edit limit are skipped before any comparison, so the cost is bounded by the
    /// number of candidates whatever their length.
    static func suggestion(for name: String, in names: some Sequence<String>) -> String? {
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

    /// `value` as an author wrote it: `14` rather than `14.0`, else as Swift prints it (`37.8`,
    /// `nan`). The rule is Formats' `NumberText.message`; ScreenModel depends on nothing of
    /// ours, so it is written here too and a test holds the two equal.
    static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A count with thousands separated by commas, as the README writes them: `61,440`.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var out = count < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    // MARK: - Private helpers

    private static func isHostAndPort(_ text: Substring) -> Bool {
        var host = text
        if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
            let port = text[text.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            host = text[..<colon]
        }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            return host.count > 2 && host.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        return !host.isEmpty && !host.hasPrefix(".") && !host.hasPrefix("-")
            && host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." || (!$0.isASCII && $0.isLetter) }
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
