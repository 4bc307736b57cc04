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
        guard !alerts.isEmpty else { return 0 }
        for try await _ in try await connection.execute(RelayStatements.AlertInserts(alerts: alerts.map { (party, $0) }), logger: logger) {}
        return alerts.reduce(0) { $0 + $1.recipients.count }
    }

    /// A delivery as a stream sends it.
    struct Delivery: Sendable {
        var id: Int64
        var recipient: String
        var json: JSONValue

        /// The event of delivery `id` to `recipient`: the alert, its member's `name`, and the
        /// member's place only if the recipient `sees` them.
        init(
            id: Int64, recipient: String, sees: Bool, kind: String, time: Double, member: String, name: String?,
            other: String?, zone: String?, lat: Double?, lon: Double?, distance: Double?
        ) {
            var o: [String: JSONValue] = [
                "id": .number(Double(id)), "kind": .string(kind), "time": .number(time), "member": .string(member),
                "name": .string(name ?? member),
            ]
            if let other { o["other"] = .string(other) }
            if let zone { o["zone"] = .string(zone) }
            if sees, let lat, let lon { (o["lat"], o["lon"]) = (.number(lat), .number(lon)) }
            if let distance { o["distance"] = .number(distance.rounded()) }
            (self.id, self.recipient, self.json) = (id, recipient, .object(o))
        }

        /// A delivery as a NOTIFY's payload lists it (``RelayStatements/AlertRows``): `[id,
        /// recipient, sees, kind, time, member, name, other, zone, lat, lon, distance]`.
        init?(listed item: JSONValue) {
            guard let a = item.arrayValue, a.count == 12, let id = a[0].numberValue, let recipient = a[1].stringValue,
                let sees = a[2].boolValue, let kind = a[3].stringValue, let time = a[4].numberValue, let member = a[5].stringValue
            else { return nil }
            self.init(
                id: Int64(id), recipient: recipient, sees: sees, kind: kind, time: time, member: member, name: a[6].stringValue,
                other: a[7].stringValue, zone: a[8].stringValue, lat: a[9].numberValue, lon: a[10].numberValue, distance: a[11].numberValue)
        }
    }

    /// Deliveries of `party` to `members` after id `after`, oldest first, at most ``readLimit``,
    /// and the party's last delivery id when they were read (`top`).
    static func deliveries(
        party: String, members: [String], after: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> (rows: [Delivery], top: Int64)
    {
        var out: [Delivery] = []
        var top: Int64 = 0
        for try await d in try await connection.execute(RelayStatements.Deliveries(party: party, members: members, after: after), logger: logger) {
            top = d.top
            guard let id = d.id, let recipient = d.recipient, let kind = d.kind, let time = d.time, let member = d.member else { continue }
            out.append(
                Delivery(
                    id: id, recipient: recipient, sees: d.sees ?? false, kind: kind, time: time, member: member, name: d.name,
                    other: d.other, zone: d.zone, lat: d.lat, lon: d.lon, distance: d.distance))
        }
        return (out, top)
    }
}
