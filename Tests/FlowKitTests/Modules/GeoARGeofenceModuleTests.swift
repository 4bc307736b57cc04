import Testing
import ScreenModel
@testable import FlowKit

/// The `geo`, `ar` and `geofence` modules from Lua: results worked out independently, and bad
/// input as Lua errors naming the caller's line.
@Suite struct GeoARGeofenceModuleTests {
    func probe(_ body: String, park: String = "GOGA") throws -> (title: String?, error: FlowError?) {
        try probeFlow(body, park: park)
    }

    @Test func inverseAndDirectAreWGS84() throws {
        // GeographicLib: (0,0) to (0,1) is 111,319.491 m along the equator, bearings 90/90.
        let result = try probe("""
            local s, a1, a2 = geo.inverse(0, 0, 0, 1)
            local lat, lon, a3 = geo.direct(0, 0, 90, s)
            local d = geo.distance(0, 0, 0, 1)
            return { title = ("%.3f %.6f %.6f %.9f %.9f %.6f %s"):format(s, a1, a2, lat, lon, a3, tostring(d == s)), sections = {} }
            """)
        #expect(result.title == "111319.491 90.000000 90.000000 0.000000000 1.000000000 90.000000 true")
    }

    @Test(arguments: [
        ("geo.inverse(91, 0, 0, 0)", "bad argument #1 to 'inverse' (latitude 91 out of range [-90, 90])"),
        ("geo.inverse(0, 0, 0/0, 0)", "bad argument #3 to 'inverse' (latitude nan is not a finite number)"),
        ("geo.direct(0, 0, 90, -5)", "bad argument #4 to 'direct' (distance -5 is negative)"),
        ("geo.direct(0, 0, 1/0, 5)", "bad argument #3 to 'direct' (bearing inf is not a finite number)"),
        ("ar.project({ lat = 37.8, lon = -122.4, heading = 90, fov = 0, sites = {} })", "field of view 0 out of range (0, 180)"),
        ("ar.project({ lat = 37.8, lon = -122.4, heading = 90, fov = 200, sites = {} })", "field of view 200 out of range (0, 180)"),
        ("ar.project({ lat = 97.8, lon = -122.4, heading = 90, sites = {} })", "latitude 97.8 out of range [-90, 90]"),
        ("ar.project({ lat = 37.8, lon = -122.4, heading = 0/0, sites = {} })", "heading nan is not a finite number"),
        ("geofence.monitor({ cap = 0 })", "cap 0 must be between 1 and 10000"),
        ("geofence.monitor():feed({ lat = 37.8, lon = -222, time = 0 })", "longitude -222 out of range [-180, 180]"),
    ])
    func badInputIsALuaErrorAtTheCaller(call: String, message: String) throws {
        let result = try probe("local x = \(call)\nreturn { title = 'no error', sections = {} }")
        let text = result.error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2:"), "\(text)")
        #expect(text.contains(message), "\(text)")
    }

    @Test func aSiteStraightAheadIsAtTheCenterAndOneBehindNeverAppears() throws {
        let result = try probe("""
            local ahead_lat, ahead_lon = geo.direct(37.8, -122.4, 90, 500)
            local behind_lat, behind_lon = geo.direct(37.8, -122.4, 270, 500)
            local view = ar.project({ lat = 37.8, lon = -122.4, heading = 90, width = 400, height = 800,
              sites = { { id = "a", lat = ahead_lat, lon = ahead_lon }, { id = "b", lat = behind_lat, lon = behind_lon } } })
            local p = view.pins[1]
            return { title = ("%d %d %s %.3f %.3f"):format(#view.pins, #view.off_screen, p.id, p.x, p.y), sections = {} }
            """)
        #expect(result.title == "1 0 a 200.000 400.000")
    }

    @Test func aMonitorEntersASiteAfterTheDelay() throws {
        let result = try probe("""
            local site = ctx.sites[1]
            local mon = geofence.monitor({ enter_delay = 5 })
            local seen = {}
            for t = 0, 10 do
              local step = mon:feed({ lat = site.lat, lon = site.lon, time = t })
              for _, e in ipairs(step and step.events or {}) do
                if e.region == site.id then seen[#seen + 1] = e.kind .. "@" .. e.time end
              end
            end
            local shown = mon:callout(site.id, 10)
            local again, why = mon:callout(site.id, 20)
            return { title = table.concat(seen, ",") .. " " .. tostring(shown) .. " " .. tostring(again) .. " " .. why, sections = {} }
            """)
        #expect(result.title == "enter@5.0 true false another callout 10 s ago (minimum 60 s)")
    }

    /// YELL's park.lua narrows the geofences and rewrites one callout; the rest stay the defaults.
    @Test func aParkOverridesRadiusAndCalloutTexts() throws {
        let body = """
            local c = ctx.park.geofence.callouts
            return { title = ("%d %s|%s"):format(geofence.regions()[1].radius, c.enter:sub(1, 28), c.park_enter), sections = {} }
            """
        let yell = try probe(body, park: "YELL")
        #expect(yell.title == "75 You are at %s. Stay on the b|Welcome to %s.")
        let goga = try probe(body, park: "GOGA")
        #expect(goga.title == "100 You are at %s.|Welcome to %s.")
    }
}
