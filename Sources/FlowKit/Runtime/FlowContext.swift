import Foundation
import GeoKit
import LuaKit

/// Builds `ctx`, the table a flow receives:
/// `ctx.park` (the merged configuration plus `code`), `ctx.flow`, `ctx.acting`, `ctx.args`,
/// `ctx.at` (`{lat, lon, inside_park}` or nil), `ctx.track` (a replayed GPX track, or nil),
/// `ctx.view` and `ctx.ar` (the typed map and AR cameras), `ctx.time` and, on first use,
/// `ctx.sites`.
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
    static func make(request: FlowRequest, time: LuaValue, insidePark: Bool?, sizes: DefaultSizes) -> LuaValue {
        var ctx = LuaTable()
        ctx["flow"] = .string(request.flow)
        ctx["acting"] = .boolean(request.acting)
        var args = LuaTable()
        for (key, value) in request.args { args[key] = .string(value) }
        ctx["args"] = .table(args)
        if let at = request.at {
            var position: LuaTable = LuaTable()
            position["lat"] = .number(at.latitude)
            position["lon"] = .number(at.longitude)
            if let insidePark { position["inside_park"] = .boolean(insidePark) }
            ctx["at"] = .table(position)
        }
        if let track = request.track { ctx["track"] = Self.track(track) }   // its fixes: ``fixes(_:)``
        ctx["view"] = view(request.view, size: request.size ?? sizes.map)
        ctx["ar"] = ar(request.ar, size: request.size ?? sizes.ar)
        ctx["time"] = time
        return .table(ctx)
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

    /// `{epoch, iso, date, clock, hour, minute, weekday, timezone}` in the park's time zone.
    static func time(_ date: Date, zone identifier: String) -> LuaValue {
        let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
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

    /// `{file, count, start, finish}`: a track to replay. Its `fixes` go to Lua as their own
    /// argument (``fixes(_:)``), which the runner puts into the table.
    static func track(_ track: RecordedTrack) -> LuaValue {
        var t = LuaTable()
        t["file"] = .string(track.displayPath)
        t["count"] = .integer(Int64(track.fixes.count))
        if let first = track.fixes.first, let last = track.fixes.last {
            t["start"] = .number(first.time)
            t["finish"] = .number(last.time)
        }
        return .table(t)
    }

    /// `ctx.track.fixes`, `{{lat, lon, time, ele?, line}}`, as a list of records: thousands of
    /// them on every replay, so no LuaTable each.
    static func fixes(_ track: RecordedTrack) -> LuaRecordList {
        let fixes = track.fixes
        return LuaRecordList(fields: [.init("lat"), .init("lon"), .init("time"), .init("ele"), .init("line", .integer)],
                             count: fixes.count) { i, field in
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
    static func site(_ site: Site) -> LuaValue {
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
        return .table(t)
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
