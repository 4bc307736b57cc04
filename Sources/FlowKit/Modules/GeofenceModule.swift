import GeoKit
import LuaKit

/// `geofence`: GeoKit's geofence engine in Lua. `geofence.monitor()` watches the park's
/// sites and boundary like a phone (a capped set of the nearest regions, debounced events,
/// callout throttling, monitoring contexts); `geofence.regions()` lists the site regions.
struct GeofenceModule: NativeModule {
    let name = "geofence"
    let summary =
        "Geofences for the park's sites and boundary: a phone-like region monitor with debounced enter/exit/dwell, callout throttling and monitoring contexts."

    static let settingsParameter = NativeFunction.Parameter(
        "settings",
        "{cap: integer?, refresh_distance: number?, hysteresis: number?, enter_delay: number?, exit_delay: number?, enter_margin: number?, exit_margin: number?, dwell_delay: number?, report_missed: boolean?, callout_interval: number?, site_callout_interval: number?, regions: {id: string, name: string?, lat: number?, lon: number?, radius_m: number?, rings: {lat: number, lon: number}[][]?}[]?, sites: boolean?}?",
        "defaults: the park's geofence settings; regions: the flow's own circles and polygons, watched with the sites (or alone with sites = false)")

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "monitor", summary: "A new monitor of the park's site regions and boundary, and of the flow's own regions if given (each call starts fresh).",
                parameters: [Self.settingsParameter], returns: [("geofence.Monitor", "the monitor")],
                example:
                    "local mon = geofence.monitor({ sites = false, regions = { { id = \"meet\", name = \"Meeting point\", lat = 37.7459, lon = -119.5332, radius_m = 150 } } })"
            ) { context, call in
                // The park's regions are indexed once per runtime, by the first monitor.
                if !context.isCached(GeofenceSetup.cacheKey) { try call.charge(indexing: try context.sites().count) }
                try call.charge(Charge.perObject)
                let setup = try GeofenceSetup.shared(context)
                let spec =
                    call.isNil(1)
                    ? try setup.parkSpec(context, call: call, argument: 1)
                    : try GeofenceSetup.spec(context, try call.value(1), call: call, argument: 1)
                var regions = setup.regions
                if let own = spec.regions {
                    // A monitor of its own regions indexes them (and the sites, if kept) afresh.
                    let vertices = own.reduce(0) { $0 + ($1.rings?.reduce(0) { $0 + $1.count } ?? 0) }
                    try call.charge(indexing: own.count + (spec.sites ? setup.sites.count : 0))
                    try call.charge(Charge.sorting(vertices) * Charge.perRegion)
                    do {
                        regions = try MonitoredRegions.flow(own, sites: spec.sites, setup: setup, path: "settings.regions")
                    } catch {
                        throw call.badArgument(1, (error as? LuaCallError)?.message ?? "\(error)")
                    }
                }
                call.push(object: try GeofenceMonitorObject(regions: regions, settings: spec.settings, throttle: spec.throttle))
            },
            NativeFunction(
                "regions", summary: "The park's site regions: {id, name, category, lat, lon, radius} in sites order.",
                returns: [("table[]", "regions")]
            ) { context, call in
                if !context.isCached(GeofenceSetup.cacheKey) { try call.charge(indexing: try context.sites().count) }
                let setup = try GeofenceSetup.shared(context)
                try call.charge(results: setup.regions.index.count)
                call.push(
                    LuaValue.table(
                        LuaTable(
                            sequence: zip(setup.regions.index.regions, setup.sites).map { region, site in
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
