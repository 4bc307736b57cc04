import FlowKit
import Formats
import GeoKit
import Synchronization

/// The others' positions, polled from `GET /v1/parties/{party}/positions`: the relay answers
/// only those the member's role may see (a child sees the guardians), and each member's newest
/// fix is given once.
final class RelayPositions: Sendable {
    private let seen: Mutex<[String: Double]> = Mutex([:])

    /// The positions newer than those given before, not this member's own.
    func poll(_ http: RelayHTTP, credentials: RelayCredentials) async throws(RelayClientError) -> [RelayDelivery.Position] {
        let answer = try await http.call(.GET, "/v1/parties/\(credentials.party)/positions", token: credentials.token)
        if let refusal = answer.refusal { throw refusal }
        guard let list = answer["positions"]?.arrayValue else { throw .badAnswer("the relay's positions have no 'positions' list") }
        var out: [RelayDelivery.Position] = []
        for p in list {
            guard let member = p["member"]?.stringValue, member != credentials.member, let time = p["time"]?.numberValue,
                let lat = p["lat"]?.numberValue, let lon = p["lon"]?.numberValue
            else { continue }
            let newer = seen.withLock { seen in
                guard time > (seen[member] ?? -.infinity) else { return false }
                seen[member] = time
                return true
            }
            if newer { out.append(RelayDelivery.Position(member: member, fix: TimedFix(coordinate: Coordinate(latitude: lat, longitude: lon), time: time))) }
        }
        return out
    }
}
