import FlowKit
import Formats
import GeoKit
import PostgresNIO

/// Position reports: checked, stored in the party's log in order, once, and evaluated by the
/// party's rules as they are stored; positions and alerts read back by rights.
extension RelayService {
    /// One report of a phone.
    struct Report: Sendable, Equatable {
        var seq: Int64
        var time: Double
        var lat: Double
        var lon: Double
        var accuracy: Double?
    }

    /// The reports of a request's body, each checked, in order (seq and time never go back).
    func reports(_ bytes: [UInt8]) throws(Refusal) -> [Report] {
        let body = try RelayBody(bytes, keys: ["reports"], reason: .badReport)
        guard let list = body["reports"]?.arrayValue, !list.isEmpty else {
            throw Refusal(.badReport, "reports: expected a list of 1 to \(configuration.maxReportsPerRequest) reports")
        }
        guard list.count <= configuration.maxReportsPerRequest else {
            throw Refusal(.tooLarge, "reports: \(list.count) reports; send at most \(configuration.maxReportsPerRequest) at once")
        }
        let now = clock()
        var out: [Report] = []
        for (i, item) in list.enumerated() {
            let here = "reports[\(i + 1)]"
            let r = try RelayBody(item, path: here, keys: ["seq", "time", "lat", "lon", "accuracy"], reason: .badReport)
            let seq = try r.number("seq") ?? 0, time = try r.number("time") ?? 0
            let lat = try r.number("lat") ?? 0, lon = try r.number("lon") ?? 0
            let accuracy = try r.number("accuracy", optional: true)
            guard seq >= 1, seq <= 9e15, seq.rounded() == seq else { throw Refusal(.badReport, "\(here).seq: \(GeoError.text(seq)) is not a whole number ≥ 1") }
            guard (-90...90).contains(lat) else { throw Refusal(.badReport, "\(here).lat: \(GeoError.text(lat)) is not a latitude (-90...90)") }
            guard (-180...180).contains(lon) else { throw Refusal(.badReport, "\(here).lon: \(GeoError.text(lon)) is not a longitude (-180...180)") }
            if let accuracy, !(0...100_000).contains(accuracy) {
                throw Refusal(.badReport, "\(here).accuracy: \(GeoError.text(accuracy)) is not metres (0...100000)")
            }
            guard time <= now + configuration.futureSkew else {
                throw Refusal(.timeFuture, "\(here).time: \(Int(time - now)) s ahead of the relay's clock (at most \(Int(configuration.futureSkew)) s)")
            }
            guard time >= now - configuration.pastWindow else {
                throw Refusal(.timePast, "\(here).time: \(Int(now - time)) s old; reports older than \(Int(configuration.pastWindow)) s are not taken")
            }
            if let last = out.last {
                guard Int64(seq) > last.seq else { throw Refusal(.badReport, "\(here).seq: \(Int64(seq)) does not follow \(last.seq)") }
                guard time >= last.time else { throw Refusal(.badReport, "\(here).time: earlier than reports[\(i)]'s") }
            }
            out.append(Report(seq: Int64(seq), time: time, lat: lat, lon: lon, accuracy: accuracy))
        }
        return out
    }

    /// `POST /v1/parties/{party}/reports`: stores what is new, evaluates it, and acknowledges
    /// the highest seq stored (now or before). A retransmission of stored reports is
    /// acknowledged and not stored again; anything else refused refuses the whole request.
    ///
    /// A report is first evaluated without a lock, from one read of the party, and written by
    /// one statement that only takes if the party's log is still where the read found it: two
    /// round trips for a report that raises no alert. When another relay wrote first, the
    /// report is evaluated again under the party's row lock.
    func report(_ token: RelayToken, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        try admit(token)
        let reports = try reports(bytes)
        do {
            let outcome: Stored
            if let stored = try await database.connection({ [self] connection in try await self.storeUnlocked(reports, token: token, on: connection) }) {
                outcome = stored
            } else {
                counters.add(\.writesRetried, 1)
                outcome = try await database.transaction { [self] connection in
                    let row = try await lock(token.party, on: connection)
                    let me = try await caller(token, on: connection)
                    return try await self.store(reports, token: token, row: row, me: me, state: nil, locked: true, on: connection)
                }
            }
            // Only now, committed, may the state serve the party's next report.
            if let state = outcome.state { rules.keep(state, for: token.party) }
            counters.add(\.reportsStored, outcome.stored)
            counters.add(\.duplicates, outcome.duplicates)
            counters.add(\.alerts, outcome.alerts)
            return [
                "acked": .number(Double(reports.last?.seq ?? 0)), "stored": .number(Double(outcome.stored)),
                "duplicates": .number(Double(outcome.duplicates)),
            ]
        } catch {
            // A request the database could not take does not count against the member's
            // minute: a phone retrying through an outage is not flooding.
            if error.reason == .databaseUnavailable { forgive(token) }
            throw error
        }
    }

    /// What storing a request's reports did; `state`: the party's state after them, to keep.
    private struct Stored: Sendable {
        var stored = 0, duplicates = 0, alerts = 0
        var state: PartyState?
    }

    /// Another relay wrote the party's log (or changed the party) since it was read.
    private struct WriteConflict: Error {}

    /// The report path without a lock: one read of the party, the caller and the log entries
    /// this relay's state of the party lacks; nil when the write lost to another's.
    private func storeUnlocked(_ reports: [Report], token: RelayToken, on connection: PostgresConnection) async throws -> Stored? {
        let cached = rules.take(token.party)
        var row: PartyRules.Row?
        var me: Caller?
        var entries: [LogEntry] = []
        // Entries after the cached state's place, if it is of the party's epoch still.
        let (epoch, after) = cached.map { ($0.epoch, $0.seq) } ?? (-1, Int64.max)
        let snapshot = RelayStatements.ReportSnapshot(party: token.party, member: token.member, epoch: epoch, after: after)
        for try await r in try await connection.execute(snapshot, logger: logger) {
            if row == nil {
                row = PartyRules.Row(id: token.party, park: r.park, drift: r.drift, silence: r.silence, logSeq: r.logSeq, epoch: r.epoch)
                me = Caller(token, name: r.name, role: r.role, removed: r.removed, lastSeq: r.lastSeq, lastTime: r.lastTime)
            }
            if let seq = r.seq, let time = r.time {
                entries.append(LogEntry(seq: seq, member: r.member, time: time, lat: r.lat, lon: r.lon, accuracy: r.accuracy))
            }
        }
        guard let row else { throw Self.noParty(token.party) }
        var state: PartyState?
        if let cached, cached.epoch == row.epoch, cached.seq + Int64(entries.count) == row.logSeq {
            for entry in entries { _ = cached.feed(entry) }
            state = cached
        }
        do {
            guard let me else { throw Self.noLongerMember(token) }
            return try await store(reports, token: token, row: row, me: me, state: state, locked: false, on: connection)
        } catch is WriteConflict {
            return nil
        } catch let refusal as Refusal {
            // Refused before the report was fed: the state holds only what is committed, and
            // serves on (a member sending replays must not make the party's state be rebuilt).
            if let state { rules.keep(state, for: token.party) }
            throw refusal
        }
    }

    /// Stores the new of `reports` after the party's log at `row`, fed to `state` (the party's
    /// state at `row.logSeq`; nil: made now), with the alerts they raise. Unless `locked` (in
    /// a transaction holding the party's row), the write takes only if the row is still as
    /// read, else ``WriteConflict``.
    private func store(
        _ reports: [Report], token: RelayToken, row: PartyRules.Row, me: Caller, state held: PartyState?, locked: Bool,
        on connection: PostgresConnection
    ) async throws -> Stored {
        // Every refusal here comes before `state` is fed (storeUnlocked keeps it on a refusal).
        let (lastSeq, lastTime) = (me.lastSeq, me.lastTime)
        let old = reports.filter { $0.seq <= lastSeq }
        if !old.isEmpty {
            // Sent before: the same report again is a retransmission; anything else a replay.
            let seqs = old.map(\.seq)
            var kept: [Int64: Report] = [:]
            for try await (seq, time, lat, lon) in try await connection.query(
                """
                SELECT client_seq, time, lat, lon FROM party_log
                WHERE party = \(token.party) AND member = \(token.member) AND client_seq = ANY(\(seqs)::bigint[])
                """, logger: logger
            ).decode((Int64, Double, Double, Double).self) {
                kept[seq] = Report(seq: seq, time: time, lat: lat, lon: lon)
            }
            for r in old {
                guard let k = kept[r.seq], k.time == r.time, k.lat == r.lat, k.lon == r.lon else {
                    throw Refusal(.replay, "reports: seq \(r.seq) was used by another report of '\(token.member)' (the last stored is \(lastSeq))")
                }
            }
        }
        let new = reports.filter { $0.seq > lastSeq }
        guard let first = new.first else { return Stored(duplicates: old.count, state: held) }
        if let lastTime, first.time < lastTime {
            throw Refusal(.replay, "reports: a report at \(first.time) is older than '\(token.member)''s last, at \(lastTime)")
        }
        let state: PartyState
        if let held { state = held } else { state = try await rules.state(row, on: connection) }
        var seq = row.logSeq
        var events: [PartyEvent] = []
        for r in new {
            seq += 1
            events += state.feed(LogEntry(seq: seq, member: token.member, time: r.time, lat: r.lat, lon: r.lon, accuracy: r.accuracy))
        }
        let alerts = RelayAlerts.alerts(PartyMonitor.ordered(events), in: state)
        let entries = RelayStatements.ReportWrite(
            party: token.party, member: token.member, toSeq: seq, nextTick: state.monitor.nextSilence, fromSeq: row.logSeq, epoch: row.epoch,
            reports: new)
        let write = { [logger] (connection: PostgresConnection) async throws in
            var written: Int64 = 0
            for try await n in try await connection.execute(entries, logger: logger) { written = n }
            guard written == 1 else { throw WriteConflict() }
            try await RelayAlerts.store(alerts, party: token.party, on: connection, logger: logger)
        }
        if locked || alerts.isEmpty {
            try await write(connection)
        } else {
            // The alerts are stored with the report that raised them, or neither is.
            try await RelayDatabase.transaction(on: connection, logger: logger, write)
        }
        return Stored(stored: new.count, duplicates: old.count, alerts: alerts.count, state: state)
    }

    /// `GET /v1/parties/{party}/positions`: the latest fix of each member the caller may see.
    func positions(_ token: RelayToken) async throws(Refusal) -> JSONValue {
        try await database.connection { [self] connection in
            let me = try await caller(token, on: connection)
            var out: [JSONValue] = []
            for try await (id, name, role, time, lat, lon, accuracy) in try await connection.query(
                """
                SELECT id, name, role, last_time, last_lat, last_lon, last_accuracy FROM members
                WHERE party = \(token.party) AND NOT removed ORDER BY ordinal
                """, logger: logger
            ).decode((String, String, String, Double?, Double?, Double?, Double?).self) {
                let theirs = PartyRole(rawValue: role) ?? .guest
                let mine = id == me.member
                guard PartyRights.sees(viewer: mine ? 0 : 1, role: me.role, target: 0, targetRole: theirs) else { continue }
                var o: [String: JSONValue] = ["member": .string(id), "name": .string(name), "role": .string(role)]
                if let time, let lat, let lon { (o["time"], o["lat"], o["lon"]) = (.number(time), .number(lat), .number(lon)) }
                if let accuracy { o["accuracy"] = .number(accuracy) }
                out.append(.object(o))
            }
            return ["positions": .array(out)]
        }
    }

    /// `GET /v1/parties/{party}/alerts?after=N&limit=M`: the caller's alerts after delivery N.
    func alerts(_ token: RelayToken, after: Int64, limit: Int) async throws(Refusal) -> JSONValue {
        try await database.connection { [self] connection in
            let me = try await caller(token, on: connection)
            let rows = try await RelayAlerts.deliveries(party: token.party, members: [me.member], after: after, on: connection, logger: logger)
            return ["alerts": .array(rows.prefix(limit).map(\.json))]
        }
    }
}
