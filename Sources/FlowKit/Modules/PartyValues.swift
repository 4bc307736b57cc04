import GeoKit
import LuaKit
import ScreenModel

/// The `party` module's results as Lua tables, limited to what the viewer may see.
enum PartyValues {
    /// Most points a path carries for drawing (every n-th fix, and the last).
    static let pathPoints = 400

    static func info(_ s: PartySession) -> LuaValue {
        let party = s.run.party
        var t = LuaTable()
        t["name"] = .string(party.name)
        t["file"] = .string(party.file)
        t["live"] = .boolean(s.run.live)
        t["drift_m"] = .number(party.settings.driftDistance)
        t["silence_s"] = .number(party.settings.silenceTimeout)
        t["start"] = .number(party.span.start)
        t["finish"] = .number(party.span.end)
        t["members"] = .table(
            LuaTable(
                sequence: s.members.enumerated().map { i, m in
                    ([
                        "id": .string(m.id), "name": .string(m.name), "role": .string(m.role.rawValue),
                        "source": .string(m.source), "fixes": .integer(Int64(m.fixes.count)), "visible": .boolean(s.sees(i)),
                    ])
                }))
        t["zones"] = .table(LuaTable(sequence: s.zoneSpecs.map(zone)))
        return .table(t)
    }

    /// A zone as `geofence.monitor` and `party.set_zone` take it.
    static func zone(_ spec: RegionSpec) -> LuaValue {
        var t = LuaTable()
        t["id"] = .string(spec.id)
        t["name"] = .string(spec.name ?? spec.id)
        if let lat = spec.lat { t["lat"] = .number(lat) }
        if let lon = spec.lon { t["lon"] = .number(lon) }
        if let r = spec.radius_m { t["radius_m"] = .number(r) }
        if let rings = spec.rings {
            t["rings"] = .table(
                LuaTable(
                    sequence: rings.map { ring in
                        .table(LuaTable(sequence: ring.map { (["lat": .number($0.lat), "lon": .number($0.lon)]) }))
                    }))
        }
        return .table(t)
    }

    /// The replay's result: the events the viewer is told of (each with `note`'s extra fields,
    /// by index in `events`) and the paths the viewer may see.
    static func replay(
        _ s: PartySession, events: [PartyEvent], overdue: [StoredPartyWatch] = [], note: (Int) -> [String: LuaValue] = { _ in [:] }
    ) -> LuaValue {
        let members = s.members
        var t = LuaTable()
        var heard = 0
        var told: [(time: Double, event: LuaValue)] = events.enumerated().compactMap { i, e in
            guard var r = event(s, e) else { return nil }
            heard += 1
            for (k, v) in note(i) { r[k] = v }
            return (e.time, .table(r))
        }
        // In time order with the track's events; a stable sort keeps the replay's own order.
        for w in overdue {
            let at = told.firstIndex { $0.time > w.until } ?? told.count
            told.insert((w.until, .table(overdueAlert(s, w))), at: at)
        }
        t["events"] = .table(LuaTable(sequence: told.map(\.event)))
        t["hidden"] = .integer(Int64(events.count - heard))
        t["paths"] = .table(
            LuaTable(
                sequence: members.indices.filter(s.sees).map { i in
                    let m = members[i], fixes = m.fixes
                    let step = max(1, (fixes.count + pathPoints - 1) / pathPoints)
                    var points: [LuaValue] = stride(from: 0, to: fixes.count, by: step).map {
                        .table(LuaTable(sequence: [.number(fixes[$0].coordinate.longitude), .number(fixes[$0].coordinate.latitude)]))
                    }
                    if let last = fixes.last, (fixes.count - 1) % step != 0 {
                        points.append(.table(LuaTable(sequence: [.number(last.coordinate.longitude), .number(last.coordinate.latitude)])))
                    }
                    var p = LuaTable()
                    p["id"] = .string(m.id)
                    p["name"] = .string(m.name)
                    p["role"] = .string(m.role.rawValue)
                    p["points"] = .table(LuaTable(sequence: points))
                    if let first = fixes.first, let last = fixes.last {
                        p["start"] = .number(first.time)
                        p["finish"] = .number(last.time)
                    }
                    return .table(p)
                }))
        return .table(t)
    }

    /// A watch as `party.watches()` gives it.
    static func watch(_ s: PartySession, _ w: StoredPartyWatch) -> LuaValue {
        var t = LuaTable()
        t["member"] = .string(w.member)
        t["name"] = .string(s.run.party.member(w.member)?.name ?? w.member)
        t["started"] = .number(w.started)
        t["ends"] = .number(w.until)
        if let c = w.checkedIn { t["checked_in"] = .number(c) }
        t["overdue"] = .boolean(w.isOverdue(at: s.now))
        return .table(t)
    }

    /// A watch that ran out as an event: `{kind = "overdue", entry = "overdue", time = until, member, name, to}`.
    static func overdueAlert(_ s: PartySession, _ w: StoredPartyWatch) -> LuaTable {
        table(
            kind: overdueKind, entry: .overdue, time: w.until, member: (w.member, s.run.party.member(w.member)?.name ?? w.member), other: nil,
            zone: nil, at: nil, distance: nil, to: s.watchRecipients(w.member))
    }

    /// The kind of a watch's alert, in the replay's events and the store's kept alerts.
    static let overdueKind = "overdue"

    /// A kept alert as `party.alerts()` gives it: as ``event(_:_:)`` gives a replay's, ids
    /// resolved to names while the party still has them.
    static func alert(_ s: PartySession, _ a: StoredPartyAlert) -> LuaTable? {
        let party = s.run.party
        let kinds: (String, Component.Timeline.Entry.Kind)
        if let kind = PartyEvent.Kind(rawValue: a.kind) {
            kinds = (kind.rawValue, kind.entryKind)
        } else if a.kind == overdueKind {
            kinds = (overdueKind, .overdue)
        } else {
            return nil
        }
        func named(_ id: String) -> Named { (id, party.member(id)?.name ?? id) }
        let zone = a.zone.isEmpty ? nil : (a.zone, s.zoneSpecs.first { $0.id == a.zone }.map { $0.name ?? $0.id } ?? a.zone)
        let at = a.latitude.flatMap { lat in a.longitude.map { Coordinate(latitude: lat, longitude: $0) } }
        return table(
            kind: kinds.0, entry: kinds.1, time: a.time, member: named(a.member), other: a.other.isEmpty ? nil : named(a.other), zone: zone, at: at,
            distance: a.distance, to: [])
    }

    /// One event as the viewer is told of it, or nil when the viewer is not (alerts by the
    /// role; an in-zone event when the viewer may see the member).
    static func event(_ s: PartySession, _ e: PartyEvent) -> LuaTable? {
        guard e.isAlert ? s.hears(e) : s.sees(e.member) else { return nil }
        let members = s.members
        let zone = e.zone.flatMap { z in z < s.zones.count ? (s.zones[z].id, s.zones[z].name) : nil }
        return table(
            kind: e.kind.rawValue, entry: e.kind.entryKind, time: e.time, member: (members[e.member].id, members[e.member].name),
            other: e.other.map { (members[$0].id, members[$0].name) },
            // A position the viewer may not see stays out, even in an alert they hear.
            zone: zone, at: s.sees(e.member) ? e.coordinate : nil, distance: e.distance, to: e.isAlert ? s.recipients(e) : [])
    }

    typealias Named = (id: String, name: String)

    /// `{kind, entry, time, member, name, other?, other_name?, zone?, zone_name?, lat?, lon?, distance?, to}`.
    private static func table(
        kind: String, entry: Component.Timeline.Entry.Kind, time: Double, member: Named, other: Named?, zone: Named?, at: Coordinate?, distance: Double?,
        to: [String]
    ) -> LuaTable {
        var r = LuaTable()
        r["kind"] = .string(kind)
        r["entry"] = .string(entry.rawValue)
        r["time"] = .number(time)
        r["member"] = .string(member.id)
        r["name"] = .string(member.name)
        if let other {
            r["other"] = .string(other.id)
            r["other_name"] = .string(other.name)
        }
        if let zone {
            r["zone"] = .string(zone.id)
            r["zone_name"] = .string(zone.name)
        }
        if let at {
            r["lat"] = .number(at.latitude)
            r["lon"] = .number(at.longitude)
        }
        if let distance { r["distance"] = .number(distance) }
        r["to"] = .table(LuaTable(sequence: to.map(LuaValue.string)))
        return r
    }
}
