import Foundation
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
        let result = try probe(
            """
            local s, a1, a2 = geo.inverse(0, 0, 0, 1)
            local lat, lon, a3 = geo.direct(0, 0, 90, s)
            local d = geo.distance(0, 0, 0, 1)
            return { title = ("%.3f %.6f %.6f %.9f %.9f %.6f %s"):format(s, a1, a2, lat, lon, a3, tostring(d == s)), sections = {} }
            """)
        #expect(result.title == "111319.491 90.000000 90.000000 0.000000000 1.000000000 90.000000 true")
    }

    /// geo.inverse, geo.distance and geo.bearing on a 1 m line, a 2 m line next to the south
    /// pole and a 10 km line, against GeographicLib in long double (short-geodesic-cases.csv in
    /// the GeoKit fixtures): within 1e-9 relative and 1e-9°.
    @Test(arguments: [
        (
            [37.799999999999997, 122.30515611485322, 37.800002896041121, 122.30516686681413],
            [1.0000000001739599, 71.250000024099615, 71.250006614052515]
        ),
        (
            [-89.994283542124577, -140.75999027299252, -89.994287390790845, -140.58613245069128],
            [1.9839194263646482, 102.60093904449167, 102.42708122305515]
        ),
        (
            [-45, -160.50591526361544, -44.919282140821181, -160.44989920534445],
            [10000.000000000246, 26.25000000000185, 26.210418564406744]
        ),
    ])
    func shortLinesAreExactToOneBillionth(points: [Double], expected: [Double]) throws {
        let args = points.map { "\($0)" }.joined(separator: ", ")
        let result = try probe(
            """
            local s, a1, a2 = geo.inverse(\(args))
            local d, b = geo.distance(\(args)), geo.bearing(\(args))
            return { title = ("%.17g %.17g %.17g %.17g %.17g"):format(s, a1, a2, d, b), sections = {} }
            """)
        let got = (result.title ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(got.count == 5, "\(result)")
        for distance in [got[0], got[3]] { #expect(abs(distance - expected[0]) <= 1e-9 * expected[0]) }
        for (bearing, truth) in [(got[1], expected[1]), (got[2], expected[2]), (got[4], expected[1])] {
            #expect(abs(remainder(bearing - truth, 360)) <= 1e-9)
        }
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
        ("ar.project({ lat = 37.8, lon = -122.4, heading = 90, limit = -1, sites = {} })", "limit must be a whole number from 0, got -1"),
        ("ar.project({ lat = 37.8, lon = -122.4, heading = 90, hints = 1.5, sites = {} })", "hints must be a whole number from 0, got 1.5"),
        ("geofence.monitor({ cap = 0 })", "cap 0 must be between 1 and 10000"),
        ("geofence.monitor():feed({ lat = 37.8, lon = -222, time = 0 })", "longitude -222 out of range [-180, 180]"),
        (
            "geofence.monitor():callout('nps-poi:goga:0001x', 0)",
            "bad argument #2 to 'callout' (unknown site 'nps-poi:goga:0001x': park GOGA has no such site; did you mean 'nps-poi:goga:0001'?)"
        ),
        ("geofence.monitor():callout('Alcatraz', 0)", "bad argument #2 to 'callout' (unknown site 'Alcatraz': park GOGA has no such site)"),
    ])
    func badInputIsALuaErrorAtTheCaller(call: String, message: String) throws {
        let result = try probe("local x = \(call)\nreturn { title = 'no error', sections = {} }")
        let text = result.error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2:"), "\(text)")
        #expect(text.contains(message), "\(text)")
    }

    @Test func aSiteStraightAheadIsAtTheCenterAndOneBehindNeverAppears() throws {
        let result = try probe(
            """
            local ahead_lat, ahead_lon = geo.direct(37.8, -122.4, 90, 500)
            local behind_lat, behind_lon = geo.direct(37.8, -122.4, 270, 500)
            local view = ar.project({ lat = 37.8, lon = -122.4, heading = 90, width = 400, height = 800,
              sites = { { id = "a", lat = ahead_lat, lon = ahead_lon }, { id = "b", lat = behind_lat, lon = behind_lon } } })
            local p = view.pins[1]
            return { title = ("%d %d %s %.3f %.3f"):format(#view.pins, #view.off_screen, p.id, p.x, p.y), sections = {} }
            """)
        #expect(result.title == "1 0 a 200.000 400.000")
    }

    /// With `limit` and `hints`, ar.project returns what the whole view would, cut short: the
    /// nearest `limit` pins whose labels are on screen, placed where the whole layout places
    /// them, the others counted in `more`, and the nearest `hints` off-screen sites a side.
    /// Over all of GOGA's sites from a crowded spot, every direction.
    @Test(arguments: [0.0, 90, 200, 300])
    func aLimitedViewIsTheWholeViewCutShort(heading: Double) throws {
        let result = try probe(
            """
            local function view(extra)
              local request = { lat = 37.8078, lon = -122.4750, heading = \(heading), label_height = 40, sites = ctx.sites }
              for k, v in pairs(extra) do request[k] = v end
              return ar.project(request)
            end
            local whole, cut = view({}), view({ limit = 5, hints = 2 })
            local visible, same = {}, true
            for _, pin in ipairs(whole.pins) do if pin.label.y >= 0 then visible[#visible + 1] = pin end end
            same = same and #cut.pins == math.min(5, #visible) and cut.more == #whole.pins - #cut.pins
            for i, pin in ipairs(cut.pins) do
              local w = visible[i]
              same = same and pin.id == w.id and pin.label.y == w.label.y and pin.label.x == w.label.x and pin.z == w.z
            end
            local sides = { left = {}, right = {} }
            for _, hint in ipairs(whole.off_screen) do table.insert(sides[hint.turn], hint) end
            local seen = { left = 0, right = 0 }
            for _, hint in ipairs(cut.off_screen) do
              seen[hint.turn] = seen[hint.turn] + 1
              same = same and sides[hint.turn][seen[hint.turn]].id == hint.id
            end
            same = same and seen.left == math.min(2, #sides.left) and seen.right == math.min(2, #sides.right)
            return { title = ("%s %d %d %d"):format(tostring(same), #whole.pins, #visible, cut.more), sections = {} }
            """)
        let parts = result.title?.split(separator: " ") ?? []
        #expect(parts.first == "true", "\(String(describing: result.title)) \(String(describing: result.error))")
        #expect(parts.count == 4 && (Int(parts[1]) ?? 0) > 5, "\(String(describing: result.title))")
    }

    @Test func aMonitorEntersASiteAfterTheDelay() throws {
        let result = try probe(
            """
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

    /// `park` names the boundary where the park has one; a park with neither sites nor a
    /// boundary has nothing to call out, and says so.
    @Test func calloutsNameRealSitesOrThePark() throws {
        let goga = try probe("return { title = tostring(geofence.monitor():callout('park', 0)), sections = {} }")
        #expect(goga.title == "true")
        let pork = try probe("geofence.monitor():callout('pork', 0)\nreturn { title = 'no error', sections = {} }", park: "YOSE")
        #expect(
            pork.error?.description.contains(
                "flows/probe.lua:2: bad argument #2 to 'callout' (unknown site 'pork': park YOSE has no such site; did you mean 'park'?)") == true,
            "\(String(describing: pork.error))")
        let p = try TestProject(files: [
            "parks/BARE/park.lua": "return { name = 'Bare', center = { lat = 10, lon = 10 } }",
            "flows/probe.lua": "flow.register('probe', function(ctx)\n  geofence.monitor():callout('park', 0)\nend)",
        ])
        let error = #expect(throws: FlowError.self) { try p.runtime("BARE").run(FlowRequest(flow: "probe")) }
        #expect(
            error?.description.contains(
                "flows/probe.lua:2: bad argument #2 to 'callout' (unknown site 'park': park BARE has no such site; it has no sites and no boundary)") == true,
            "\(String(describing: error))")
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

/// AR labels: the ASCII shortcut of the label width gives the Character rule's Double.
@Suite struct ARLabelWidthTests {
    @Test(arguments: [
        "", "Fort Point", "ALCATRAZ ISLAND", "Baker Beach (North)", "a\tb~", "x\r\ny", "Crissy Field\r",
        "Café du Nord", "Ω Point", "🏖 Beach", "e\u{301}",
    ])
    func theShortcutAgreesWithTheCharacterRule(title: String) {
        let characters = title.reduce(0.0) { $0 + ($1.isUppercase ? 8.6 : 7) }
        #expect(ARModule.labelWidth(title) == min(200, max(60, 18 + characters)))
        if let ascii = ARModule.asciiTextWidth(title) { #expect(ascii == characters) }
        #expect((ARModule.asciiTextWidth(title) == nil) == (title.utf8.contains { $0 >= 0x80 || $0 == 0x0D }))
    }
}
