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
    }

    /// Deliveries of `party` to `members` after id `after`, oldest first, at most ``readLimit``.
    static func deliveries(
        party: String, members: [String], after: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws
        -> [Delivery]
    {
        var out: [Delivery] = []
        for try await d in try await connection.execute(RelayStatements.Deliveries(party: party, members: members, after: after), logger: logger) {
            var o: [String: JSONValue] = [
                "id": .number(Double(d.id)), "kind": .string(d.kind), "time": .number(d.time), "member": .string(d.member),
                "name": .string(d.name ?? d.member),
            ]
            if let other = d.other { o["other"] = .string(other) }
            if let zone = d.zone { o["zone"] = .string(zone) }
            if d.sees, let lat = d.lat, let lon = d.lon { (o["lat"], o["lon"]) = (.number(lat), .number(lon)) }
            if let distance = d.distance { o["distance"] = .number(distance.rounded()) }
            out.append(Delivery(id: d.id, recipient: d.recipient, json: .object(o)))
        }
        return out
    }
}
