import Formats
/// Pure checks behind the validator's rules.
enum ScreenRules {
    /// Digits a phone number may have: E.164 allows at most 15; 7 is the shortest local number.
    static let phoneDigits = 7...15
    /// Digits of an emergency number (911, 112, 999, 000), written as digits alone.
    static let emergencyDigits = 3

    /// Characters a phone number may hold besides digits (a string: a set of characters
    /// would cost a cold start a scan of the conformance records).
    static let phoneSeparators = " +-()."

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

}
