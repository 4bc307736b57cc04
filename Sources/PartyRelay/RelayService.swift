import FlowBundle
import FlowKit
import Formats
import Logging
import PostgresNIO
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the relay does, request by request, over its database: each operation checks the
/// caller's token and rights, then reads or changes the party's rows in one transaction. The
/// HTTP face (``RelayRoutes``) only maps requests to these and answers their results.
final class RelayService: Sendable {
    let configuration: RelayConfiguration
    let database: RelayDatabase
    let rules: PartyRules
    let fanout: RelayFanout
    let counters = RelayCounters()
    /// Reports waiting for the next batch (``report(_:_:)``).
    let batches: BatchQueue<ReportJob, ReportOutcome>
    let key: SigningKey
    let trusted: TrustedKey
    let parks: ParkRules
    let logger: Logger
    /// The clock, seconds since 1970 (tests move it).
    let clock: @Sendable () -> Double
    private let requestsByMember = Mutex<(minute: Int, counts: [String: Int])>((0, [:]))
    /// Tokens whose signature was checked, by their text: a phone sends the same token with
    /// every request, and checking its Ed25519 signature each time was a tenth of the relay's
    /// CPU under load. Expiry is checked at every use; rights come from the database as ever.
    private let checkedTokens = Mutex<[String: RelayToken]>([:])
    static let checkedTokensHeld = 100_000

    init(configuration: RelayConfiguration, key: SigningKey, root: ProjectRoot, logger: Logger, clock: @escaping @Sendable () -> Double) {
        self.configuration = configuration
        self.logger = logger
        database = RelayDatabase(
            configuration.database, connections: configuration.databaseConnections, timeout: configuration.databaseSeconds, logger: logger)
        parks = ParkRules(root: root)
        rules = PartyRules(capacity: configuration.cachedParties, parks: parks, counters: counters, logger: logger)
        fanout = RelayFanout(database: database, counters: counters, logger: logger)
        batches = BatchQueue(lanes: configuration.reportLanes, largest: configuration.reportsPerBatch)
        self.key = key
        trusted = key.publicKey
        self.clock = clock
    }

    /// Who makes a request: a member of a party, as their token says and their row confirms.
    struct Caller: Sendable {
        var party: String
        var member: String
        var name: String
        var role: PartyRole
        /// The seq and fix time of the member's last stored report (0 and nil before any).
        var lastSeq: Int64
        var lastTime: Double?

        /// The caller of `token` as their row reads; nil for a member removed (or of no role).
        init?(_ token: RelayToken, name: String?, role: String?, removed: Bool?, lastSeq: Int64?, lastTime: Double?) {
            guard let name, let role = role.flatMap(PartyRole.init(rawValue:)), removed == false else { return nil }
            (party, member, self.name, self.role) = (token.party, token.member, name, role)
            (self.lastSeq, self.lastTime) = (lastSeq ?? 0, lastTime)
        }
    }

    /// The token of `authorization` (`Bearer TOKEN`) for `party`, checked without the database.
    func token(_ authorization: String?, party: String) throws(Refusal) -> RelayToken {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            throw Refusal(.tokenMissing, "this needs a member's token: Authorization: Bearer TOKEN (joining a party gives one)")
        }
        let text = String(authorization.dropFirst(7)), now = clock()
        let token: RelayToken
        if let checked = checkedTokens.withLock({ $0[text] }) {
            try checked.check(now: now)
            token = checked
        } else {
            token = try RelayToken(checking: Substring(text), key: trusted, now: now)
            checkedTokens.withLock { held in
                if held.count >= Self.checkedTokensHeld { held.removeAll(keepingCapacity: true) }
                held[text] = token
            }
        }
        guard token.party == party else { throw Refusal(.tokenOtherParty, "the token is for another party") }
        return token
    }

    /// The caller's row: a member removed loses access at once, whatever their token says.
    func caller(_ token: RelayToken, on connection: PostgresConnection) async throws -> Caller {
        let rows = try await connection.query(
            "SELECT name, role, removed, last_seq, last_time FROM members WHERE party = \(token.party) AND id = \(token.member)", logger: logger)
        for try await (name, role, removed, lastSeq, lastTime) in rows.decode((String, String, Bool, Int64, Double?).self) {
            guard let me = Caller(token, name: name, role: role, removed: removed, lastSeq: lastSeq, lastTime: lastTime) else { break }
            return me
        }
        throw Self.noLongerMember(token)
    }

    /// The refusal of a token whose member was removed.
    static func noLongerMember(_ token: RelayToken) -> Refusal {
        Refusal(.memberRemoved, "member '\(token.member)' is no longer in this party")
    }

    /// The refusal of a party that does not exist.
    static func noParty(_ party: String) -> Refusal { Refusal(.notFound, "no party '\(Excerpt.text(party))'") }

    /// Refuses a member's request past ``RelayConfiguration/requestsPerMinute`` in this minute.
    func admit(_ token: RelayToken) throws(Refusal) {
        let minute = Int(clock() / 60)
        let key = token.party + "\u{1F}" + token.member
        let count = requestsByMember.withLock { state -> Int in
            if state.minute != minute { state = (minute, [:]) }
            state.counts[key, default: 0] += 1
            return state.counts[key] ?? 0
        }
        guard count <= configuration.requestsPerMinute else {
            let wait = 60 - Int(clock()) % 60
            throw Refusal(
                .flood, "member '\(token.member)' sent more than \(configuration.requestsPerMinute) requests this minute; send again in \(wait) s",
                retryAfter: wait)
        }
    }

    /// Takes back one of the member's requests this minute.
    func forgive(_ token: RelayToken) {
        let key = token.party + "\u{1F}" + token.member
        requestsByMember.withLock { state in
            if let n = state.counts[key], n > 0 { state.counts[key] = n - 1 }
        }
    }

    /// A new token for `member` of `party`.
    func issue(party: String, member: String) throws(Refusal) -> String {
        let now = clock()
        return try RelayToken(party: party, member: member, issued: now, expires: now + configuration.tokenSeconds).text(signedWith: key)
    }

    /// Random text of `bytes` random bytes (party ids).
    static func randomID(bytes: Int = 16) -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// An invitation code: `XXXX-XXXX-XXXX` of letters and digits people do not confuse (about 59 bits).
    static func invitationCode() -> String {
        let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        let letters = (0..<12).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return [letters[0..<4], letters[4..<8], letters[8..<12]].map { String($0) }.joined(separator: "-")
    }

    /// The party's row locked, or 404.
    func lock(_ party: String, on connection: PostgresConnection) async throws -> PartyRules.Row {
        guard let row = try await PartyRules.lock(party, on: connection, logger: logger) else {
            throw Self.noParty(party)
        }
        return row
    }

    /// Refuses what `caller`'s role may not do.
    static func require(_ allowed: Bool, _ caller: Caller, _ what: String) throws(Refusal) {
        guard allowed else { throw Refusal(.forbidden, "member '\(caller.member)' (\(caller.role.rawValue)) may not \(what)") }
    }
}
