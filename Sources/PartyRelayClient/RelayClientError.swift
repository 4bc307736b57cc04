/// Why the relay client could not do what it was asked, in words for people: a message names
/// the URL, the code or the relay's own reason.
public enum RelayClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A relay URL that is not one (usage: `flowrun live` exits 2).
    case badURL(String)
    /// A token that is not a relay's (usage).
    case badToken(String)
    /// The relay refused: its status, reason (`code_unknown`, `token_expired`, ...) and sentence.
    case refused(status: Int, reason: String, message: String)
    /// No answer: the network's words (`connection refused`).
    case unreachable(String)
    /// An answer that is not what docs/relay.md says.
    case badAnswer(String)
    /// The folder where the client keeps its queue and token cannot be read or written.
    case storage(String)

    public var description: String {
        switch self {
        case .badURL(let m), .badToken(let m), .badAnswer(let m), .storage(let m): m
        case .refused(let status, let reason, let message): "the relay refused (\(status) \(reason)): \(message)"
        case .unreachable(let m): "the relay cannot be reached: \(m)"
        }
    }

    /// Whether the caller gave something wrong (a URL, a token, a code the relay refuses as
    /// its 4xx say), rather than the world failing.
    public var isUsage: Bool {
        switch self {
        case .badURL, .badToken: true
        case .refused(let status, _, _): (400..<500).contains(status)
        default: false
        }
    }

    /// Whether the relay no longer takes this member (401, 403, 404: a token expired or for
    /// another party, a member removed): the client stops, its queue kept.
    public var endsMembership: Bool {
        if case .refused(let status, _, _) = self { return [401, 403, 404].contains(status) }
        return false
    }

    /// The relay's reason, for a refusal.
    public var reason: String? {
        if case .refused(_, let reason, _) = self { return reason }
        return nil
    }
}
