/// A party's rules applied as reports arrive: each member's phone watches the safe zones (a
/// ``RegionMonitor`` per member), and the party notices who left every zone, who stopped
/// reporting and which two drifted apart. ``PartyReplay`` is this monitor fed a whole
/// recording, so a live session and a replay raise the same events at the same times.
///
/// Feed the fixes of every member in time order (``feed(member:fix:)``) and move the clock
/// when time passes without one (``advance(to:)``): a member is silent once the silence
/// timeout has passed since their last fix. Each call returns the events it raised; events of
/// one instant come out in ``ordered(_:)``'s order when they are raised together.
public final class PartyMonitor {
    public let settings: PartySettings
    private let zones: [GeofenceRegion]
    private var members: [Member]
    /// Pairs apart: a * count + b with a < b.
    private var apart = Set<Int>()

    private struct Member {
        var monitor: RegionMonitor?
        var inside = Set<Int32>()
        var everInside = false
        var last: TimedFix?
        var silent = false
    }

    /// - Parameters:
    ///   - members: how many members the party has (events name them by index).
    ///   - zones: the party's safe zones.
    ///   - settings: drift, silence and geofence settings.
    /// - Throws: ``GeoError`` for settings that ``PartySettings/problem()`` refuses.
    public init(members: Int, zones: [GeofenceRegion], settings: PartySettings) throws(GeoError) {
        if let problem = settings.problem() { throw GeoError(.invalidArgument, problem) }
        self.settings = settings
        self.zones = zones
        self.members = []
        for _ in 0..<max(0, members) {
            let monitor = zones.isEmpty ? nil : try RegionMonitor(index: RegionIndex(zones), settings: settings.geofence)
            self.members.append(Member(monitor: monitor))
        }
    }

    /// The last fix of member `i`, nil before their first.
    public func lastFix(of i: Int) -> TimedFix? { members.indices.contains(i) ? members[i].last : nil }

    /// The earliest time a member not yet silent falls silent if no fix comes (their last fix
    /// plus the silence timeout), nil when no one can: when a service must move the clock next.
    public var nextSilence: Double? {
        members.compactMap { m in m.silent ? nil : m.last.map { $0.time + settings.silenceTimeout } }.min()
    }

    /// Time passes: members whose last fix is older than the silence timeout fall silent.
    /// - Parameter time: seconds since 1970.
    /// - Returns: the silences raised, in ``ordered(_:)``'s order.
    public func advance(to time: Double) -> [PartyEvent] {
        var out: [PartyEvent] = []
        for i in members.indices { silence(i, at: time, into: &out) }
        return Self.ordered(out)
    }

    /// Member `member` reports `fix`: their silence ends, their zone monitor takes it, and the
    /// distance to every other member whose last fix is still fresh is checked.
    /// - Parameters:
    ///   - member: the member's index.
    ///   - fix: the fix; not earlier than the member's last.
    /// - Returns: the events raised, in ``ordered(_:)``'s order.
    /// - Throws: ``GeoError`` for a member the party does not have, or a fix the monitor refuses.
    public func feed(member: Int, fix: TimedFix) throws(GeoError) -> [PartyEvent] {
        guard members.indices.contains(member) else {
            throw GeoError(.invalidArgument, "member \(member) is not in a party of \(members.count)")
        }
        var out: [PartyEvent] = []
        silence(member, at: fix.time, into: &out)
        if members[member].silent {
            out.append(PartyEvent(kind: .reporting, time: fix.time, member: member, coordinate: fix.coordinate))
            members[member].silent = false
        }
        try zoneEvents(member, fix, into: &out)
        members[member].last = fix
        driftEvents(member, fix, into: &out)
        return Self.ordered(out)
    }

    /// Events in the replay's order: by time, then member, then kind (``PartyEvent/Kind``'s
    /// order), then as raised.
    public static func ordered(_ events: [PartyEvent]) -> [PartyEvent] {
        guard events.count > 1 else { return events }
        return events.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.time != y.time { return x.time < y.time }
            if x.member != y.member { return x.member < y.member }
            if x.kind != y.kind { return x.kind.order < y.kind.order }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// A silence of member `i` when more than the timeout has passed since their last fix.
    private func silence(_ i: Int, at time: Double, into out: inout [PartyEvent]) {
        guard !members[i].silent, let last = members[i].last, time - last.time > settings.silenceTimeout else { return }
        members[i].silent = true
        out.append(PartyEvent(kind: .silent, time: last.time + settings.silenceTimeout, member: i, coordinate: last.coordinate))
    }

    /// Debounced enters and exits, reduced to "inside some zone" changes (leaving the
    /// campground for the trail corridor is no alert).
    private func zoneEvents(_ i: Int, _ fix: TimedFix, into out: inout [PartyEvent]) throws(GeoError) {
        guard let monitor = members[i].monitor else { return }
        let step = try monitor.feed(GeofenceFix(coordinate: fix.coordinate, time: fix.time))
        for event in step.events where event.region != GeofenceEvent.presence {
            switch event.kind {
            case .enter:
                let wasOutside = members[i].inside.isEmpty
                members[i].inside.insert(event.region)
                if wasOutside {
                    let kind: PartyEvent.Kind = members[i].everInside ? .returned : .inZone
                    out.append(PartyEvent(kind: kind, time: event.time, member: i, zone: Int(event.region), coordinate: fix.coordinate))
                }
                members[i].everInside = true
            case .exit:
                members[i].inside.remove(event.region)
                if members[i].inside.isEmpty {
                    out.append(PartyEvent(kind: .leftZones, time: event.time, member: i, zone: Int(event.region), coordinate: fix.coordinate))
                }
            case .dwell, .missedEnter:
                break
            }
        }
    }

    /// Pairs farther apart than the drift distance, checked against the others' latest fixes
    /// (ignored once older than the silence timeout: a silent phone's last fix says nothing of
    /// where its owner is now). Back together below 80 % of the distance.
    private func driftEvents(_ member: Int, _ fix: TimedFix, into out: inout [PartyEvent]) {
        let n = members.count
        for other in 0..<n where other != member {
            guard let seen = members[other].last, fix.time - seen.time <= settings.silenceTimeout else { continue }
            let (a, b) = (min(member, other), max(member, other))
            let key = a * n + b
            let d = Spherical.distance(fix.coordinate, seen.coordinate)
            let at = (a == member ? fix : seen).coordinate
            if d > settings.driftDistance, !apart.contains(key) {
                apart.insert(key)
                out.append(PartyEvent(kind: .drift, time: fix.time, member: a, other: b, coordinate: at, distance: d))
            } else if d < settings.driftDistance * 0.8, apart.contains(key) {
                apart.remove(key)
                out.append(PartyEvent(kind: .together, time: fix.time, member: a, other: b, coordinate: at, distance: d))
            }
        }
    }
}

extension PartyEvent.Kind {
    /// The kind's place in ``PartyMonitor/ordered(_:)``: its declaration order.
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
