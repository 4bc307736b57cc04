/// Replays a party's tracks together: each member's phone watches the safe zones (a
/// ``RegionMonitor`` per member), and the party notices who left every zone, who stopped
/// reporting and which two drifted apart. Deterministic: the same fixes give the same events.
public enum PartyReplay {
    /// The events, in time order (ties: by member, then kind order).
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
        if let problem = settings.problem() { throw GeoError(.invalidArgument, problem) }
        var events: [PartyEvent] = []
        let finish = end ?? tracks.compactMap { $0.last?.time }.max() ?? 0
        for (m, fixes) in tracks.enumerated() {
            events += try zoneEvents(member: m, fixes: fixes, zones: zones, settings: settings.geofence)
            events += silenceEvents(member: m, fixes: fixes, timeout: settings.silenceTimeout, end: finish)
        }
        events += driftEvents(tracks: tracks, settings: settings)
        let order = Dictionary(uniqueKeysWithValues: PartyEvent.Kind.allCases.enumerated().map { ($1, $0) })
        return events.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.time != y.time { return x.time < y.time }
            if x.member != y.member { return x.member < y.member }
            if x.kind != y.kind { return order[x.kind, default: 0] < order[y.kind, default: 0] }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Safe-zone events of one member: debounced enters and exits, reduced to "inside some
    /// zone" changes (leaving the campground for the trail corridor is no alert).
    static func zoneEvents(
        member: Int, fixes: [TimedFix], zones: [GeofenceRegion],
        settings: GeofenceSettings
    ) throws(GeoError) -> [PartyEvent] {
        guard !zones.isEmpty else { return [] }
        let monitor = try RegionMonitor(index: RegionIndex(zones), settings: settings)
        var inside = Set<Int32>(), everInside = false, out: [PartyEvent] = []
        for fix in fixes {
            let step = try monitor.feed(GeofenceFix(coordinate: fix.coordinate, time: fix.time))
            for event in step.events where event.region != GeofenceEvent.presence {
                switch event.kind {
                case .enter:
                    let wasOutside = inside.isEmpty
                    inside.insert(event.region)
                    if wasOutside {
                        out.append(
                            PartyEvent(
                                kind: everInside ? .returned : .inZone, time: event.time, member: member,
                                zone: Int(event.region), coordinate: fix.coordinate))
                    }
                    everInside = true
                case .exit:
                    inside.remove(event.region)
                    if inside.isEmpty {
                        out.append(
                            PartyEvent(
                                kind: .leftZones, time: event.time, member: member,
                                zone: Int(event.region), coordinate: fix.coordinate))
                    }
                case .dwell, .missedEnter:
                    break
                }
            }
        }
        return out
    }

    /// A gap longer than `timeout` is a silence from the last fix + timeout until the next fix.
    static func silenceEvents(member: Int, fixes: [TimedFix], timeout: Double, end: Double) -> [PartyEvent] {
        var out: [PartyEvent] = []
        for (a, b) in zip(fixes, fixes.dropFirst()) where b.time - a.time > timeout {
            out.append(PartyEvent(kind: .silent, time: a.time + timeout, member: member, coordinate: a.coordinate))
            out.append(PartyEvent(kind: .reporting, time: b.time, member: member, coordinate: b.coordinate))
        }
        if let last = fixes.last, end - last.time > timeout {
            out.append(PartyEvent(kind: .silent, time: last.time + timeout, member: member, coordinate: last.coordinate))
        }
        return out
    }

    /// Pairs farther apart than the drift distance, checked at every fix against the others'
    /// latest fixes (ignored once older than the silence timeout: a silent phone's last fix
    /// says nothing of where its owner is now). Back together below 80 % of the distance.
    static func driftEvents(tracks: [[TimedFix]], settings: PartySettings) -> [PartyEvent] {
        let n = tracks.count
        guard n > 1 else { return [] }
        // Every fix of everyone, in time order (ties by member): one merge pass.
        var merged: [(time: Double, member: Int, index: Int)] = []
        for (m, fixes) in tracks.enumerated() { for i in fixes.indices { merged.append((fixes[i].time, m, i)) } }
        merged.sort { $0.time != $1.time ? $0.time < $1.time : ($0.member != $1.member ? $0.member < $1.member : $0.index < $1.index) }
        var latest = [TimedFix?](repeating: nil, count: n)
        var apart = Set<Int>()  // pair key a * n + b, a < b
        var out: [PartyEvent] = []
        let back = settings.driftDistance * 0.8
        for entry in merged {
            let fix = tracks[entry.member][entry.index]
            latest[entry.member] = fix
            for other in 0..<n where other != entry.member {
                guard let seen = latest[other], fix.time - seen.time <= settings.silenceTimeout else { continue }
                let (a, b) = (min(entry.member, other), max(entry.member, other))
                let key = a * n + b
                let d = Spherical.distance(fix.coordinate, seen.coordinate)
                if d > settings.driftDistance, !apart.contains(key) {
                    apart.insert(key)
                    out.append(
                        PartyEvent(
                            kind: .drift, time: fix.time, member: a, other: b,
                            coordinate: (a == entry.member ? fix : seen).coordinate, distance: d))
                } else if d < back, apart.contains(key) {
                    apart.remove(key)
                    out.append(
                        PartyEvent(
                            kind: .together, time: fix.time, member: a, other: b,
                            coordinate: (a == entry.member ? fix : seen).coordinate, distance: d))
                }
            }
        }
        return out
    }
}
