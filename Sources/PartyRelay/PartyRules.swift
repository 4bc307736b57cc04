import FlowKit
import Formats
import GeoKit
import Logging
import PostgresNIO
import Synchronization

/// A party's rules as the relay evaluates them: GeoKit's ``PartyMonitor`` (the one a replay
/// and a live session run) over the party's members and zones, fed the party's log in order.
///
/// Relays keep no state a request needs: any relay rebuilds a party's monitor from the
/// database (`party_log`), and one that served the party before only feeds it the entries
/// other relays added since. Each party's log is written in one order across all relays
/// (``PartyRules``), and that order is the order every relay feeds.
final class PartyState: @unchecked Sendable {
    // @unchecked: one task at a time holds a state, taken out of PartyRules' cache and put
    // back only once what it was fed is committed (see PartyRules).
    struct Member: Sendable {
        var id: String
        var name: String
        var role: PartyRole
        var notify: [String]
    }

    let epoch: Int64
    /// The last log entry fed.
    var seq: Int64
    /// The members not removed, by join order: index i is member i of the monitor.
    let members: [Member]
    let index: [String: Int]
    /// Zone ids by the monitor's zone index.
    let zones: [String]
    let monitor: PartyMonitor

    init(epoch: Int64, members: [Member], zones: [String], monitor: PartyMonitor) {
        (self.epoch, self.seq, self.members, self.zones, self.monitor) = (epoch, 0, members, zones, monitor)
        var index: [String: Int] = [:]
        for (i, m) in members.enumerated() { index[m.id] = i }
        self.index = index
    }

    /// Feeds one log entry: a member's fix, or a tick of the party's clock (no member).
    /// - Returns: the events raised.
    func feed(_ entry: LogEntry) -> [PartyEvent] {
        seq = entry.seq
        guard let member = entry.member else { return monitor.advance(to: entry.time) }
        guard let i = index[member], let lat = entry.lat, let lon = entry.lon,
            let coordinate = try? Coordinate(validatingLatitude: lat, longitude: lon)
        else { return [] }
        if let last = monitor.lastFix(of: i), entry.time < last.time { return [] }
        let fix = TimedFix(coordinate: coordinate, time: entry.time)
        return (try? monitor.feed(member: i, fix: fix)) ?? []
    }

    /// Whether the member at `viewer` may see the member at `target`, by PartyRights.
    func sees(_ viewer: Int, _ target: Int) -> Bool {
        PartyRights.sees(viewer: viewer, role: members[viewer].role, target: target, targetRole: members[target].role)
    }
}

/// One entry of a party's log.
struct LogEntry: Sendable {
    var seq: Int64
    var member: String?
    var time: Double
    var lat: Double?
    var lon: Double?
    var accuracy: Double?
}

/// The parties' states this relay holds, and how one is brought up to date.
///
/// A party's log grows one write at a time across all relays: a write names the `log_seq`
/// and `epoch` its evaluation started from and is refused if the `parties` row moved since
/// (another relay wrote, or the members or zones changed), or it holds the row's lock.
/// A state is taken out of the cache for one evaluation and put back (``keep(_:for:)``) only
/// after its writes commit, so a state fed what was not committed is never used again, and
/// two requests never feed one state at once.
final class PartyRules: Sendable {
    private let cache = Mutex<[String: PartyState]>([:])
    private let capacity: Int
    private let parks: ParkRules
    let logger: Logger

    /// Counts each state rebuilt from the log (`states_rebuilt` in `/v1/stats`).
    private let counters: RelayCounters

    init(capacity: Int, parks: ParkRules, counters: RelayCounters, logger: Logger) {
        (self.capacity, self.parks, self.counters, self.logger) = (capacity, parks, counters, logger)
    }

    /// The party's row, locked until the transaction ends.
    struct Row: Sendable {
        var id: String
        var park: String
        var drift: Double
        var silence: Double
        var logSeq: Int64
        var epoch: Int64
    }

    /// Locks `party`'s row; nil when there is no such party.
    static func lock(_ party: String, on connection: PostgresConnection, logger: Logger) async throws -> Row? {
        let rows = try await connection.query(
            "SELECT park, drift_m, silence_s, log_seq, epoch FROM parties WHERE id = \(party) FOR UPDATE", logger: logger)
        for try await (park, drift, silence, seq, epoch) in rows.decode((String, Double, Double, Int64, Int64).self) {
            return Row(id: party, park: park, drift: drift, silence: silence, logSeq: seq, epoch: epoch)
        }
        return nil
    }

    /// The party's cached state, taken out of the cache (nil when none is held).
    func take(_ party: String) -> PartyState? { cache.withLock { $0.removeValue(forKey: party) } }

    /// The party's state brought up to `row.logSeq`, taken out of the cache: the cached one
    /// fed what other relays logged since, or one rebuilt from the log. Events raised while
    /// catching up were delivered by the relay that logged them, and are dropped here.
    func state(_ row: Row, on connection: PostgresConnection) async throws -> PartyState {
        let cached = take(row.id)
        let state: PartyState
        if let cached, cached.epoch == row.epoch, cached.seq <= row.logSeq {
            state = cached
        } else {
            state = try await build(row, on: connection)
        }
        if state.seq < row.logSeq {
            let rows = try await connection.query(
                "SELECT seq, member, time, lat, lon, accuracy FROM party_log WHERE party = \(row.id) AND seq > \(state.seq) ORDER BY seq",
                logger: logger)
            for try await (seq, member, time, lat, lon, accuracy) in rows.decode((Int64, String?, Double, Double?, Double?, Double?).self) {
                _ = state.feed(LogEntry(seq: seq, member: member, time: time, lat: lat, lon: lon, accuracy: accuracy))
            }
        }
        return state
    }

    /// Forgets a party's state (its members or zones changed: the next request rebuilds it).
    func forget(_ party: String) { _ = take(party) }

    /// Puts back a state whose writes are committed (or that was not fed), unless the cache
    /// holds a later one of the party.
    func keep(_ state: PartyState, for party: String) {
        cache.withLock { cache in
            if let held = cache[party], held.epoch > state.epoch || (held.epoch == state.epoch && held.seq >= state.seq) { return }
            // Past the capacity, half the parties go (any half: each is rebuilt from the log when next used).
            if cache.count >= capacity, cache[party] == nil {
                for key in cache.keys.prefix(cache.count / 2) { cache.removeValue(forKey: key) }
            }
            cache[party] = state
        }
    }

    private func build(_ row: Row, on connection: PostgresConnection) async throws -> PartyState {
        counters.add(\.statesRebuilt, 1)
        var members: [PartyState.Member] = []
        let memberRows = try await connection.query(
            "SELECT id, name, role, notify FROM members WHERE party = \(row.id) AND NOT removed ORDER BY ordinal", logger: logger)
        for try await (id, name, role, notify) in memberRows.decode((String, String, String, [String]).self) {
            members.append(PartyState.Member(id: id, name: name, role: PartyRole(rawValue: role) ?? .guest, notify: notify))
        }
        var zoneIDs: [String] = [], regions: [GeofenceRegion] = []
        let zoneRows = try await connection.query("SELECT id, spec FROM zones WHERE party = \(row.id) ORDER BY ordinal", logger: logger)
        for try await (id, spec) in zoneRows.decode((String, String).self) {
            guard let json = try? JSONValue.parse(spec), let zone = try? PartyFile.zone(json, path: "zones.\(id)") else { continue }
            zoneIDs.append(id)
            regions.append(zone.region)
        }
        var settings = PartySettings()
        settings.driftDistance = row.drift
        settings.silenceTimeout = row.silence
        let monitor = try PartyMonitor(members: members.count, zones: regions, settings: parks.rules(settings, park: row.park))
        return PartyState(epoch: row.epoch, members: members, zones: zoneIDs, monitor: monitor)
    }
}
