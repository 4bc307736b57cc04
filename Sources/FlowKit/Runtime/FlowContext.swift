import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GeoKit
import LuaKit

/// Builds `ctx`, the table a flow receives:
/// `ctx.park` (the merged configuration plus `code`), `ctx.flow`, `ctx.acting`, `ctx.args`,
/// `ctx.at` (`{lat, lon, inside_park}` or nil), `ctx.track` (a replayed GPX track, or nil),
/// `ctx.view` and `ctx.ar` (the typed map and AR cameras), `ctx.time`, `ctx.locale` (the
/// language the screen speaks) and, on first use, `ctx.sites`.
enum FlowContext {
    /// The screen sizes used when a request gives none: the park's `map.size` and `ar.size`.
    struct DefaultSizes {
        var map: ScreenSize
        var ar: ScreenSize
    }

    /// `ctx.park`: the park's merged configuration plus `code`.
    static func park(_ park: ParkConfig) -> LuaTable {
        var table = park.raw.tableValue ?? LuaTable()
        table["code"] = .string(park.code)
        return table
    }

    /// - Parameter time: `ctx.time`, from ``time(_:zone:)``.
    /// `ctx.park` is not in it: the runner sets it from ``park(_:)``, built once per runtime.
    /// - Parameter now: the clock's time in seconds since 1970, for `ctx.location`'s ages.
    /// - Parameter trackLocation: `ctx.track.location`, the replay's location states (``locationChanges(_:track:)``).
    static func make(
        request: FlowRequest, time: LuaValue, now: Double, insidePark: Bool?, sizes: DefaultSizes, locale: String,
        trackLocation: LuaValue? = nil
    ) -> LuaValue {
        var ctx = LuaTable()
        ctx["locale"] = .string(locale)
        for (key, value) in watched(request: request, time: time, now: now, insidePark: insidePark) { ctx[key] = value }
        ctx["flow"] = .string(request.flow)
        ctx["acting"] = .boolean(request.acting)
        var args = LuaTable()
        for (key, value) in request.args { args[key] = .string(value) }
        ctx["args"] = .table(args)
        if let track = request.track { ctx["track"] = Self.track(track, until: request.until, location: trackLocation) }  // its fixes: ``fixes(_:)``
        ctx["view"] = view(request.view, size: request.size ?? sizes.map)
        ctx["ar"] = ar(request.ar, size: request.size ?? sizes.ar)
        return .table(ctx)
    }

    /// The parts of `ctx` the world changes while a visitor holds a screen open: where they
    /// are, what the app knows of it, the time and the network. A live session watches what a
    /// run read of them (``FlowRunner``) and re-runs the flow when one of those values changes.
    static let watchedKeys = ["at", "location", "time", "connectivity"]

    /// `ctx.at` (when known), `ctx.location`, `ctx.time` and `ctx.connectivity`, by key.
    static func watched(request: FlowRequest, time: LuaValue, now: Double, insidePark: Bool?) -> [String: LuaValue] {
        var parts: [String: LuaValue] = [
            "time": time, "location": location(request.locationState(now: now), now: now), "connectivity": connectivity(request.connectivity),
        ]
        if let at = request.at {
            var position: LuaTable = LuaTable()
            position["lat"] = .number(at.latitude)
            position["lon"] = .number(at.longitude)
            if let insidePark { position["inside_park"] = .boolean(insidePark) }
            parts["at"] = .table(position)
        }
        return parts
    }

    /// `{state, reason?, accuracy?, age_s?, searching_s?, fix = {lat, lon, accuracy, time}?}`:
    /// `reason` for an error (`denied`, `unavailable`, `timed_out`), `accuracy` (metres),
    /// `age_s` and `fix` when found, `searching_s` (how long the search has gone on) while searching.
    static func location(_ state: LocationState, now: Double) -> LuaValue {
        var t = LuaTable()
        t["state"] = .string(state.name)
        switch state {
        case .idle:
            break
        case .searching(let since), .searchingLonger(let since):
            t["searching_s"] = number(max(0, now - since))
        case .found(let fix):
            t["accuracy"] = number(fix.accuracy)
            t["age_s"] = number(max(0, now - fix.time))
            var f = LuaTable()
            f["lat"] = .number(fix.coordinate.latitude)
            f["lon"] = .number(fix.coordinate.longitude)
            f["accuracy"] = number(fix.accuracy)
            f["time"] = number(fix.time)
            t["fix"] = .table(f)
        case .error(let problem, _):
            t["reason"] = .string(problem.rawValue)
        }
        return .table(t)
    }

    /// `ctx.track.location`: `{{time, state, reason?, accuracy?, lat?, lon?, line?}}`, each
    /// state the replay entered, with the last fix seen before it (where the visitor was).
    static func locationChanges(_ changes: [(change: LocationChange, fix: Int?)], track: RecordedTrack) -> LuaValue {
        .table(
            LuaTable(
                sequence: changes.map { change, index in
                    var t = LuaTable()
                    t["time"] = number(change.time)
                    t["state"] = .string(change.state.name)
                    if let problem = change.state.problem { t["reason"] = .string(problem.rawValue) }
                    if let fix = change.state.fix { t["accuracy"] = number(fix.accuracy) }
                    if let index, track.fixes.indices.contains(index) {
                        let fix = track.fixes[index]
                        t["lat"] = .number(fix.coordinate.latitude)
                        t["lon"] = .number(fix.coordinate.longitude)
                        if fix.line > 0 { t["line"] = .integer(Int64(fix.line)) }
                    }
                    return .table(t)
                }))
    }

    /// `{state, cache?}`: `cache` (what the device runs from, for people) when offline.
    static func connectivity(_ connectivity: Connectivity) -> LuaValue {
        var t = LuaTable()
        t["state"] = .string(connectivity.name)
        if case .offline(let cache) = connectivity { t["cache"] = .string(cache) }
        return .table(t)
    }

    /// `{center = {lat, lon}?, zoom?, bbox = {west, south, east, north}?, size = {width, height}}`.
    static func view(_ view: MapView, size: ScreenSize) -> LuaValue {
        var t = LuaTable()
        if let center = view.center {
            var c = LuaTable()
            c["lat"] = .number(center.latitude)
            c["lon"] = .number(center.longitude)
            t["center"] = .table(c)
        }
        if let zoom = view.zoom { t["zoom"] = number(zoom) }
        if let box = view.bbox {
            var b = LuaTable()
            b["west"] = .number(box.west)
            b["south"] = .number(box.south)
            b["east"] = .number(box.east)
            b["north"] = .number(box.north)
            t["bbox"] = .table(b)
        }
        t["size"] = self.size(size)
        return .table(t)
    }

    /// `{heading?, pitch?, fov?, size = {width, height}}`.
    static func ar(_ view: ARView, size: ScreenSize) -> LuaValue {
        var t = LuaTable()
        if let heading = view.heading { t["heading"] = number(heading) }
        if let pitch = view.pitch { t["pitch"] = number(pitch) }
        if let fov = view.fov { t["fov"] = number(fov) }
        t["size"] = self.size(size)
        return .table(t)
    }

    /// `{width, height}`, integers.
    static func size(_ size: ScreenSize) -> LuaValue {
        var t = LuaTable()
        t["width"] = .integer(Int64(size.width))
        t["height"] = .integer(Int64(size.height))
        return .table(t)
    }

    /// A whole number as a Lua integer (`12`, as the text form read), others as floats.
    private static func number(_ value: Double) -> LuaValue {
        Int64(exactly: value).map(LuaValue.integer) ?? .number(value)
    }

    /// `{epoch, iso, date, clock, hour, minute, weekday, timezone}` in the park's time zone,
    /// looked up by the caller once: a live session's clock moves every second.
    static func time(_ date: Date, zone: ZoneRules) -> LuaValue {
        let local = LocalTime(date, zone: zone)
        var t = LuaTable()
        t["epoch"] = .integer(Int64(date.timeIntervalSince1970.rounded(.down)))
        t["iso"] = .string(local.iso)
        t["date"] = .string(local.date)
        t["clock"] = .string(local.clock)
        t["hour"] = .integer(Int64(local.hour))
        t["minute"] = .integer(Int64(local.minute))
        t["weekday"] = .string(local.weekdayName)
        t["timezone"] = .string(zone.identifier)
        return .table(t)
    }

    /// `{file, count, start, finish, moment?, location?}`: a track to replay; `moment` the one
    /// asked for (`--until`; `until` is a Lua keyword), `location` the location states its fixes lead to. Its `fixes` go to Lua as their own
    /// argument (``fixes(_:)``), which the runner puts into the table.
    static func track(_ track: RecordedTrack, until: Double? = nil, location: LuaValue? = nil) -> LuaValue {
        var t = LuaTable()
        t["file"] = .string(track.displayPath)
        t["count"] = .integer(Int64(track.fixes.count))
        if let first = track.fixes.first, let last = track.fixes.last {
            t["start"] = .number(first.time)
            t["finish"] = .number(last.time)
        }
        if let until { t["moment"] = .number(until) }
        if let location { t["location"] = location }
        return .table(t)
    }

    /// `ctx.track.fixes`, `{{lat, lon, time, ele?, line}}`, as a list of records: thousands of
    /// them on every replay, so no LuaTable each.
    static func fixes(_ track: RecordedTrack) -> LuaRecordList {
        let fixes = track.fixes
        return LuaRecordList(
            fields: [.init("lat"), .init("lon"), .init("time"), .init("ele"), .init("line", .integer)],
            count: fixes.count
        ) { i, field in
            switch field {
            case 0: return fixes[i].coordinate.latitude
            case 1: return fixes[i].coordinate.longitude
            case 2: return fixes[i].time
            case 3: return fixes[i].elevation
            default: return Double(fixes[i].line)
            }
        }
    }

    /// A site as flows see it: `{id, name, category, description, lat, lon, properties}`.
    static func siteTable(_ site: Site) -> LuaTable {
        var t = LuaTable(fieldCapacity: 7)
        t["id"] = .string(site.id)
        t["name"] = .string(site.name)
        t["category"] = .string(site.category)
        if let description = site.description { t["description"] = .string(description) }
        t["lat"] = .number(site.coordinate.latitude)
        t["lon"] = .number(site.coordinate.longitude)
        var properties = LuaTable()
        for (key, value) in site.properties { properties[key] = json(value) }
        t["properties"] = .table(properties)
        return t
    }

    static func json(_ value: JSONValue) -> LuaValue {
        switch value {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .number(let d): return Int64(exactly: d).map(LuaValue.integer) ?? .number(d)
        case .string(let s): return .string(s)
        case .array(let a): return .table(LuaTable(sequence: a.map(json)))
        case .object(let o):
            var t = LuaTable()
            for (k, v) in o { t[k] = json(v) }
            return .table(t)
        }
    }
}
