/// Why the relay could not start: a bad `--db` URL or key.
public enum RelayError: Error, CustomStringConvertible, Sendable {
    /// `--db` is not a PostgreSQL URL the relay can use.
    case badURL(String)
    /// `--key` could not be read as an Ed25519 private key.
    case badKey(String)
    /// The database could not be reached or prepared at start.
    case database(String)

    public var description: String {
        switch self {
        case .badURL(let message): "--db: \(message)"
        case .badKey(let message): "--key: \(message)"
        case .database(let message): "the database: \(message)"
        }
    }
}

/// A request the relay refuses: the HTTP status, a reason code clients branch on, and a
/// sentence for people naming the field. Every refusal is counted (``RelayCounters``) and
/// nothing of the request is stored.
public struct Refusal: Error, Sendable, Equatable {
    /// Reason codes (docs/relay.md, "Refusals"): the counters' names too.
    public enum Reason: String, Sendable, CaseIterable {
        case badRequest = "bad_request", badReport = "bad_report", timeFuture = "time_future", timePast = "time_past"
        case replay, flood, tooLarge = "too_large", tokenMissing = "token_missing", tokenInvalid = "token_invalid"
        case tokenExpired = "token_expired", tokenOtherParty = "token_other_party", memberRemoved = "member_removed"
        case forbidden, notFound = "not_found", codeUnknown = "code_unknown", codeUsed = "code_used", codeExpired = "code_expired"
        case conflict, databaseUnavailable = "database_unavailable"

        /// The HTTP status of the reason.
        public var status: Int {
            switch self {
            case .badRequest, .badReport: 400
            case .tokenMissing, .tokenInvalid, .tokenExpired, .memberRemoved: 401
            case .tokenOtherParty, .forbidden: 403
            case .notFound, .codeUnknown: 404
            case .replay, .conflict: 409
            case .codeUsed, .codeExpired: 410
            case .tooLarge: 413
            case .timeFuture, .timePast: 422
            case .flood: 429
            case .databaseUnavailable: 503
            }
        }
    }

    public var reason: Reason
    public var message: String
    /// Seconds after which to try again (429, 503).
    public var retryAfter: Int?

    public init(_ reason: Reason, _ message: String, retryAfter: Int? = nil) {
        (self.reason, self.message, self.retryAfter) = (reason, message, retryAfter)
    }
}
