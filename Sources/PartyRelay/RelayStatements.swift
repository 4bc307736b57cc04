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
    /// never waits on a row, so two relays' batches cannot deadlock); its log and its
    /// member's row follow it, so a request whose write lost stores nothing. Rows: the
    /// parties written.
    struct ReportWrites: PostgresPreparedStatement {
        static let sql = """
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
            )
            SELECT id FROM party
            """
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
            var bindings = PostgresBindings(capacity: 20)
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

    /// One alert, its deliveries and its outbox rows, and a NOTIFY of the party to the relays
    /// (sent when the transaction commits; one per party and transaction).
    struct AlertInsert: PostgresPreparedStatement {
        static let sql = """
            WITH alert AS (
                INSERT INTO alerts (party, kind, time, member, other, zone, lat, lon, distance)
                VALUES ($1::text, $2::text, $3::float8, $4::text, $5::text, $6::text, $7::float8, $8::float8, $9::float8)
                RETURNING id
            ), delivered AS (
                INSERT INTO deliveries (party, recipient, alert, sees)
                SELECT $1::text, r, alert.id, s FROM alert, unnest($10::text[], $11::boolean[]) AS d(r, s)
            ), queued AS (
                INSERT INTO outbox (party, recipient, alert, channel)
                SELECT $1::text, r, alert.id, c FROM alert, unnest($12::text[], $13::text[]) AS o(r, c)
            )
            SELECT pg_notify($14::text, $1::text)
            """
        typealias Row = ()

        var party: String
        var alert: RelayAlert

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 14)
            bindings.append(party)
            bindings.append(alert.kind)
            bindings.append(alert.time)
            bindings.append(alert.member)
            bindings.append(alert.other)
            bindings.append(alert.zone)
            bindings.append(alert.coordinate?.latitude)
            bindings.append(alert.coordinate?.longitude)
            bindings.append(alert.distance)
            bindings.append(alert.recipients.map(\.id))
            bindings.append(alert.recipients.map(\.sees))
            var recipients: [String] = [], channels: [String] = []
            for r in alert.recipients {
                for channel in r.notify {
                    recipients.append(r.id)
                    channels.append(channel)
                }
            }
            bindings.append(recipients)
            bindings.append(channels)
            bindings.append(RelaySchema.channel)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {}
    }

    /// Deliveries of `party` to `members` after id `after`, oldest first, at most
    /// ``RelayAlerts/readLimit``: what the event streams send.
    struct Deliveries: PostgresPreparedStatement {
        static let sql = """
            SELECT d.id, d.recipient, d.sees, a.kind, a.time, a.member, m.name, a.other, a.zone, a.lat, a.lon, a.distance
            FROM deliveries d JOIN alerts a ON a.party = d.party AND a.id = d.alert
            LEFT JOIN members m ON m.party = a.party AND m.id = a.member
            WHERE d.party = $1::text AND d.recipient = ANY($2::text[]) AND d.id > $3::bigint
            ORDER BY d.id LIMIT \(RelayAlerts.readLimit)
            """
        typealias Row = (
            id: Int64, recipient: String, sees: Bool, kind: String, time: Double, member: String, name: String?,
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
            try row.decode((Int64, String, Bool, String, Double, String, String?, String?, String?, Double?, Double?, Double?).self)
        }
    }
}
