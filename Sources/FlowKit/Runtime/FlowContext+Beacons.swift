import GeoKit
import LuaKit

extension FlowContext {
    /// `ctx` with `ctx.beacons = {file, count, start, finish, at_time?, skipped = {unknown_beacons, rssi_out_of_range, unknown = {[id] = n}}}`:
    /// the scan log a run replays. Its readings stay native: `beacons.replay()` feeds them.
    static func adding(beacons log: ScanLog, atTime: Double?, to ctx: LuaValue) -> LuaValue {
        guard var table = ctx.tableValue else { return ctx }
        var t = LuaTable()
        t["file"] = .string(log.displayPath)
        t["count"] = .integer(Int64(log.scans.count))
        if let first = log.scans.first, let last = log.scans.last {
            t["start"] = .number(first.time)
            t["finish"] = .number(last.time)
        }
        if let atTime { t["at_time"] = .number(atTime) }
        var skipped = LuaTable()
        skipped["unknown_beacons"] = .integer(Int64(log.unknownBeacons.values.reduce(0, +)))
        skipped["rssi_out_of_range"] = .integer(Int64(log.rssiOutOfRange))
        var unknown = LuaTable()
        for (id, count) in log.unknownBeacons { unknown[id] = .integer(Int64(count)) }
        skipped["unknown"] = .table(unknown)
        t["skipped"] = .table(skipped)
        table["beacons"] = .table(t)
        return .table(table)
    }
}
