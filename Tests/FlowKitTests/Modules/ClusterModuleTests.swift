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
        let result = try probe("""
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
        let result = try probe("""
            local before = cluster.sites():count()
            cluster.sites():insert({ lat = 37.8, lon = -122.4 })
            return { title = before .. " " .. cluster.sites():count(), sections = {} }
            """)
        #expect(result.title == "369 370")   // GOGA shows 369 of its 433 sites (park.lua hides the rest)
    }

    @Test func childrenLeavesAndExpansionZoomAgree() throws {
        let result = try probe("""
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
        let result = try probe("""
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
        ("cluster.sites():children(987654321)", "flows/probe.lua:2: "),
        ("cluster.sites():clusters({ 1, 2 }, 3)", "flows/probe.lua:2: bad argument #2 to 'clusters' (expected a box {west=, south=, east=, north=} or {w, s, e, n})"),
        ("cluster.index({ { lat = 1, lon = 1 } }, { radius = -1 })", "flows/probe.lua:2: "),
        // supercluster's own spellings are not ignored (issue 13): the Lua name is suggested.
        ("cluster.index({ { lat = 1, lon = 1 } }, { minPoints = 3 })",
         "flows/probe.lua:2: bad argument #2 to 'index' (cluster options: minPoints: unknown option; did you mean 'min_points'?)"),
        ("cluster.index({ { lat = 1, lon = 1 } }, { maxZoom = 12 })",
         "flows/probe.lua:2: bad argument #2 to 'index' (cluster options: maxZoom: unknown option; did you mean 'max_zoom'?)"),
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
}
