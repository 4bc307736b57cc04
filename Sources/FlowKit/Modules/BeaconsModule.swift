import GeoKit
import LuaKit

/// `beacons`: indoor exhibits by Bluetooth beacons. `beacons.exhibits()` lists the park's
/// exhibits (`exhibits.geojson`); `beacons.tracker()` smooths readings into the exhibit a
/// visitor is at; `beacons.replay()` runs the log of `--beacons FILE.csv` through one.
struct BeaconsModule: NativeModule {
    let name = "beacons"
    let summary =
        "Indoor exhibits by Bluetooth beacons: the park's exhibits, a tracker that smooths RSSI (Kalman) into distances (path-loss model) and picks the nearest exhibit with hysteresis, and the replay of a scan log."

    static let optionsParameter = NativeFunction.Parameter(
        "options",
        "{process_noise: number?, measurement_noise: number?, range: number?, hold_time: number?, margin: number?, timeout: number?, dwell_time: number?}?",
        "defaults: process_noise 2 dBm²/s, measurement_noise 25 dBm², range 8 m, hold_time 4 s, margin 1 m, timeout 10 s, dwell_time 20 s")

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "exhibits", summary: "The park's exhibits in file order (empty when it has no exhibits.geojson).",
                returns: [("table[]", "{id, title, text, picture?, picture_alt?, building, floor, lat, lon, beacons = {ids}}")],
                example: "for _, e in ipairs(beacons.exhibits()) do print(e.title) end"
            ) { context, call in
                let exhibits = try context.exhibits()?.exhibits ?? []
                try call.charge(results: exhibits.count)
                call.push(LuaValue.table(LuaTable(sequence: exhibits.map(Self.exhibit))))
            },
            NativeFunction(
                "tracker", summary: "A new tracker of the park's exhibit beacons (each call starts fresh).",
                parameters: [Self.optionsParameter], returns: [("beacons.Tracker", "the tracker")],
                example: "local t = beacons.tracker({ hold_time = 5 })"
            ) { context, call in
                try call.charge(Charge.perObject)
                call.push(object: ExhibitTrackerObject(try Self.tracker(context, call)))
            },
            NativeFunction(
                "replay", summary: "Replays ctx.beacons (--beacons FILE.csv) up to its at_time (--at-time) through a new tracker.",
                parameters: [Self.optionsParameter],
                returns: [
                    (
                        "{events: table[], state: table, fed: integer}",
                        "every event in time order (as Tracker:feed's), the tracker's state at the end (as Tracker:state()), the readings fed"
                    )
                ],
                example: "local r = beacons.replay(); print(r.state.nearest)"
            ) { context, call in
                guard let replay = context.scanReplay else {
                    throw call.badArgument(1, "no scan log to replay: run with --beacons FILE.csv")
                }
                let object = ExhibitTrackerObject(try Self.tracker(context, call))
                var events: [ExhibitEvent] = []
                var fed = 0
                try call.charge(replay.log.scans.count * (Charge.perRegion * object.tracker.catalog.beacons.count + 8))
                for scan in replay.log.scans {
                    if let until = replay.until, scan.time > until { break }
                    do { try object.tracker.feed(scan, into: &events) } catch {
                        throw call.badArgument(1, "\(replay.log.displayPath):\(scan.line): \((error as? GeoError)?.message ?? "\(error)")")
                    }
                    fed += 1
                }
                if let until = replay.until { object.tracker.advance(to: until, into: &events) }
                try call.charge(results: events.count)
                var t = LuaTable()
                t["events"] = ExhibitTrackerObject.value(events, object.tracker.catalog)
                t["state"] = object.state()
                t["fed"] = .integer(Int64(fed))
                call.push(LuaValue.table(t))
            },
        ]
    }

    var types: [NativeType] { [ExhibitTrackerObject.type] }

    static func tracker(_ context: ModuleContext, _ call: LuaCall) throws -> ExhibitTracker {
        let options = try ExhibitTrackerObject.options(call, 1)
        guard let catalog = try context.exhibits() else {
            throw call.badArgument(1, "park \(context.park.code) has no exhibits (parks/\(context.park.code)/exhibits.geojson)")
        }
        return try ExhibitTracker(catalog: catalog, options: options)
    }

    static func exhibit(_ e: Exhibit) -> LuaValue {
        var t = LuaTable()
        t["id"] = .string(e.id)
        t["title"] = .string(e.title)
        t["text"] = .string(e.text)
        if let picture = e.picture { t["picture"] = .string(picture) }
        if let alt = e.pictureAlt { t["picture_alt"] = .string(alt) }
        t["building"] = .string(e.building)
        t["floor"] = .integer(Int64(e.floor))
        t["lat"] = .number(e.coordinate.latitude)
        t["lon"] = .number(e.coordinate.longitude)
        t["beacons"] = .table(LuaTable(sequence: e.beacons.map { .string($0.id.description) }))
        return .table(t)
    }
}
