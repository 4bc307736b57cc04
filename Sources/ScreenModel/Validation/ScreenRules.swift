/// Pure checks behind the validator's rules.
enum ScreenRules {
    /// Digits a phone number may have: E.164 allows at most 15; 7 is the shortest local number.
    static let phoneDigits = 7...15

    /// Characters a phone number may hold besides digits.
    static let phoneSeparators: Set<Character> = [" ", "+", "-", "(", ")", "."]

    /// `nil` when `url` is an absolute http(s) URL with a host, else why not.
    static func urlProblem(_ url: String) -> String? {
        let scheme: String
        if url.hasPrefix("https://") { scheme = "https://" }
        else if url.hasPrefix("http://") { scheme = "http://" }
        else { return "'\(url)' is not an absolute http(s) URL (it must start with http:// or https://)" }
        if url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            return "'\(url)' contains whitespace or control characters"
        }
        let rest = url.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard isHostAndPort(hostAndPort) else { return "'\(url)' has no valid host" }
        return nil
    }

    /// `nil` when `phone` has 7–15 digits and only digits and `+ - ( ) .` or spaces, else why not.
    static func phoneProblem(_ phone: String) -> String? {
        if let bad = phone.first(where: { !($0.isASCII && $0.isNumber) && !phoneSeparators.contains($0) }) {
            return "'\(phone)' contains '\(bad)'; a phone number holds only digits, spaces and + - ( ) ."
        }
        let digits = phone.filter { $0.isASCII && $0.isNumber }.count
        if !phoneDigits.contains(digits) {
            return "'\(phone)' has \(digits) digits; a phone number needs \(phoneDigits.lowerBound)–\(phoneDigits.upperBound)"
        }
        return nil
    }

    /// Whether `value` is `#RRGGBB` with hexadecimal digits.
    static func isHexColour(_ value: String) -> Bool {
        value.count == 7 && value.first == "#" && value.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// The name in `names` nearest to `name` by edit distance, when it is close enough to be a typo.
    static func suggestion(for name: String, in names: Set<String>) -> String? {
        let limit = name.count <= 3 ? 1 : max(2, name.count / 3)
        let scored = names.map { (name: $0, distance: editDistance(Array(name), Array($0))) }
        let best = scored.filter { $0.distance <= limit }.min { ($0.distance, $0.name) < ($1.distance, $1.name) }
        return best?.name
    }

    /// `value` as an author wrote it: `14` rather than `14.0`, else as Swift prints it (`37.8`, `nan`).
    static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
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

    /// Levenshtein distance with one rolling row.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let above = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
