import FlowKit
import Formats
import GeoKit
import Logging
import PostgresNIO

/// An alert as the relay stores and delivers it: what the party's rules raised (or an
/// emergency, or a watch that ran out), and who is told of it, each with whether they may see
/// the member's position (PartyRights).
struct RelayAlert: Sendable {
    struct Recipient: Sendable {
        var id: String
        var sees: Bool
        var notify: [String]
    }

    var kind: String
    var time: Double
    var member: String
    var other: String?
    var zone: String?
    var coordinate: Coordinate?
    var distance: Double?
    var recipients: [Recipient]
}

/// Alerts: made from the rules' events, stored with their deliveries and outbox rows in the
/// transaction of the report that raised them, and read back for the event streams.
enum RelayAlerts {
    /// Deliveries read at once for a party's streams.
    static let readLimit = 500

    /// The alerts `events` make in `state`: each alert event with the members its kind is told
    /// to by their roles (an arrival in a first zone is no alert).
    static func alerts(_ events: [PartyEvent], in state: PartyState) -> [RelayAlert] {
        events.compactMap { e in
            guard e.isAlert, state.members.indices.contains(e.member) else { return nil }
            let recipients = state.members.indices.compactMap { i -> RelayAlert.Recipient? in
                let m = state.members[i]
                guard PartyRights.tells(e, to: i, role: m.role) else { return nil }
                return RelayAlert.Recipient(id: m.id, sees: state.sees(i, e.member), notify: m.notify)
            }
            guard !recipients.isEmpty else { return nil }
            return RelayAlert(
                kind: e.kind.alertKind, time: e.time, member: state.members[e.member].id,
                other: e.other.flatMap { state.members.indices.contains($0) ? state.members[$0].id : nil },
                zone: e.zone.flatMap { state.zones.indices.contains($0) ? state.zones[$0] : nil }, coordinate: e.coordinate,
                distance: e.distance, recipients: recipients)
        }
    }

    /// Stores `alerts` of `party`, one delivery per recipient and one outbox row per recipient
    /// and channel, and NOTIFYs the relays (delivered when the transaction commits).
    /// - Returns: the deliveries stored.
    @discardableResult
    static func store(_ alerts: [RelayAlert], party: String, on connection: PostgresConnection, logger: Logger) async throws -> Int {
        var deliveries = 0
        for alert in alerts {
            let rows = try await connection.query(
                """
                INSERT INTO alerts (party, kind, time, member, other, zone, lat, lon, distance)
                VALUES (\(party), \(alert.kind), \(alert.time), \(alert.member), \(alert.other), \(alert.zone),
                        \(alert.coordinate?.latitude), \(alert.coordinate?.longitude), \(alert.distance))
                RETURNING id
                """, logger: logger)
            var id: Int64 = 0
            for try await value in rows.decode(Int64.self) { id = value }
            let ids = alert.recipients.map(\.id), sees = alert.recipients.map(\.sees)
            try await connection.query(
                """
                INSERT INTO deliveries (party, recipient, alert, sees)
                SELECT \(party), r, \(id), s FROM unnest(\(ids)::text[], \(sees)::boolean[]) AS t(r, s)
                """, logger: logger)
            var outRecipients: [String] = [], channels: [String] = []
            for r in alert.recipients {
                for channel in r.notify {
                    outRecipients.append(r.id)
                    channels.append(channel)
                }
            }
            if !channels.isEmpty {
                try await connection.query(
                    """
                    INSERT INTO outbox (party, recipient, alert, channel)
                    SELECT \(party), r, \(id), c FROM unnest(\(outRecipients)::text[], \(channels)::text[]) AS t(r, c)
                    """, logger: logger)
            }
            deliveries += ids.count
        }
        if deliveries > 0 {
            try await connection.query("SELECT pg_notify(\(RelaySchema.channel), \(party))", logger: logger)
        }
        return deliveries
    }

    /// A delivery as a stream sends it.
    struct Delivery: Sendable {
        var id: Int64
        var recipient: String
        var json: JSONValue
    }

    /// Deliveries of `party` to `members` after id `after`, oldest first, at most ``readLimit``.
    static func deliveries(
        party: String, members: [String], after: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> [Delivery]
    {
        let rows = try await connection.query(
            """
            SELECT d.id, d.recipient, d.sees, a.kind, a.time, a.member, m.name, a.other, a.zone, a.lat, a.lon, a.distance
            FROM deliveries d JOIN alerts a ON a.party = d.party AND a.id = d.alert
            LEFT JOIN members m ON m.party = a.party AND m.id = a.member
            WHERE d.party = \(party) AND d.recipient = ANY(\(members)::text[]) AND d.id > \(after)
            ORDER BY d.id LIMIT \(readLimit)
            """, logger: logger)
        var out: [Delivery] = []
        for try await (id, recipient, sees, kind, time, member, name, other, zone, lat, lon, distance) in rows.decode(
            (Int64, String, Bool, String, Double, String, String?, String?, String?, Double?, Double?, Double?).self)
        {
            var o: [String: JSONValue] = [
                "id": .number(Double(id)), "kind": .string(kind), "time": .number(time), "member": .string(member),
                "name": .string(name ?? member),
            ]
            if let other { o["other"] = .string(other) }
            if let zone { o["zone"] = .string(zone) }
            if sees, let lat, let lon { (o["lat"], o["lon"]) = (.number(lat), .number(lon)) }
            if let distance { o["distance"] = .number(distance.rounded()) }
            out.append(Delivery(id: id, recipient: recipient, json: .object(o)))
        }
        return out
    }
}
