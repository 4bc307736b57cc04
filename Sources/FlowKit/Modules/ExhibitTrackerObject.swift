import Formats
import GeoKit
import LuaKit
import ScreenModel

/// An ``ExhibitTracker`` held by Lua: feed it readings, ask where the visitor is.
final class ExhibitTrackerObject: LuaObject {
    static let luaTypeName = "beacons.Tracker"

    var tracker: ExhibitTracker
    private var events: [ExhibitEvent] = []

    init(_ tracker: ExhibitTracker) { self.tracker = tracker }

    var nativeByteCount: Int { 128 + tracker.catalog.beacons.count * 40 + tracker.catalog.exhibits.count * 8 }

    /// Options from `{hold_time = 4, ...}` over the defaults; an unknown key is an error.
    static func options(_ call: LuaCall, _ i: Int) throws -> ExhibitTrackerOptions {
        var options = ExhibitTrackerOptions()
        if call.isNil(i) { return options }
        let given = try call.decode([String: Double].self, i)
        for (key, value) in given.sorted(by: { $0.key < $1.key }) {
            guard let field = ExhibitTrackerOptions.fields.first(where: { $0.name == key }) else {
                throw call.badArgument(i, "unknown option \(Excerpt.quoted(key)); known: \(ExhibitTrackerOptions.fields.map(\.name).joined(separator: ", "))")
            }
            options[keyPath: field.path] = value
        }
        do { try options.validate() } catch { throw call.badArgument(i, error.message) }
        return options
    }

    /// `{{kind, exhibit, title, time, beacon?}}`.
    static func value(_ events: [ExhibitEvent], _ catalog: ExhibitCatalog) -> LuaValue {
        .table(
            LuaTable(
                sequence: events.map { event in
                    var t = LuaTable()
                    t["kind"] = .string(event.kind.rawValue)
                    t["exhibit"] = .string(catalog.exhibits[event.exhibit].id)
                    t["title"] = .string(catalog.exhibits[event.exhibit].title)
                    t["time"] = .number(event.time)
                    if event.beacon >= 0 { t["beacon"] = .string(catalog.beacons[event.beacon].id.description) }
                    return .table(t)
                }))
    }

    /// `{nearest = id?, since?, time, live, distances = {{id, title, distance}}}`, nearest first, live exhibits only.
    func state() -> LuaValue {
        let catalog = tracker.catalog
        var t = LuaTable()
        if tracker.shown >= 0 {
            t["nearest"] = .string(catalog.exhibits[tracker.shown].id)
            t["since"] = .number(tracker.shownSince)
        }
        if tracker.time.isFinite { t["time"] = .number(tracker.time) }
        t["live"] = .integer(Int64(tracker.liveBeacons.count))
        let rows = tracker.distances.enumerated().filter { $0.element.isFinite }.sorted {
            $0.element < $1.element || ($0.element == $1.element && $0.offset < $1.offset)
        }
        t["distances"] = .table(
            LuaTable(
                sequence: rows.map { e, d in
                    ["id": .string(catalog.exhibits[e].id), "title": .string(catalog.exhibits[e].title), "distance": .number(d)]
                }))
        return .table(t)
    }

    /// Feeds one `{time, beacon, rssi, tx_power?}` reading; nil for a beacon the park does not list.
    func feed(_ call: LuaCall, _ i: Int) throws -> [ExhibitEvent]? {
        struct Reading: Decodable { var time: Double; var beacon: String; var rssi: Double; var tx_power: Double? }
        let r = try call.decode(Reading.self, i)
        let id: BeaconID
        do { id = try BeaconID.parse(r.beacon) } catch { throw call.badArgument(i, "reading: \(error.message)") }
        guard let b = tracker.catalog.beaconIndex[id] else { return nil }
        guard ScanLog.rssiRange.contains(r.rssi) else { return nil }
        events.removeAll(keepingCapacity: true)
        do {
            try tracker.feed(ScanLog.Scan(time: r.time, beacon: b, rssi: r.rssi, txPower: r.tx_power), into: &events)
        } catch { throw call.badArgument(i, "reading: \(error.message)") }
        return events
    }

    // MARK: - Methods

    static let type = NativeType(
        ExhibitTrackerObject.self, summary: "Smooths beacon readings into distances and decides, with hysteresis, which exhibit the visitor is at.",
        methods: [
            .init(
                "feed",
                summary: "Feeds one reading; returns its events (maybe none), or nil when the park lists no such beacon or the RSSI is out of [-127, 0].",
                parameters: [
                    .init(
                        "reading", "{time: number, beacon: string, rssi: number, tx_power: number?}",
                        "beacon as ibeacon:UUID:MAJOR:MINOR or eddystone:NAMESPACE:INSTANCE; time never going backwards")
                ],
                returns: [("table[]?", "events {kind, exhibit, title, time, beacon?}; kind is enter, leave, dwell or beacon_lost")],
                example: "local events = t:feed({ time = 12.5, beacon = \"ibeacon:D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59:1:2\", rssi = -67 })"
            ) { o, _, call in
                try call.charge(Charge.perObject + o.tracker.catalog.beacons.count * Charge.perRegion)
                guard let events = try o.feed(call, 2) else { call.pushNil(); return }
                try call.charge(results: events.count)
                call.push(value(events, o.tracker.catalog))
            },
            .init(
                "advance", summary: "Moves the clock without a reading: beacons time out, a leading exhibit may be shown.",
                parameters: [.init("time", "number", "seconds; an earlier time than the last is ignored")],
                returns: [("table[]", "events, as feed's")]
            ) { o, _, call in
                let time = try call.number(2)
                guard time.isFinite else { throw call.badArgument(2, "time must be finite") }
                try call.charge(o.tracker.catalog.beacons.count * Charge.perRegion)
                o.events.removeAll(keepingCapacity: true)
                o.tracker.advance(to: time, into: &o.events)
                call.push(value(o.events, o.tracker.catalog))
            },
            .init(
                "state", summary: "The exhibit shown (nearest, with hysteresis) and every exhibit with a live beacon, nearest first.",
                returns: [("table", "{nearest: string?, since: number?, time: number?, live: integer, distances = {{id, title, distance}}}")]
            ) { o, _, call in
                try call.charge(Charge.sorting(o.tracker.catalog.exhibits.count) + o.tracker.catalog.exhibits.count * Charge.perResultItem)
                call.push(o.state())
            },
        ])
}
