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
    /// A request goes in the relay's next batch of reports (``BatchQueue``): one read of every
    /// party in the batch, each request evaluated without a lock, and one write that takes a
    /// party only if its log is still where the read found it and stores the alerts raised;
    /// two round trips for a batch. A request whose write lost to another relay's, or that repeats
    /// reports sent before, is then evaluated alone under the party's row lock.
    func report(_ token: RelayToken, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        try admit(token)
        let reports = try reports(bytes)
        do throws(Refusal) {
            let outcome: Stored
            switch await batches.submit(ReportJob(token: token, reports: reports), key: token.party, run: { [self] in await self.storeBatch($0) }) {
            case .stored(let stored): outcome = stored
            case .refused(let refusal): throw refusal
            case .alone(let lost):
                if lost { counters.add(\.writesRetried, 1) }
                outcome = try await database.transaction { [self] connection in try await self.storeLocked(reports, token: token, on: connection) }
                // Only now, committed, may the state serve the party's next report.
                if let state = outcome.state { rules.keep(state, for: token.party) }
            }
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

    /// One request's reports, waiting for the relay's next batch.
    struct ReportJob: Sendable {
        var token: RelayToken
        var reports: [Report]
    }

    /// What a batch did with a request.
    enum ReportOutcome: Sendable {
        case stored(Stored)
        case refused(Refusal)
        /// To be evaluated alone, under the party's lock: its write lost to another's (`lost`),
        /// or it repeats reports sent before (checked against the log there).
        case alone(lost: Bool)
    }

    /// What storing a request's reports did; `state`: the party's state after them, to keep.
    struct Stored: Sendable {
        var stored = 0, duplicates = 0, alerts = 0
        var state: PartyState?
    }

    /// A request's new reports evaluated on its party's state: the write they make, the
    /// alerts they raise (stored with the write, or neither is), and the state after them.
    private struct Evaluated: Sendable {
        var write: RelayStatements.ReportWrites.Request
        var alerts: [RelayAlert]
        var state: PartyState
    }

    /// The party's log moved while a report was stored under its lock (it cannot, held).
    private struct WriteConflict: Error {}

    /// One batch of requests, each of a different party: one read of every party, the caller
    /// and the log entries this relay's cached state of the party lacks; each request then
    /// evaluated; one write of all of them. The states of the parties written are kept (their
    /// writes committed) before any of the batch's requests is answered.
    private func storeBatch(_ jobs: [ReportJob]) async -> [ReportOutcome] {
        let cached = jobs.map { rules.take($0.token.party) }
        counters.add(\.reportBatches, 1)
        do {
            return try await database.connection { [self] connection in try await self.storeBatch(jobs, cached: cached, on: connection) }
        } catch {
            // Nothing was stored; the states taken are dropped (the next report rebuilds them).
            return jobs.map { _ in .refused(error) }
        }
    }

    private func storeBatch(_ jobs: [ReportJob], cached: [PartyState?], on connection: PostgresConnection) async throws -> [ReportOutcome] {
        let snapshot = RelayStatements.ReportSnapshots(
            requests: zip(jobs, cached).map { job, state in
                // Entries after the cached state's place, if it is of the party's epoch still.
                .init(party: job.token.party, member: job.token.member, epoch: state?.epoch ?? -1, after: state?.seq ?? Int64.max)
            })
        var rows = [PartyRules.Row?](repeating: nil, count: jobs.count)
        var callers = [Caller?](repeating: nil, count: jobs.count)
        var entries = [[LogEntry]](repeating: [], count: jobs.count)
        for try await r in try await connection.execute(snapshot, logger: logger) {
            let i = Int(r.request) - 1
            guard jobs.indices.contains(i) else { continue }
            if rows[i] == nil {
                let token = jobs[i].token
                rows[i] = PartyRules.Row(id: token.party, park: r.park, drift: r.drift, silence: r.silence, logSeq: r.logSeq, epoch: r.epoch)
                callers[i] = Caller(token, name: r.name, role: r.role, removed: r.removed, lastSeq: r.lastSeq, lastTime: r.lastTime)
            }
            if let seq = r.seq, let time = r.time {
                entries[i].append(LogEntry(seq: seq, member: r.member, time: time, lat: r.lat, lon: r.lon, accuracy: r.accuracy))
            }
        }
        var outcomes = [ReportOutcome?](repeating: nil, count: jobs.count)
        var writes: [(index: Int, evaluated: Evaluated)] = []
        for (i, job) in jobs.enumerated() {
            guard let row = rows[i] else {
                outcomes[i] = .refused(Self.noParty(job.token.party))
                continue
            }
            var state: PartyState?
            if let held = cached[i], held.epoch == row.epoch, held.seq + Int64(entries[i].count) == row.logSeq {
                for entry in entries[i] { _ = held.feed(entry) }
                state = held
            }
            // Refused or sent alone before it is fed, the state holds only what is committed and
            // serves on (a member sending replays must not make the party's state be rebuilt).
            guard let me = callers[i] else {
                if let state { rules.keep(state, for: row.id) }
                outcomes[i] = .refused(Self.noLongerMember(job.token))
                continue
            }
            guard job.reports.allSatisfy({ $0.seq > me.lastSeq }) else {
                if let state { rules.keep(state, for: row.id) }
                outcomes[i] = .alone(lost: false)
                continue
            }
            let made: PartyState
            if let state { made = state } else { made = try await rules.state(row, on: connection) }
            do {
                writes.append((i, try evaluate(job.reports, token: job.token, row: row, me: me, state: made)))
            } catch {
                rules.keep(made, for: row.id)
                outcomes[i] = .refused(error)
            }
        }
        if !writes.isEmpty {
            let written = try await write(writes.map(\.evaluated), on: connection)
            for (i, evaluated) in writes {
                if written.contains(evaluated.write.party) {
                    rules.keep(evaluated.state, for: evaluated.write.party)
                    outcomes[i] = .stored(Stored(stored: evaluated.write.reports.count, alerts: evaluated.alerts.count))
                } else {
                    // Another relay wrote the party first: the state, fed what was not stored, goes.
                    outcomes[i] = .alone(lost: true)
                }
            }
        }
        return outcomes.map { $0 ?? .alone(lost: false) }
    }

    /// A request's reports stored alone, in a transaction holding the party's row: the same
    /// report sent again is a retransmission, acknowledged; anything else sent before, a replay.
    private func storeLocked(_ reports: [Report], token: RelayToken, on connection: PostgresConnection) async throws -> Stored {
        let row = try await lock(token.party, on: connection)
        let me = try await caller(token, on: connection)
        let old = reports.filter { $0.seq <= me.lastSeq }
        if !old.isEmpty {
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
                    throw Refusal(.replay, "reports: seq \(r.seq) was used by another report of '\(token.member)' (the last stored is \(me.lastSeq))")
                }
            }
        }
        let new = reports.filter { $0.seq > me.lastSeq }
        guard !new.isEmpty else { return Stored(duplicates: old.count) }
        let state = try await rules.state(row, on: connection)
        let evaluated: Evaluated
        do { evaluated = try evaluate(new, token: token, row: row, me: me, state: state) } catch {
            rules.keep(state, for: token.party)
            throw error
        }
        guard try await write([evaluated], on: connection).contains(token.party) else { throw WriteConflict() }
        return Stored(stored: new.count, duplicates: old.count, alerts: evaluated.alerts.count, state: state)
    }

    /// `new` (every one after the member's last stored report) evaluated on `state`, the
    /// party's state at `row`. Refused before `state` is fed, or not at all.
    private func evaluate(_ new: [Report], token: RelayToken, row: PartyRules.Row, me: Caller, state: PartyState) throws(Refusal) -> Evaluated {
        if let lastTime = me.lastTime, let first = new.first, first.time < lastTime {
            throw Refusal(.replay, "reports: a report at \(first.time) is older than '\(token.member)''s last, at \(lastTime)")
        }
        var seq = row.logSeq
        var events: [PartyEvent] = []
        for r in new {
            seq += 1
            events += state.feed(LogEntry(seq: seq, member: token.member, time: r.time, lat: r.lat, lon: r.lon, accuracy: r.accuracy))
        }
        let write = RelayStatements.ReportWrites.Request(
            party: token.party, member: token.member, fromSeq: row.logSeq, epoch: row.epoch, nextTick: state.monitor.nextSilence, reports: new)
        return Evaluated(write: write, alerts: RelayAlerts.alerts(PartyMonitor.ordered(events), in: state), state: state)
    }

    /// Writes `evaluated` and the alerts of those that took, in one statement
    /// (``RelayStatements/ReportWrites``, or ``RelayStatements/AlertingReportWrites`` when
    /// there are alerts).
    /// - Returns: the parties written.
    private func write(_ evaluated: [Evaluated], on connection: PostgresConnection) async throws -> Set<String> {
        let writes = RelayStatements.ReportWrites(requests: evaluated.map(\.write))
        let alerts = evaluated.flatMap { e in e.alerts.map { (e.write.party, $0) } }
        var written: Set<String> = []
        if alerts.isEmpty {
            for try await party in try await connection.execute(writes, logger: logger) { written.insert(party) }
        } else {
            let statement = RelayStatements.AlertingReportWrites(writes: writes, alerts: alerts)
            for try await party in try await connection.execute(statement, logger: logger) { written.insert(party) }
        }
        return written
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
            let rows = try await RelayAlerts.deliveries(party: token.party, members: [me.member], after: after, on: connection, logger: logger).rows
            return ["alerts": .array(rows.prefix(limit).map(\.json))]
        }
    }
}
