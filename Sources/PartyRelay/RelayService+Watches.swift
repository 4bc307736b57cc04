import FlowKit
import Formats
import GeoKit
import PostgresNIO

/// What happens without a report: watch-over-me timers, emergencies, and the party's clock
/// moving on (silences), swept by every relay, each party by one at a time.
extension RelayService {
    /// The longest watch (`party.watch`'s own limit): a week.
    static let longestWatch = 7 * 86_400.0

    /// `POST /v1/parties/{party}/watch` `{"until": T}`: the guardians are told if T passes without a check-in.
    func watch(_ token: RelayToken, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        try admit(token)
        let body = try RelayBody(bytes, keys: ["until"])
        let until = try body.number("until") ?? 0, now = clock()
        guard until > now else { throw Refusal(.badRequest, "until: \(Int(now - until)) s in the past; a watch ends later") }
        guard until <= now + Self.longestWatch else { throw Refusal(.badRequest, "until: more than a week ahead") }
        try await database.transaction { [self] connection in
            _ = try await lock(token.party, on: connection)
            _ = try await caller(token, on: connection)
            try await connection.query(
                """
                INSERT INTO watches (party, member, until) VALUES (\(token.party), \(token.member), \(until))
                ON CONFLICT (party, member) DO UPDATE SET until = excluded.until, alerted = false
                """, logger: logger)
        }
        return ["member": .string(token.member), "until": .number(until)]
    }

    /// `POST /v1/parties/{party}/check-in`: the caller's watch ends.
    func checkIn(_ token: RelayToken) async throws(Refusal) -> JSONValue {
        try admit(token)
        let ended = try await database.transaction { [self] connection -> Bool in
            _ = try await caller(token, on: connection)
            var found = false
            for try await _ in try await connection.query(
                "DELETE FROM watches WHERE party = \(token.party) AND member = \(token.member) RETURNING member", logger: logger
            ).decode(String.self) { found = true }
            return found
        }
        return ["checked_in": .bool(ended)]
    }

    /// `POST /v1/parties/{party}/emergency` `{"lat", "lon"}` (trigger_emergency): everyone else is told.
    func emergency(_ token: RelayToken, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        try admit(token)
        let body = try RelayBody(bytes, keys: ["lat", "lon"])
        let lat = try body.number("lat", optional: true), lon = try body.number("lon", optional: true)
        var coordinate: Coordinate?
        if let lat, let lon {
            do { coordinate = try Coordinate(validatingLatitude: lat, longitude: lon) } catch { throw Refusal(.badRequest, "lat, lon: \(error.message)") }
        }
        let now = clock(), place = coordinate
        let (told, state) = try await database.transaction { [self] connection -> (Int, PartyState?) in
            let row = try await lock(token.party, on: connection)
            let me = try await caller(token, on: connection)
            try Self.require(me.role.triggersEmergency, me, "raise a party emergency (a guest may still call the park)")
            let state = try await rules.state(row, on: connection)
            guard let i = state.index[me.member] else { return (0, state) }
            let recipients = state.members.indices.filter { $0 != i }.map { j in
                RelayAlert.Recipient(id: state.members[j].id, sees: state.sees(j, i), notify: state.members[j].notify)
            }
            let alert = RelayAlert(
                kind: "emergency", time: now, member: me.member, coordinate: place, recipients: recipients)
            return (try await RelayAlerts.store([alert], party: token.party, on: connection, logger: logger), state)
        }
        if let state { rules.keep(state, for: token.party) }
        counters.add(\.alerts, 1)
        return ["told": .number(Double(told))]
    }

    /// One sweep: parties whose clock may make someone silent, and watches that ran out. Rows
    /// another relay is sweeping are skipped (`SKIP LOCKED`), so each is swept once.
    /// - Returns: the alerts raised.
    @discardableResult
    func sweep() async throws(Refusal) -> Int {
        let now = clock(), tick = now - configuration.silenceGrace
        let swept = try await database.transaction { [self] connection -> (raised: Int, states: [(String, PartyState)]) in
            var ids: [String] = []
            for try await id in try await connection.query(
                "SELECT id FROM parties WHERE next_tick <= \(tick) ORDER BY next_tick LIMIT 100 FOR UPDATE SKIP LOCKED", logger: logger
            ).decode(String.self) { ids.append(id) }
            var raised = 0
            var states: [(String, PartyState)] = []
            for id in ids {
                guard let row = try await PartyRules.lock(id, on: connection, logger: logger) else { continue }
                let state = try await rules.state(row, on: connection)
                let seq = row.logSeq + 1
                let events = state.feed(LogEntry(seq: seq, member: nil, time: tick))
                try await connection.query("INSERT INTO party_log (party, seq, time) VALUES (\(id), \(seq), \(tick))", logger: logger)
                let alerts = RelayAlerts.alerts(events, in: state)
                try await RelayAlerts.store(alerts, party: id, on: connection, logger: logger)
                try await connection.query(
                    "UPDATE parties SET log_seq = \(seq), next_tick = \(state.monitor.nextSilence) WHERE id = \(id)", logger: logger)
                raised += alerts.count
                states.append((id, state))
            }
            return (raised, states)
        }
        for (id, state) in swept.states { rules.keep(state, for: id) }
        var raised = swept.raised
        raised += try await database.transaction { [self] connection -> Int in
            // The party's row is held too, as by everything that stores a party's alerts: its
            // delivery ids then commit in their order, and a stream, read in id order, never
            // passes one whose transaction is still open. Rows another holds wait a sweep.
            var due: [(party: String, member: String, until: Double)] = []
            for try await row in try await connection.query(
                """
                SELECT w.party, w.member, w.until FROM watches w JOIN parties p ON p.id = w.party
                WHERE NOT w.alerted AND w.until <= \(now) LIMIT 100 FOR UPDATE OF w, p SKIP LOCKED
                """, logger: logger
            ).decode((String, String, Double).self) { due.append(row) }
            for w in due {
                var recipients: [RelayAlert.Recipient] = []
                for try await (id, role, notify) in try await connection.query(
                    "SELECT id, role, notify FROM members WHERE party = \(w.party) AND NOT removed ORDER BY ordinal", logger: logger
                ).decode((String, String, [String]).self) {
                    guard let role = PartyRole(rawValue: role), PartyRights.toldOfWatch(by: role, isWatched: id == w.member) else { continue }
                    recipients.append(RelayAlert.Recipient(id: id, sees: true, notify: notify))
                }
                let alert = RelayAlert(kind: "overdue", time: w.until, member: w.member, recipients: recipients)
                try await RelayAlerts.store([alert], party: w.party, on: connection, logger: logger)
                try await connection.query(
                    "UPDATE watches SET alerted = true WHERE party = \(w.party) AND member = \(w.member)", logger: logger)
            }
            return due.count
        }
        counters.add(\.alerts, raised)
        return raised
    }
}
