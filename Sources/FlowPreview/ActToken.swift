/// The preview server's secret for acts: made anew each time the server starts, handed to
/// its own page (and to any client that asks `GET /act-token`, which only a request for the
/// server's own origin reaches, and whose answer no other site's page may read), and required
/// on every request that changes something.
enum ActToken {
    /// The header an act carries its token in.
    static let header = "X-Flowrun-Act"

    /// A new token: 128 random bits as 32 hex digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    /// Whether `given` is `token`, compared in time that does not depend on where they differ.
    static func matches(_ given: String, _ token: String) -> Bool {
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
