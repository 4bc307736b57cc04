import Foundation
import GeoKit
import LuaKit

/// Builds `ctx`, the table a flow receives:
/// `ctx.park` (the merged configuration plus `code`), `ctx.flow`, `ctx.args`,
/// `ctx.at` (`{lat, lon, inside_park}` or nil), `ctx.track` (a replayed GPX track, or nil),
/// `ctx.time` and, on first use, `ctx.sites`.
enum FlowContext {
    static func make(request: FlowRequest, park: ParkConfig, clock: Date, insidePark: Bool?) -> LuaValue {
        var parkTable = park.raw.tableValue ?? LuaTable()
        parkTable["code"] = .string(park.code)
        var ctx = LuaTable()
        ctx["park"] = .table(parkTable)
        ctx["flow"] = .string(request.flow)
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
        if let track = request.track { ctx["track"] = Self.track(track) }
        ctx["time"] = time(clock, zone: park.timezone)
        return .table(ctx)
    }

    /// `{epoch, iso, date, clock, hour, minute, weekday, timezone}` in the park's time zone.
    static func time(_ date: Date, zone identifier: String) -> LuaValue {
        let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let pad = { (n: Int?) in String(format: "%02d", n ?? 0) }
        var t = LuaTable()
        t["epoch"] = .integer(Int64(date.timeIntervalSince1970.rounded(.down)))
        t["iso"] = .string(ISO8601DateFormatter.string(from: date, timeZone: zone, formatOptions: [.withInternetDateTime]))
        t["date"] = .string("\(c.year ?? 0)-\(pad(c.month))-\(pad(c.day))")
        t["clock"] = .string("\(pad(c.hour)):\(pad(c.minute))")
        t["hour"] = .integer(Int64(c.hour ?? 0))
        t["minute"] = .integer(Int64(c.minute ?? 0))
        t["weekday"] = .string(weekdays[((c.weekday ?? 1) - 1 + 7) % 7])
        t["timezone"] = .string(zone.identifier)
        return .table(t)
    }

    /// `{file, count, start, finish, fixes = {{lat, lon, time, ele?, line}}}`: a track to replay.
    static func track(_ track: RecordedTrack) -> LuaValue {
        var t = LuaTable()
        t["file"] = .string(track.displayPath)
        t["count"] = .integer(Int64(track.fixes.count))
        if let first = track.fixes.first, let last = track.fixes.last {
            t["start"] = .number(first.time)
            t["finish"] = .number(last.time)
        }
        t["fixes"] = .table(LuaTable(sequence: track.fixes.map { fix in
            var f = LuaTable()
            f["lat"] = .number(fix.coordinate.latitude)
            f["lon"] = .number(fix.coordinate.longitude)
            f["time"] = .number(fix.time)
            if let ele = fix.elevation { f["ele"] = .number(ele) }
            f["line"] = .integer(Int64(fix.line))
            return .table(f)
        }))
        return .table(t)
    }

    /// A site as flows see it: `{id, name, category, description, lat, lon, properties}`.
    static func site(_ site: Site) -> LuaValue {
        var t = LuaTable()
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
