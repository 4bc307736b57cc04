import PostgresNIO

/// The statements every report and every alert runs, prepared once per connection: planning a
/// statement cost PostgreSQL more than running it (half of its CPU under the relay benchmark
/// went to parsing and planning), so these are parsed and planned once, then only bound and
/// run. The rest of the relay's statements are rare enough to send as text.
enum RelayStatements {
    /// For each of a batch's requests: the party's row, the caller's row and the party's log
    /// after `after` (only while the party is still at `epoch`), in log order: one row per
    /// entry, or one without an entry; `request` is the request's place in the batch, from 1.
    /// A party that does not exist has no row. Each request is looked up on its own (`LATERAL`,
    /// kept apart by `OFFSET 0`): joined as tables, the generic plan read the whole of each
    /// party's log and filtered it, and PostgreSQL's CPU doubled.
    struct ReportSnapshots: PostgresPreparedStatement {
        static let sql = """
            SELECT r.i, p.park, p.drift_m, p.silence_s, p.log_seq, p.epoch, m.name, m.role, m.removed, m.last_seq, m.last_time,
                   l.seq, l.member, l.time, l.lat, l.lon, l.accuracy
            FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) WITH ORDINALITY AS r(party, member, epoch, after, i)
            CROSS JOIN LATERAL (SELECT park, drift_m, silence_s, log_seq, epoch FROM parties WHERE id = r.party OFFSET 0) p
            LEFT JOIN LATERAL (
                SELECT name, role, removed, last_seq, last_time FROM members WHERE party = r.party AND id = r.member OFFSET 0
            ) m ON true
            LEFT JOIN LATERAL (
                SELECT seq, member, time, lat, lon, accuracy FROM party_log
                WHERE party = r.party AND seq > r.after AND p.epoch = r.epoch OFFSET 0
            ) l ON true
            ORDER BY r.i, l.seq
            """
        typealias Row = (
            request: Int64, park: String, drift: Double, silence: Double, logSeq: Int64, epoch: Int64,
            name: String?, role: String?, removed: Bool?, lastSeq: Int64?, lastTime: Double?,
            seq: Int64?, member: String?, time: Double?, lat: Double?, lon: Double?, accuracy: Double?
        )

        struct Request: Sendable {
            var party: String
            var member: String
            var epoch: Int64
            var after: Int64
        }

        var requests: [Request]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(requests.map(\.party))
            bindings.append(requests.map(\.member))
            bindings.append(requests.map(\.epoch))
            bindings.append(requests.map(\.after))
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(
                (
                    Int64, String, Double, Double, Int64, Int64, String?, String?, Bool?, Int64?, Double?, Int64?, String?, Double?, Double?,
                    Double?, Double?
                ).self)
        }
    }

    /// Members' reports appended to their parties' logs, each request's as entries after
    /// `fromSeq`: a party's row moves only from the `fromSeq` and `epoch` its evaluation
    /// started at, and only if no other transaction holds it now (`SKIP LOCKED`: a batch
    /// never waits on a row, so two relays' batches cannot deadlock); its log and its member's
    /// row follow it, so a request whose write lost stores nothing. Rows: the parties written.
    /// A batch that raised alerts runs ``AlertingReportWrites``.
    struct ReportWrites: PostgresPreparedStatement {
        static let sql = text(alerting: false)

        /// The statement; `alerting`: with ``AlertRows`` after its 20 parameters, for the
        /// parties written. Apart, because a plan with the alert tables opens them and their
        /// indexes at every run, rows or none (PostgreSQL's CPU rose a sixth under the relay
        /// benchmark when every batch ran it).
        static func text(alerting: Bool) -> String {
            """
            WITH w AS (
                SELECT * FROM unnest($1::text[], $2::bigint[], $3::float8[], $4::bigint[], $5::bigint[]) AS w(id, to_seq, next_tick, from_seq, epoch)
            ), taken AS (
                SELECT p.id FROM parties p JOIN w ON p.id = w.id
                WHERE p.log_seq = w.from_seq AND p.epoch = w.epoch
                FOR UPDATE OF p SKIP LOCKED
            ), party AS (
                UPDATE parties p SET log_seq = w.to_seq, next_tick = NULLIF(w.next_tick, 'NaN'::float8)
                FROM w WHERE p.id = w.id AND p.id IN (SELECT id FROM taken)
                RETURNING p.id
            ), logged AS (
                INSERT INTO party_log (party, seq, member, client_seq, time, lat, lon, accuracy)
                SELECT e.party, e.seq, e.member, e.c, e.t, e.la, e.lo, NULLIF(e.a, -1)
                FROM unnest($6::text[], $7::bigint[], $8::text[], $9::bigint[], $10::float8[], $11::float8[], $12::float8[], $13::float8[])
                     AS e(party, seq, member, c, t, la, lo, a)
                WHERE e.party IN (SELECT id FROM party)
            ), member AS (
                UPDATE members m SET last_seq = u.c, last_time = u.t, last_lat = u.la, last_lon = u.lo, last_accuracy = NULLIF(u.a, -1)
                FROM unnest($14::text[], $15::text[], $16::bigint[], $17::float8[], $18::float8[], $19::float8[], $20::float8[])
                     AS u(party, member, c, t, la, lo, a)
                WHERE m.party = u.party AND m.id = u.member AND u.party IN (SELECT id FROM party)
            )\(alerting ? ", " + AlertRows.sql(first: 21, condition: "x.party IN (SELECT id FROM party)") : "")
            SELECT id FROM party\(alerting ? " WHERE (SELECT count(*) FROM notified) >= 0" : "")
            """
        }
        typealias Row = String

        /// One request's write: its member's `reports` as the party's entries `fromSeq + 1`
        /// on, leaving the silence clock's next tick at `nextTick`.
        struct Request: Sendable {
            var party: String
            var member: String
            var fromSeq: Int64
            var epoch: Int64
            var nextTick: Double?
            var reports: [RelayService.Report]
        }

        var requests: [Request]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 20 + AlertRows.parameters)
            bindings.append(requests.map(\.party))
            bindings.append(requests.map { $0.fromSeq + Int64($0.reports.count) })
            bindings.append(requests.map { $0.nextTick ?? .nan })
            bindings.append(requests.map(\.fromSeq))
            bindings.append(requests.map(\.epoch))
            var party: [String] = [], seq: [Int64] = [], member: [String] = [], client: [Int64] = []
            var time: [Double] = [], lat: [Double] = [], lon: [Double] = [], accuracy: [Double] = []
            for request in requests {
                for (n, report) in request.reports.enumerated() {
                    party.append(request.party)
                    seq.append(request.fromSeq + 1 + Int64(n))
                    member.append(request.member)
                    client.append(report.seq)
                    time.append(report.time)
                    lat.append(report.lat)
                    lon.append(report.lon)
                    accuracy.append(report.accuracy ?? -1)
                }
            }
            bindings.append(party)
            bindings.append(seq)
            bindings.append(member)
            bindings.append(client)
            bindings.append(time)
            bindings.append(lat)
            bindings.append(lon)
            bindings.append(accuracy)
            let last = requests.compactMap { r in r.reports.last.map { (r, $0) } }
            bindings.append(last.map(\.0.party))
            bindings.append(last.map(\.0.member))
            bindings.append(last.map(\.1.seq))
            bindings.append(last.map(\.1.time))
            bindings.append(last.map(\.1.lat))
            bindings.append(last.map(\.1.lon))
            bindings.append(last.map { $0.1.accuracy ?? -1 })
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(String.self) }
    }

    /// ``ReportWrites`` and the alerts the requests raised (``AlertRows``), stored for the
    /// parties written: a report and its alerts are stored together or not at all.
    struct AlertingReportWrites: PostgresPreparedStatement {
        static let sql = ReportWrites.text(alerting: true)
        typealias Row = String

        var writes: ReportWrites
        /// The alerts, each with its party.
        var alerts: [(party: String, alert: RelayAlert)]

        func makeBindings() throws -> PostgresBindings {
            var bindings = try writes.makeBindings()
            AlertRows.bind(alerts, into: &bindings)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try writes.decodeRow(row) }
    }

    /// Alerts, one delivery per alert and recipient, one outbox row per recipient and channel,
    /// and a NOTIFY of each party to the relays (sent when the transaction commits), as the
    /// common table expressions ``AlertingReportWrites`` and ``AlertInserts`` both hold: a report and
    /// the alerts it raises are one statement, atomic without a transaction of their own and
    /// one round trip (BEGIN, a statement per alert and COMMIT were four or more).
    ///
    /// The alerts' ids are drawn in their order, and their deliveries inserted in theirs, so a
    /// party's delivery ids (the streams' event ids) follow the order the rules raised them.
    /// Each party's NOTIFY carries its new deliveries and the party's last delivery id before
    /// them (``RelayFanout/Push``), so a relay whose streams stand there sends them without
    /// reading them back; a payload over ``RelayFanout/largestPayload`` is the party's id alone.
    enum AlertRows {
        /// Parameters the CTEs take.
        static let parameters = 16

        /// The CTEs (`alert_in`, `alert`, `delivered`, `queued`, `notified`), their parameters
        /// numbered from `first`; only the alerts whose party meets `condition` (on `x.party`)
        /// are stored. `notified` must be read by the statement, or PostgreSQL skips it.
        static func sql(first n: Int, condition: String) -> String {
            """
            alert_in AS (
                SELECT nextval('alerts_id_seq') AS id, x.party, x.kind, x.time, x.member, x.other, x.zone, x.lat, x.lon, x.distance, x.i
                FROM unnest($\(n)::text[], $\(n + 1)::text[], $\(n + 2)::float8[], $\(n + 3)::text[], $\(n + 4)::text[],
                            $\(n + 5)::text[], $\(n + 6)::float8[], $\(n + 7)::float8[], $\(n + 8)::float8[])
                     WITH ORDINALITY AS x(party, kind, time, member, other, zone, lat, lon, distance, i)
                WHERE \(condition)
                ORDER BY x.i
            ), alert AS (
                INSERT INTO alerts (party, id, kind, time, member, other, zone, lat, lon, distance)
                SELECT party, id, kind, time, member, NULLIF(other, ''), NULLIF(zone, ''),
                       NULLIF(lat, 'NaN'::float8), NULLIF(lon, 'NaN'::float8), NULLIF(distance, 'NaN'::float8)
                FROM alert_in
            ), delivered AS (
                INSERT INTO deliveries (party, recipient, alert, sees)
                SELECT a.party, d.r, a.id, d.s
                FROM unnest($\(n + 9)::bigint[], $\(n + 10)::text[], $\(n + 11)::boolean[]) WITH ORDINALITY AS d(a, r, s, k)
                JOIN alert_in a ON a.i = d.a
                ORDER BY d.k
                RETURNING id, recipient, alert, sees
            ), queued AS (
                INSERT INTO outbox (party, recipient, alert, channel)
                SELECT a.party, o.r, a.id, o.c
                FROM unnest($\(n + 12)::bigint[], $\(n + 13)::text[], $\(n + 14)::text[]) AS o(a, r, c)
                JOIN alert_in a ON a.i = o.a
            ), notified AS (
                SELECT pg_notify($\(n + 15)::text, CASE WHEN octet_length(p.payload) <= \(RelayFanout.largestPayload) THEN p.payload ELSE p.party END)
                FROM (
                    SELECT a.party, json_build_object(
                        'party', a.party, 'after', (SELECT coalesce(max(id), 0) FROM deliveries WHERE party = a.party),
                        'deliveries', json_agg(json_build_array(
                            d.id, d.recipient, d.sees, a.kind, a.time, a.member, m.name, NULLIF(a.other, ''), NULLIF(a.zone, ''),
                            NULLIF(a.lat, 'NaN'::float8), NULLIF(a.lon, 'NaN'::float8), NULLIF(a.distance, 'NaN'::float8)) ORDER BY d.id)
                    )::text AS payload
                    FROM delivered d JOIN alert_in a ON a.id = d.alert
                    LEFT JOIN members m ON m.party = a.party AND m.id = a.member
                    GROUP BY a.party
                ) p
            )
            """
        }

        /// Binds `alerts` (each with its party) as the CTEs' parameters. Absent values go as ''
        /// and NaN (no member, zone or measure is either), which the CTEs make NULL again.
        static func bind(_ alerts: [(party: String, alert: RelayAlert)], into bindings: inout PostgresBindings) {
            bindings.append(alerts.map(\.party))
            bindings.append(alerts.map(\.alert.kind))
            bindings.append(alerts.map(\.alert.time))
            bindings.append(alerts.map(\.alert.member))
            bindings.append(alerts.map { $0.alert.other ?? "" })
            bindings.append(alerts.map { $0.alert.zone ?? "" })
            bindings.append(alerts.map { $0.alert.coordinate?.latitude ?? .nan })
            bindings.append(alerts.map { $0.alert.coordinate?.longitude ?? .nan })
            bindings.append(alerts.map { $0.alert.distance ?? .nan })
            var delivered: (alert: [Int64], recipient: [String], sees: [Bool]) = ([], [], [])
            var queued: (alert: [Int64], recipient: [String], channel: [String]) = ([], [], [])
            for (i, (_, alert)) in alerts.enumerated() {
                for r in alert.recipients {
                    delivered.alert.append(Int64(i + 1))
                    delivered.recipient.append(r.id)
                    delivered.sees.append(r.sees)
                    for channel in r.notify {
                        queued.alert.append(Int64(i + 1))
                        queued.recipient.append(r.id)
                        queued.channel.append(channel)
                    }
                }
            }
            bindings.append(delivered.alert)
            bindings.append(delivered.recipient)
            bindings.append(delivered.sees)
            bindings.append(queued.alert)
            bindings.append(queued.recipient)
            bindings.append(queued.channel)
            bindings.append(RelaySchema.channel)
        }
    }

    /// Alerts stored alone (an emergency, a silence the clock raised, a watch that ran out),
    /// in the transaction of what raised them: ``AlertRows``.
    struct AlertInserts: PostgresPreparedStatement {
        static let sql = """
            WITH \(AlertRows.sql(first: 1, condition: "true"))
            SELECT count(*) FROM notified
            """
        /// The parties notified.
        typealias Row = Int64

        var alerts: [(party: String, alert: RelayAlert)]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: AlertRows.parameters)
            AlertRows.bind(alerts, into: &bindings)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
    }

    /// Deliveries of `party` to `members` after id `after`, oldest first, at most
    /// ``RelayAlerts/readLimit``: what the event streams send. Each row also carries `top`,
    /// the party's last delivery id when read (one row with no delivery when none is after
    /// `after`): where a relay's streams of the party stand once it has sent them these.
    struct Deliveries: PostgresPreparedStatement {
        static let sql = """
            SELECT t.top, x.id, x.recipient, x.sees, x.kind, x.time, x.member, x.name, x.other, x.zone, x.lat, x.lon, x.distance
            FROM (SELECT coalesce(max(id), 0) AS top FROM deliveries WHERE party = $1::text) t
            LEFT JOIN LATERAL (
                SELECT d.id, d.recipient, d.sees, a.kind, a.time, a.member, m.name, a.other, a.zone, a.lat, a.lon, a.distance
                FROM deliveries d JOIN alerts a ON a.party = d.party AND a.id = d.alert
                LEFT JOIN members m ON m.party = a.party AND m.id = a.member
                WHERE d.party = $1::text AND d.recipient = ANY($2::text[]) AND d.id > $3::bigint
                ORDER BY d.id LIMIT \(RelayAlerts.readLimit)
            ) x ON true
            ORDER BY x.id
            """
        typealias Row = (
            top: Int64, id: Int64?, recipient: String?, sees: Bool?, kind: String?, time: Double?, member: String?, name: String?,
            other: String?, zone: String?, lat: Double?, lon: Double?, distance: Double?
        )

        var party: String
        var members: [String]
        var after: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(party)
            bindings.append(members)
            bindings.append(after)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode((Int64, Int64?, String?, Bool?, String?, Double?, String?, String?, String?, String?, Double?, Double?, Double?).self)
        }
    }
}
