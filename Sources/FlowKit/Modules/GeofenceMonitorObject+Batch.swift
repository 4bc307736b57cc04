import GeoKit
import LuaKit

/// `mon:feed_many(fixes)`: a replay or a phone's backlog of fixes fed in one call, read in
/// bulk (a list of fixes, or columns `{lat = {...}, lon = {...}, time = {...}}`).
extension GeofenceMonitorObject {
    /// The fields of a fix, in the order ``fixes(_:_:)`` reads them.
    static let fixFields: [LuaColumns.Field] = [
        .init("lat", .number), .init("lon", .number), .init("time", .number), .init("accuracy", .optionalNumber),
    ]

    /// Argument `i` as checked fixes in time order: every one is checked before any is fed,
    /// so a bad fix leaves the monitor as it was.
    func fixes(_ call: LuaCall, _ i: Int) throws -> [GeofenceFix] {
        let c = try call.records(i, name: "fixes", fields: Self.fixFields)
        let lats = c.numbers(0), lons = c.numbers(1), times = c.numbers(2), accuracies = c.optionalNumbers(3)
        var out: [GeofenceFix] = []
        out.reserveCapacity(c.count)
        for k in 0..<c.count {
            let coordinate: Coordinate
            do throws(GeoError) { coordinate = try Coordinate(validatingLatitude: lats[k], longitude: lons[k]) } catch {
                throw call.badArgument(i, "fixes[\(k + 1)]: \(error.message)")
            }
            guard times[k].isFinite else { throw call.badArgument(i, "fixes[\(k + 1)]: time must be a finite number of seconds") }
            if k > 0, times[k] < times[k - 1] {
                throw call.badArgument(
                    i,
                    "fixes[\(k + 1)]: time \(GeoError.text(times[k])) is before the previous fix's \(GeoError.text(times[k - 1])); fixes must be in time order")
            }
            let accuracy = accuracies?[k] ?? 0
            guard accuracy.isFinite, accuracy >= 0 else { throw call.badArgument(i, "fixes[\(k + 1)]: accuracy must be a number ≥ 0") }
            out.append(GeofenceFix(coordinate: coordinate, time: times[k], accuracy: accuracy))
        }
        return out
    }

    /// Feeds `fixes` in order; the events of all, each with its fix's position in the list,
    /// and the regions added and removed, in the order they changed.
    func feed(_ fixes: [GeofenceFix], _ call: inout LuaCall, argument i: Int) throws {
        var events: [LuaValue] = [], added: [LuaValue] = [], removed: [LuaValue] = []
        for (k, fix) in fixes.enumerated() {
            // As one feed() charges, fix by fix: the work follows the monitored set.
            try call.charge(controller.monitor.feedWorkEstimate * Charge.perRegion)
            let step: RegionMonitor.Step
            do throws(GeoError) { step = try controller.feed(fix) } catch { throw call.badArgument(i, "fixes[\(k + 1)]: \(error.message)") }
            if step.events.isEmpty && step.added.isEmpty && step.removed.isEmpty { continue }
            try call.charge(results: step.events.count + step.added.count + step.removed.count)
            for event in step.events {
                var e = eventTable(event, at: fix)
                e["fix"] = .integer(Int64(k + 1))
                events.append(.table(e))
            }
            added += step.added.map { .string(id($0)) }
            removed += step.removed.map { .string(id($0)) }
        }
        guard !events.isEmpty || !added.isEmpty || !removed.isEmpty else { return call.pushNil() }
        var t = LuaTable()
        t["events"] = .table(LuaTable(sequence: events))
        t["added"] = .table(LuaTable(sequence: added))
        t["removed"] = .table(LuaTable(sequence: removed))
        call.push(LuaValue.table(t))
    }
}
