import Testing
@testable import FlowKit

/// Ids of `cluster.Index` as Lua sees them (issue 13): pin and cluster ids never meet and the
/// wrong kind is named; children and leaves come in their documented order.
@Suite struct ClusterIndexIDsTests {
    /// Three points: 1 and 3 are 0.001° apart and cluster from zoom 14 down; 2 joins them at 11.
    static let three = "cluster.index({ { lat = 0, lon = 0 }, { lat = 0, lon = 0.01 }, { lat = 0, lon = 0.001 } })"

    func title(_ body: String) throws -> String {
        let result = try probeFlow(body)
        return result.title ?? "error: \(result.error?.description ?? "none")"
    }

    @Test func pinIdsCountFromOneAndClusterIdsAreNegative() throws {
        let got = try title(
            """
            local idx, out = \(Self.three), {}
            for _, z in ipairs({ 11, 14, 17 }) do
              local ids = {}
              for _, item in ipairs(idx:clusters({ -180, -90, 180, 90 }, z)) do ids[#ids + 1] = item.type .. item.id end
              table.sort(ids)
              out[#out + 1] = table.concat(ids, " ")
            end
            return { title = table.concat(out, " / "), sections = {} }
            """)
        #expect(got == "cluster-12 / cluster-15 pin2 / pin1 pin2 pin3")
    }

    /// A pin's id is its site's position in ctx.sites, and no id is both a pin's and a cluster's.
    @Test func sitesPinsIndexCtxSites() throws {
        let got = try title(
            """
            local idx, seen, pins, clusters = cluster.sites(), {}, 0, 0
            for z = 10, 17 do
              for _, item in ipairs(idx:clusters({ -180, -90, 180, 90 }, z)) do
                if item.type == "pin" then
                  assert(item.id >= 1 and ctx.sites[item.id].id == item.site_id, "pin " .. item.id)
                  pins = pins + 1
                else
                  assert(item.id < 0, "cluster " .. item.id)
                  clusters = clusters + 1
                end
                assert(seen[item.id] == nil or seen[item.id] == item.type, "id " .. item.id .. " is both")
                seen[item.id] = item.type
              end
            end
            return { title = tostring(pins > 0 and clusters > 0), sections = {} }
            """)
        #expect(got == "true")
    }

    @Test(arguments: [
        ("idx:leaves(3)", "bad argument #2 to 'leaves' (3 is a point's id, not a cluster's)"),
        ("idx:children(1)", "bad argument #2 to 'children' (1 is a point's id, not a cluster's)"),
        ("idx:expansion_zoom(2)", "bad argument #2 to 'expansion_zoom' (2 is a point's id, not a cluster's)"),
        ("idx:leaves(0)", "bad argument #2 to 'leaves' (no cluster with id 0)"),
        ("idx:children(4)", "bad argument #2 to 'children' (no cluster with id 4)"),
        ("idx:expansion_zoom(-1000)", "bad argument #2 to 'expansion_zoom' (no cluster with id -1000)"),
        ("idx:remove(-12)", "bad argument #2 to 'remove' (-12 is a cluster's id, not a point's)"),
        ("idx:remove(0)", "bad argument #2 to 'remove' (no point with id 0)"),
        ("idx:remove(4)", "bad argument #2 to 'remove' (no point with id 4)"),
        ("idx:remove(-13)", "bad argument #2 to 'remove' (no point with id -13)"),
    ])
    func theWrongKindOfIdIsAnError(call: String, message: String) throws {
        let result = try probeFlow("local idx = \(Self.three); \(call)\n  return { title = 'x', sections = {} }")
        #expect(result.error?.description.split(separator: "\n").first == "flows/probe.lua:2: \(message)"[...])
        #expect(result.error?.exitCode == 1)
    }

    @Test func insertAndRemoveUseLuasIds() throws {
        let got = try title(
            """
            local idx = \(Self.three)
            local id = idx:insert({ lat = 10, lon = 10 })
            idx:remove(1)
            local ids = {}
            for _, item in ipairs(idx:clusters({ -180, -90, 180, 90 }, 17)) do ids[#ids + 1] = item.id end
            table.sort(ids)
            return { title = id .. ": " .. table.concat(ids, " "), sections = {} }
            """)
        #expect(got == "4: 2 3 4")
    }

    /// Children ascend by smallest point id; leaves go depth first through them (not sorted,
    /// and not supercluster's KD-tree order), and pages follow that order.
    @Test func childrenAndLeavesOrder() throws {
        let got = try title(
            """
            local idx = \(Self.three)
            local function ids(items) local out = {} for _, it in ipairs(items) do out[#out + 1] = it.id end return table.concat(out, " ") end
            return { title = ids(idx:children(-12)) .. " / " .. ids(idx:leaves(-12)) .. " / " .. ids(idx:leaves(-12, 1, 1)), sections = {} }
            """)
        #expect(got == "-15 2 / 1 3 2 / 3")
    }
}
