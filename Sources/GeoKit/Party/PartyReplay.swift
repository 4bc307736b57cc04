/// Replays a party's tracks together: a ``PartyMonitor`` fed every member's fixes in time
/// order, then moved to the end. Deterministic: the same fixes give the same events.
public enum PartyReplay {
    /// The events, in ``PartyMonitor/ordered(_:)``'s order.
    /// - Parameters:
    ///   - tracks: each member's fixes, in time order (a member may have none).
    ///   - zones: the party's safe zones.
    ///   - settings: drift, silence and geofence settings.
    ///   - end: when the replay ends (default: the last fix of anyone); a member silent at the
    ///     end for longer than the timeout is reported.
    /// - Throws: ``GeoError`` for settings that ``PartySettings/problem()`` refuses.
    public static func run(
        tracks: [[TimedFix]], zones: [GeofenceRegion], settings: PartySettings,
        end: Double? = nil
    ) throws(GeoError) -> [PartyEvent] {
        let monitor = try PartyMonitor(members: tracks.count, zones: zones, settings: settings)
        var events: [PartyEvent] = []
        for (member, index) in merged(tracks) {
            events += try monitor.feed(member: member, fix: tracks[member][index])
        }
        events += monitor.advance(to: end ?? tracks.compactMap { $0.last?.time }.max() ?? 0)
        return PartyMonitor.ordered(events)
    }

    /// Every fix of everyone as (member, index), in time order (ties by member, then index).
    public static func merged(_ tracks: [[TimedFix]]) -> [(member: Int, index: Int)] {
        var merged: [(time: Double, member: Int, index: Int)] = []
        for (m, fixes) in tracks.enumerated() { for i in fixes.indices { merged.append((fixes[i].time, m, i)) } }
        merged.sort { $0.time != $1.time ? $0.time < $1.time : ($0.member != $1.member ? $0.member < $1.member : $0.index < $1.index) }
        return merged.map { ($0.member, $0.index) }
    }
}
