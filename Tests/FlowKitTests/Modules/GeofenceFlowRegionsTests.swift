import Testing
@testable import FlowKit

/// `geofence.monitor{regions = ...}`: a flow's own circles and polygons raise the same events
/// as sites, and a bad region is a Lua error at the flow's line naming the field.
@Suite struct GeofenceFlowRegionsTests {
    static let regions = """
        { id = "meet", name = "Meeting point", lat = 37.80, lon = -122.47, radius_m = 100 },
        { id = "camp", name = "Camp", rings = { { { lat = 37.81, lon = -122.48 }, { lat = 37.81, lon = -122.47 },
          { lat = 37.82, lon = -122.47 }, { lat = 37.82, lon = -122.48 } } } },
        """

    /// Walks through the circle, then the square; returns the events that are not the park's.
    func walk(_ extra: String) throws -> String? {
        try probeFlow(
            """
            local mon = geofence.monitor({ enter_delay = 0, exit_delay = 0, exit_margin = 0, dwell_delay = 1000,
              \(extra) regions = { \(Self.regions) } })
            local out = {}
            local path = { { 37.79, -122.47 }, { 37.80, -122.47 }, { 37.8001, -122.47 }, { 37.79, -122.47 },
                           { 37.815, -122.475 }, { 37.815, -122.475 }, { 37.83, -122.475 } }
            for i, p in ipairs(path) do
              local step = mon:feed({ lat = p[1], lon = p[2], time = i * 60 })
              for _, e in ipairs(step and step.events or {}) do
                if e.region == "meet" or e.region == "camp" then out[#out + 1] = e.kind .. ":" .. e.region .. ":" .. e.name end
              end
            end
            local shown = mon:callout("camp", 1000)
            return { title = table.concat(out, " ") .. " " .. tostring(shown), sections = {} }
            """
        ).title
    }

    @Test func aFlowsCircleAndPolygonRaiseEnterAndExitAlone() throws {
        #expect(try walk("sites = false,") == "enter:meet:Meeting point exit:meet:Meeting point enter:camp:Camp exit:camp:Camp true")
    }

    @Test func aFlowsRegionsJoinTheParksSites() throws {
        // Among the sites the capped set may watch a region late: its callout still works.
        #expect(try walk("")?.hasSuffix(" true") == true)
        let count = try probeFlow(
            """
            local mon = geofence.monitor({ regions = { \(Self.regions) } })
            local s = mon:state(37.80, -122.47)
            return { title = tostring(s.regions), sections = {} }
            """
        ).title
        #expect(count == "371")  // the test project's 369 GOGA sites and the two regions
    }

    @Test(arguments: [
        ("{ id = 'a', lat = 37.8, lon = -122.4, radius_m = 0 }", "settings.regions[1].radius_m: 0 must be a positive number of metres"),
        ("{ id = 'a', lat = 37.8, lon = -122.4, radius_m = -5 }", "settings.regions[1].radius_m: -5 must be a positive number of metres"),
        ("{ id = 'a', lat = 37.8, lon = -122.4, radius_m = 2e6 }", "settings.regions[1].radius_m: 2000000 m is over the 100 km limit"),
        ("{ id = 'a', lat = 0/0, lon = -122.4, radius_m = 5 }", "settings.regions[1].lat: latitude nan is not a finite number"),
        ("{ id = 'a', lat = 37.8, radius_m = 5 }", "settings.regions[1].lon: missing"),
        ("{ id = 'a', lat = 37.8, lon = -122.4 }", "settings.regions[1].radius_m: missing"),
        (
            "{ id = 'a', rings = { { { lat = 37.8, lon = -122.4 }, { lat = 37.81, lon = -122.4 } } } }",
            "settings.regions[1].rings[1]: a ring needs at least 3 distinct points, got 2"
        ),
        (
            "{ id = 'a', rings = { { { lat = 37.80, lon = -122.40 }, { lat = 37.81, lon = -122.39 }, { lat = 37.80, lon = -122.39 }, { lat = 37.81, lon = -122.40 } } } }",
            "settings.regions[1].rings[1]: crosses itself (edges 1 and 3)"
        ),
        (
            "{ id = 'a', rings = { { { lat = 37.80, lon = -122.40 }, { lat = 37.81, lon = 1/0 }, { lat = 37.80, lon = -122.39 } } } }",
            "settings.regions[1].rings[1][2]: longitude inf is not a finite number"
        ),
        (
            "{ id = 'a', lat = 37.8, lon = -122.4, radius_m = 5 }, { id = 'a', lat = 37.8, lon = -122.4, radius_m = 5 }",
            "settings.regions[2].id: 'a' is already settings.regions[1]"
        ),
        ("{ id = 'park', lat = 37.8, lon = -122.4, radius_m = 5 }", "settings.regions[1].id: 'park' is already the park boundary"),
        ("{ id = 'nps-poi:goga:0001', lat = 37.8, lon = -122.4, radius_m = 5 }", "settings.regions[1].id: 'nps-poi:goga:0001' is already a site"),
        ("{ id = 'a', lat = 37.8, lon = -122.4, radius = 5 }", "settings.regions[1]"),
    ])
    func aBadRegionIsALuaErrorAtTheFlowsLine(region: String, message: String) throws {
        let result = try probeFlow("local x = geofence.monitor({ regions = { \(region) } })\nreturn { title = 'no error', sections = {} }")
        let text = result.error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2:"), "\(text)")
        #expect(text.contains("bad argument #1 to 'monitor'"), "\(text)")
        #expect(text.contains(message), "\(text)")
    }
}
