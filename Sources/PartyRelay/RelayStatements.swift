import PostgresNIO

/// The statements every report and every alert runs, prepared once per connection: planning a
/// statement cost PostgreSQL more than running it (half of its CPU under the relay benchmark
/// went to parsing and planning), so these are parsed and planned once, then only bound and
/// run. The rest of the relay's statements are rare enough to send as text.
enum RelayStatements {
    /// The party's row, the caller's row and the party's log after `after` (only while the
    /// party is still at `epoch`), in log order: one row per entry, or one without an entry.
    struct ReportSnapshot: PostgresPreparedStatement {
        static let sql = """
            SELECT p.park, p.drift_m, p.silence_s, p.log_seq, p.epoch, m.name, m.role, m.removed, m.last_seq, m.last_time,
                   l.seq, l.member, l.time, l.lat, l.lon, l.accuracy
            FROM parties p
            LEFT JOIN members m ON m.party = p.id AND m.id = $2::text
            LEFT JOIN party_log l ON l.party = p.id AND p.epoch = $3::bigint AND l.seq > $4::bigint
            WHERE p.id = $1::text ORDER BY l.seq
            """
        typealias Row = (
            park: String, drift: Double, silence: Double, logSeq: Int64, epoch: Int64,
            name: String?, role: String?, removed: Bool?, lastSeq: Int64?, lastTime: Double?,
            seq: Int64?, member: String?, time: Double?, lat: Double?, lon: Double?, accuracy: Double?
        )

        var party: String
        var member: String
        var epoch: Int64
        var after: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(party)
            bindings.append(member)
            bindings.append(epoch)
            bindings.append(after)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            try row.decode(
                (String, Double, Double, Int64, Int64, String?, String?, Bool?, Int64?, Double?, Int64?, String?, Double?, Double?, Double?, Double?)
                    .self)
        }
    }

    /// A member's reports appended to the party's log as entries `logSeqs`: the `parties` row
    /// moves first, only from `fromSeq` and `epoch` (where the evaluation started), and the log
    /// and the member's row follow it, so a write that lost to another stores nothing. One row:
    /// 1 when written, 0 when it lost.
    struct ReportWrite: PostgresPreparedStatement {
        static let sql = """
            WITH party AS (
                UPDATE parties SET log_seq = $3::bigint, next_tick = $4::float8
                WHERE id = $1::text AND log_seq = $5::bigint AND epoch = $6::bigint RETURNING id
            ), logged AS (
                INSERT INTO party_log (party, seq, member, client_seq, time, lat, lon, accuracy)
                SELECT $1::text, s, $2::text, c, t, la, lo, NULLIF(a, -1)
                FROM unnest($7::bigint[], $8::bigint[], $9::float8[], $10::float8[], $11::float8[], $12::float8[]) AS r(s, c, t, la, lo, a)
                WHERE EXISTS (SELECT FROM party)
            ), member AS (
                UPDATE members SET last_seq = $13::bigint, last_time = $14::float8, last_lat = $15::float8, last_lon = $16::float8,
                       last_accuracy = $17::float8
                WHERE party = $1::text AND id = $2::text AND EXISTS (SELECT FROM party)
            )
            SELECT count(*) FROM party
            """
        typealias Row = Int64

        var party: String
        var member: String
        /// The party's log_seq after the write, and the silence clock's next tick.
        var toSeq: Int64
        var nextTick: Double?
        /// Where the evaluation started.
        var fromSeq: Int64
        var epoch: Int64
        var reports: [RelayService.Report]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 17)
            bindings.append(party)
            bindings.append(member)
            bindings.append(toSeq)
            bindings.append(nextTick)
            bindings.append(fromSeq)
            bindings.append(epoch)
            bindings.append(Array(fromSeq + 1...toSeq))
            bindings.append(reports.map(\.seq))
            bindings.append(reports.map(\.time))
            bindings.append(reports.map(\.lat))
            bindings.append(reports.map(\.lon))
            bindings.append(reports.map { $0.accuracy ?? -1 })
            let last = reports.last
            bindings.append(last?.seq ?? 0)
            bindings.append(last?.time)
            bindings.append(last?.lat)
            bindings.append(last?.lon)
            bindings.append(last?.accuracy)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
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
