import Formats
import GeoKit
import LuaKit
import ScreenModel

/// A ``GeofenceController`` held by Lua: feed it fixes, ask it for callouts, push and pop
/// monitoring contexts. Region ids in and out are site ids; the park is `park`.
final class GeofenceMonitorObject: LuaObject {
    static let luaTypeName = "geofence.Monitor"

    let setup: MonitoredRegions
    let controller: GeofenceController

    init(regions: MonitoredRegions, settings: GeofenceSettings, throttle: CalloutThrottle) throws {
        setup = regions
        controller = GeofenceController(
            monitor: try RegionMonitor(index: regions.index, presence: regions.presence, settings: settings),
            throttle: throttle, regionIDs: regions.regionIDs)
    }

    /// What the controller and its monitor hold (``GeofenceController/storageBytes``: their
    /// state, bounded contexts and callout memory; the park's regions are shared, not counted
    /// here, a flow's own are) and the object itself. O(1): read after every method call.
    var nativeByteCount: Int { 96 + controller.storageBytes + setup.ownBytes }

    struct FixSpec: Decodable {
        var lat: Double
        var lon: Double
        var time: Double
        var accuracy: Double?
    }

    func fix(_ call: LuaCall, _ i: Int) throws -> GeofenceFix {
        // A replay feeds thousands of fixes: read the four fields in place; any other shape
        // goes through the decoder, which names the field at fault.
        let spec =
            try call.readFields(i) { (t: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                FixSpec(
                    lat: try t.number("lat"), lon: try t.number("lon"), time: try t.number("time"),
                    accuracy: try t.optionalNumber("accuracy"))
            } ?? call.decode(FixSpec.self, i)
        let c: Coordinate
        do { c = try Coordinate(validatingLatitude: spec.lat, longitude: spec.lon) } catch {
            throw call.badArgument(i, "fix: \(error.message)")
        }
        guard spec.time.isFinite else { throw call.badArgument(i, "fix: time must be a finite number of seconds") }
        let accuracy = spec.accuracy ?? 0
        guard accuracy.isFinite, accuracy >= 0 else { throw call.badArgument(i, "fix: accuracy must be a number ≥ 0") }
        return GeofenceFix(coordinate: c, time: spec.time, accuracy: accuracy)
    }

    func id(_ region: Int32) -> String { setup.id(region) }

    /// Fails the call unless `site` is one of the park's site ids, or `park` when the park has
    /// a boundary: a callout for a site that does not exist would otherwise be "shown".
    func checkSite(_ site: String, _ call: LuaCall, argument: Int) throws {
        if setup.has(site) { return }
        // The suggestion compares with every id: charge it like a scan of the sites.
        try call.charge(setup.regionIDs.count * Charge.perSite)
        let known = setup.presence == nil ? Array(setup.regionIDs.keys) : Array(setup.regionIDs.keys) + ["park"]
        let hint =
            Excerpt.suggestion(for: site, in: known).map { "; did you mean \(Excerpt.quoted($0))?" }
            ?? (known.isEmpty ? "; it has no sites and no boundary" : "")
        throw call.badArgument(
            argument, "unknown site \(Excerpt.quoted(site)): park \(setup.parkCode) has no such site\(setup.ownBytes > 0 ? " or region" : "")\(hint)")
    }

    func name(_ region: Int32) -> String { setup.name(region) }

    /// `{events = {{kind, region, name, time, lat, lon}}, added = {ids}, removed = {ids}}`, or nil when nothing happened.
    func value(_ step: RegionMonitor.Step, at fix: GeofenceFix) -> LuaValue {
        guard !step.events.isEmpty || !step.added.isEmpty || !step.removed.isEmpty else { return .nil }
        var t = LuaTable()
        t["events"] = .table(LuaTable(sequence: step.events.map { .table(eventTable($0, at: fix)) }))
        t["added"] = .table(LuaTable(sequence: step.added.map { .string(id($0)) }))
        t["removed"] = .table(LuaTable(sequence: step.removed.map { .string(id($0)) }))
        return .table(t)
    }

    /// `{kind, region, name, time, lat, lon}`: an event, where the fix that raised it was.
    func eventTable(_ event: GeofenceEvent, at fix: GeofenceFix) -> LuaTable {
        var e = LuaTable()
        let presence = event.region == GeofenceEvent.presence
        e["kind"] = .string(presence ? "presence_\(event.kind.rawValue)" : event.kind.rawValue)
        e["region"] = .string(id(event.region))
        e["name"] = .string(name(event.region))
        e["time"] = .number(event.time)
        e["lat"] = .number(fix.coordinate.latitude)
        e["lon"] = .number(fix.coordinate.longitude)
        return e
    }

    /// `{inside_park, monitored = {{id, name, distance}}, nearest_unmonitored = {id, name, distance}?, fixes, refreshes, cap, context}`.
    func state(at c: Coordinate?) -> LuaValue {
        let monitor = controller.monitor
        let here = c ?? monitor.lastRefresh
        var t = LuaTable()
        t["inside_park"] = .boolean(monitor.isPresent)
        t["fixes"] = .integer(Int64(monitor.fixCount))
        t["refreshes"] = .integer(Int64(monitor.refreshCount))
        t["cap"] = .integer(Int64(monitor.settings.cap))
        t["context"] = .string(controller.active.name)
        t["regions"] = .integer(Int64(setup.index.count))
        t["has_presence"] = .boolean(setup.presence != nil)
        let monitored = Set(monitor.monitored)
        let rows = monitor.monitored.map { r -> (Int32, Double) in
            (r, here.map { setup.index.monitorDistance(Int(r), from: $0) } ?? .nan)
        }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
        t["monitored"] = .table(
            LuaTable(
                sequence: rows.map { r, d in
                    ["id": .string(id(r)), "name": .string(name(r)), "distance": .number(d)]
                }))
        if let here {
            let near = setup.index.nearest(monitored.count + 1, to: here)
            if let next = near.first(where: { !monitored.contains($0.region) }) {
                t["nearest_unmonitored"] = [
                    "id": .string(id(next.region)), "name": .string(name(next.region)),
                    "distance": .number(next.distance),
                ]
            }
        }
        return .table(t)
    }

    /// Making a context active looks up its sites and marks the regions the monitor may watch.
    func chargeContext(_ sites: [String]?, _ call: LuaCall) throws {
        try call.charge(setup.index.count + Charge.perSite * (sites?.count ?? 0))
    }

    static func sites(_ call: LuaCall, _ i: Int) throws -> [String]? {
        if call.isNil(i) { return nil }
        return try call.decode([String].self, i)
    }

    // MARK: - Methods

    static let type = NativeType(
        GeofenceMonitorObject.self, summary: "A phone-like monitor of the park's geofences: feed fixes, get events; throttled callouts; monitoring contexts.",
        methods: [
            .init(
                "feed", summary: "Feeds one GPS fix; returns what changed, or nil.",
                parameters: [.init("fix", "{lat: number, lon: number, time: number, accuracy: number?}", "time in seconds, never going backwards")],
                returns: [
                    (
                        "{events: table[], added: string[], removed: string[]}?",
                        "events {kind, region, name, time, lat, lon}; kind is enter, exit, dwell, missed_enter, presence_enter, presence_exit or presence_dwell"
                    )
                ],
                example: "local step = mon:feed({ lat = 37.80, lon = -122.47, time = ctx.time.epoch })"
            ) { o, _, call in
                let fix = try o.fix(call, 2)
                try call.charge(o.controller.monitor.feedWorkEstimate * Charge.perRegion)
                let step: RegionMonitor.Step
                do { step = try o.controller.feed(fix) } catch { throw call.badArgument(2, (error as? GeoError)?.message ?? "\(error)") }
                try call.charge(results: step.events.count + step.added.count + step.removed.count)
                call.push(o.value(step, at: fix))
            },
            .init(
                "feed_many",
                summary: "Feeds many fixes in time order, as many feed() calls would: a list of fixes, or, faster, "
                    + "columns {lat = {...}, lon = {...}, time = {...}, accuracy = {...}?} of one length; at most 10,000,000. "
                    + "Every fix is checked before any is fed. Returns what changed over all of them, or nil.",
                parameters: [
                    .init(
                        "fixes",
                        "{lat: number, lon: number, time: number, accuracy: number?}[]|{lat: number[], lon: number[], time: number[], accuracy: number[]?}",
                        "times in seconds, never going backwards")
                ],
                returns: [
                    (
                        "{events: table[], added: string[], removed: string[]}?",
                        "events {kind, region, name, time, lat, lon, fix} in order, fix being the fix's position in the list; "
                            + "added and removed in the order they changed (a region may be in both)"
                    )
                ],
                example: "local step = mon:feed_many({ lat = lats, lon = lons, time = times })"
            ) { o, _, call in
                let fixes = try o.fixes(call, 2)
                try o.feed(fixes, &call, argument: 2)
            },
            .init(
                "state", summary: "Inside the park or not, the monitored regions nearest first, and the nearest one not monitored.",
                parameters: [.init("lat", "number?", "distances from here (default: where the set was last chosen)"), .init("lon", "number?", "")],
                returns: [
                    (
                        "{ inside_park: boolean, monitored: { id: string, name: string, distance: number }[], "
                            + "nearest_unmonitored: { id: string, name: string, distance: number }?, fixes: integer, "
                            + "refreshes: integer, cap: integer, context: string, regions: integer, has_presence: boolean }",
                        "the monitor's state; a distance is NaN without a position"
                    )
                ]
            ) { o, _, call in
                // A sort of the monitored regions and a search for one more.
                try call.charge(Charge.sorting(o.controller.monitor.monitored.count + 1) + o.controller.monitor.monitored.count * Charge.perResultItem)
                call.push(o.state(at: call.isNil(2) ? nil : try call.coordinate(2)))
            },
            .init(
                "callout", summary: "Asks to show a callout for a site now; throttled and limited to the active context.",
                parameters: [
                    .init("site", "string", "the site id, or 'park' for the park boundary; an id the park does not have is an error"),
                    .init("time", "number?", "seconds (default: the last fix's time)"),
                ],
                returns: [("boolean", "shown"), ("string?", "why it was held")]
            ) { o, _, call in
                let site = try call.string(2)
                try o.checkSite(site, call, argument: 2)
                let time = call.isNil(3) ? nil : try call.number(3)
                let hold = o.controller.callout(site: site, at: time)
                call.push(hold == nil)
                if let hold { call.push(hold.description) } else { call.pushNil() }
            },
            .init(
                "push", summary: "Makes a monitoring context active: a name and the site ids it watches (nil: all).",
                parameters: [.init("name", "string", "the context's name"), .init("sites", "string[]?", "site ids")],
                returns: [("string[]", "ids the park does not have (ignored)")]
            ) { o, _, call in
                let name = try call.string(2), sites = try sites(call, 3)
                try o.chargeContext(sites, call)
                let unknown = o.controller.push(.init(name: name, sites: sites))
                call.push(LuaValue.table(LuaTable(sequence: unknown.map(LuaValue.string))))
            },
            .init(
                "pop", summary: "Drops the active context; the one below becomes active (the base context 'all' stays).",
                returns: [("string?", "the dropped context's name")]
            ) { o, _, call in
                let below = o.controller.contexts.count > 1 ? o.controller.contexts[o.controller.contexts.count - 2].sites : nil
                try o.chargeContext(below, call)
                if let dropped = o.controller.pop() { call.push(dropped.name) } else { call.pushNil() }
            },
            .init(
                "set_sites", summary: "Changes the active context's sites (nil: all); monitoring follows at the next fix.",
                parameters: [.init("sites", "string[]?", "site ids")], returns: [("string[]", "ids the park does not have")]
            ) { o, _, call in
                let sites = try sites(call, 2)
                try o.chargeContext(sites, call)
                let unknown = o.controller.setSites(sites)
                call.push(LuaValue.table(LuaTable(sequence: unknown.map(LuaValue.string))))
            },
            .init(
                "context", summary: "The active context's name and the stack, bottom first.",
                returns: [("string", "name"), ("string[]", "stack")]
            ) { o, _, call in
                try call.charge(o.controller.contexts.count * Charge.perSite)
                call.push(o.controller.active.name)
                call.push(LuaValue.table(LuaTable(sequence: o.controller.contexts.map { .string($0.name) })))
            },
        ])
}
