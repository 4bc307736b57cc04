import GeoKit
import LuaKit

/// `geofence`: GeoKit's geofence engine in Lua. `geofence.monitor()` watches the park's
/// sites and boundary like a phone (a capped set of the nearest regions, debounced events,
/// callout throttling, monitoring contexts); `geofence.regions()` lists the site regions.
struct GeofenceModule: NativeModule {
    let name = "geofence"
    let summary = "Geofences for the park's sites and boundary: a phone-like region monitor with debounced enter/exit/dwell, callout throttling and monitoring contexts."

    static let settingsParameter = NativeFunction.Parameter(
        "settings", "{cap: integer?, refresh_distance: number?, hysteresis: number?, enter_delay: number?, exit_delay: number?, enter_margin: number?, exit_margin: number?, dwell_delay: number?, report_missed: boolean?, callout_interval: number?, site_callout_interval: number?}?",
        "defaults: the park's geofence settings")

    var functions: [NativeFunction] {
        [
            NativeFunction("monitor", summary: "A new monitor of the park's site regions and boundary (each call starts fresh).",
                           parameters: [Self.settingsParameter], returns: [("geofence.Monitor", "the monitor")],
                           example: "local mon = geofence.monitor({ cap = 20 })") { context, call in
                // The park's regions are indexed once per runtime, by the first monitor.
                if !context.isCached(GeofenceSetup.cacheKey) { try call.charge(indexing: try context.sites().count) }
                try call.charge(Charge.perObject)
                let setup = try GeofenceSetup.shared(context)
                let (settings, throttle) = call.isNil(1) ? try setup.parkSettings(context, call: call, argument: 1)
                    : try GeofenceSetup.settings(context, try call.value(1), call: call, argument: 1)
                call.push(object: try GeofenceMonitorObject(setup: setup, settings: settings, throttle: throttle))
            },
            NativeFunction("regions", summary: "The park's site regions: {id, name, category, lat, lon, radius} in sites order.",
                           returns: [("table[]", "regions")]) { context, call in
                if !context.isCached(GeofenceSetup.cacheKey) { try call.charge(indexing: try context.sites().count) }
                let setup = try GeofenceSetup.shared(context)
                try call.charge(results: setup.index.count)
                call.push(LuaValue.table(LuaTable(sequence: zip(setup.index.regions, setup.sites).map { region, site in
                    var t = LuaTable()
                    t["id"] = .string(region.id)
                    t["name"] = .string(region.name)
                    t["category"] = .string(site.category)
                    t["lat"] = .number(region.monitorCenter.latitude)
                    t["lon"] = .number(region.monitorCenter.longitude)
                    t["radius"] = .number(region.monitorRadius)
                    return .table(t)
                })))
            },
        ]
    }

    var types: [NativeType] { [GeofenceMonitorObject.type] }
}
