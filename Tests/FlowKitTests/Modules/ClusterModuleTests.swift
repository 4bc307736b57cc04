import Foundation
import Testing
import ScreenModel
@testable import FlowKit

/// The `cluster` module from Lua: the sites index shared by flows, the index API, and bad
/// input as Lua errors naming the caller's line.
@Suite struct ClusterModuleTests {
    func probe(_ body: String, park: String = "GOGA") throws -> (title: String?, error: FlowError?) {
        try probeFlow(body, park: park)
    }

    @Test func countsAddUpAtEveryZoom() throws {
        let result = try probe(
            """
            local idx, world, out = cluster.sites(), { west = -180, south = -85, east = 180, north = 85 }, {}
            for z = 0, 17 do
              local n = 0
              for _, item in ipairs(idx:clusters(world, z)) do n = n + item.count end
              out[#out + 1] = n
            end
            return { title = table.concat(out, ","), sections = {} }
            """)
        #expect(result.title == Array(repeating: "369", count: 18).joined(separator: ","))
    }

    /// Every call, and every flow, gets the same index: a point inserted through one is seen by the next.
    @Test func theSitesIndexIsBuiltOncePerRuntime() throws {
        let result = try probe(
            """
            local before = cluster.sites():count()
            cluster.sites():insert({ lat = 37.8, lon = -122.4 })
            return { title = before .. " " .. cluster.sites():count(), sections = {} }
            """)
        #expect(result.title == "369 370")  // GOGA shows 369 of its 433 sites (park.lua hides the rest)
    }

    @Test func childrenLeavesAndExpansionZoomAgree() throws {
        let result = try probe(
            """
            local idx = cluster.sites()
            local box = map.viewport(37.80, -122.46, 10, 390, 844)
            for _, item in ipairs(idx:clusters(box, 10)) do
              if item.type == "cluster" then
                local n = 0
                for _, child in ipairs(idx:children(item.id)) do n = n + child.count end
                local leaves = idx:leaves(item.id, 10000)
                local z = idx:expansion_zoom(item.id)
                return { title = ("%d %d %d %s"):format(item.count, n, #leaves, tostring(z > 10)), sections = {} }
              end
            end
            """)
        let parts = result.title?.split(separator: " ").map(String.init) ?? []
        #expect(parts.count == 4 && parts[0] == parts[1] && parts[1] == parts[2] && parts[3] == "true")
    }

    @Test func insertAndRemove() throws {
        let result = try probe(
            """
            local idx = cluster.index({ { lat = 37.8, lon = -122.4, id = "a", name = "A" } })
            local id = idx:insert({ lat = 37.8001, lon = -122.4001, id = "b", name = "B", category = "x" })
            local before = idx:count()
            idx:remove(id)
            return { title = before .. " " .. idx:count() .. " " .. #idx:clusters({ -180, -85, 180, 85 }, 20), sections = {} }
            """)
        #expect(result.title == "2 1 1")
    }

    @Test(arguments: [
        ("cluster.index({ { lat = 0/0, lon = 1 } })", "flows/probe.lua:2: "),
        ("cluster.index({ { lat = 91, lon = 1 } })", "flows/probe.lua:2: "),
        ("cluster.sites():clusters({ -180, -85, 180, 85 }, 40)", "flows/probe.lua:2: bad argument #3 to 'clusters' (zoom 40 out of range [0, 30])"),
        ("cluster.sites():children(987654321)", "flows/probe.lua:2: bad argument #2 to 'children' (no cluster with id 987654321)"),
        (
            "cluster.sites():clusters({ 1, 2 }, 3)",
            "flows/probe.lua:2: bad argument #2 to 'clusters' (expected a box {west=, south=, east=, north=} or {w, s, e, n})"
        ),
        ("cluster.index({ { lat = 1, lon = 1 } }, { radius = -1 })", "flows/probe.lua:2: "),
        // supercluster's own spellings are not ignored (issue 13): the Lua name is suggested.
        (
            "cluster.index({ { lat = 1, lon = 1 } }, { minPoints = 3 })",
            "flows/probe.lua:2: bad argument #2 to 'index' (cluster options: minPoints: unknown option; did you mean 'min_points'?)"
        ),
        (
            "cluster.index({ { lat = 1, lon = 1 } }, { maxZoom = 12 })",
            "flows/probe.lua:2: bad argument #2 to 'index' (cluster options: maxZoom: unknown option; did you mean 'max_zoom'?)"
        ),
    ])
    func badInputIsALuaErrorAtTheCaller(call: String, prefix: String) throws {
        let result = try probe("\(call)\n  return { title = 'x', sections = {} }")
        let message = result.error?.description ?? "no error"
        #expect(message.hasPrefix(prefix), "\(message)")
        #expect(result.error?.exitCode == 1)
    }

    @Test func anEmptyIndexHasNoItems() throws {
        let result = try probe("return { title = tostring(#cluster.index({}):clusters({ -180, -85, 180, 85 }, 3)), sections = {} }")
        #expect(result.title == "0")
    }

    /// supercluster's test "does not crash on weird bbox values", on its places.json (the
    /// GeoKit fixture) with its default options, through the Lua API.
    @Test func superclustersWeirdBoxesGiveItsCounts() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/GeoKitTests/Fixtures/supercluster-places.geojson")
        let collection = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let points = (collection?["features"] as? [[String: Any]] ?? []).compactMap { feature -> String? in
            guard let c = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] else { return nil }
            return "{ lon = \(c[0]), lat = \(c[1]) }"
        }
        #expect(points.count == 162)
        let got = try probe(
            """
            local idx = cluster.index({ \(points.joined(separator: ", ")) },
                                      { radius = 40, extent = 512, min_zoom = 0, max_zoom = 16, min_points = 2 })
            local out = {}
            for _, box in ipairs({
              { 129.426390, -103.720017, -445.930843, 114.518236 }, { 112.207836, -84.578666, -463.149397, 120.169159 },
              { 129.886277, -82.332680, -445.470956, 120.390930 }, { 458.220043, -84.239039, -117.137190, 120.206585 },
              { 456.713058, -80.354196, -118.644175, 120.539148 }, { 453.105328, -75.857422, -122.251904, 120.732760 },
              { west = -180, south = -90, east = 180, north = 90 },
            }) do out[#out + 1] = #idx:clusters(box, 1) end
            return { title = table.concat(out, ","), sections = {} }
            """)
        #expect(got.title == "26,27,26,25,25,25,61", "\(got.error?.description ?? "")")
    }

    @Test func anUpsideDownBoxIsStillAnError() throws {
        #expect(
            try probe("cluster.sites():clusters({ 0, 10, 1, 5 }, 3)\n  return { title = 'x', sections = {} }").error?.description.split(separator: "\n").first
                == "flows/probe.lua:2: bad argument #2 to 'clusters' (box south 10 is above north 5)"[...])
    }
}
