import Testing
import ScreenModel
import GeoKit
@testable import FlowKit

/// `catalog` indexes ctx.sites natively (SiteIndex): its orders must be the ones Lua works
/// out from ctx.sites itself (the name in lower case by `string.lower`, compared as Lua
/// compares strings, then the id), in every park of the project, and its lists hand out
/// ctx.sites' own tables.
@Suite struct CatalogModuleTests {
    /// Runs flow `probe` whose body returns the screen's title, in park `park`.
    static func title(_ body: String, park: String = "GOGA", at: Coordinate? = nil) throws -> String {
        let p = try TestProject(files: [
            "flows/probe.lua": """
            flow.register("probe", function(ctx)
              local title = (function() \(body) end)()
              return { title = title, sections = {} }
            end)
            """
        ])
        return try p.runtime(park).run(FlowRequest(flow: "probe", at: at)).title
    }

    @Test(arguments: ["GOGA", "GRTE", "YELL", "YOSE"])
    func theIndexOrdersAsLuaDoes(park: String) throws {
        let title = try Self.title(
            """
            local all = {}
            for i, site in ipairs(ctx.sites) do all[i] = site end
            table.sort(all, function(a, b)
              local la, lb = a.name:lower(), b.name:lower()
              if la ~= lb then return la < lb end
              return a.id < b.id
            end)
            local order, same = catalog.order(catalog.name_ranks(ctx.sites)), #all == #ctx.sites
            for i, site in ipairs(all) do same = same and rawequal(ctx.sites[order[i]], site) end
            -- Each category's list: its sites in that order; the categories sorted.
            local categories, seen = {}, {}
            for _, site in ipairs(all) do
              if not seen[site.category] then seen[site.category] = {}; categories[#categories + 1] = site.category end
              table.insert(seen[site.category], site)
            end
            table.sort(categories)
            same = same and table.concat(categories, ",") == table.concat(catalog.categories(), ",")
            for _, category in ipairs(categories) do
              local list = catalog.in_categories({ category })
              same = same and #list == #seen[category]
              for i, site in ipairs(seen[category]) do same = same and rawequal(list[i], site) end
            end
            for _, site in ipairs(all) do same = same and rawequal(catalog.by_id(site.id), site) end
            return tostring(same) .. " " .. #all
            """, park: park)
        #expect(title.hasPrefix("true "), "\(title)")
    }

    @Test func inverseIsGeoInverseForEachSite() throws {
        let title = try Self.title(
            """
            local list = catalog.in_categories({ "viewpoint", "beach" })
            local d, b = catalog.inverse(list, 37.8078, -122.4750)
            local same = #d == #list and #b == #list
            for i, site in ipairs(list) do
              local dd, bb = geo.inverse(37.8078, -122.4750, site.lat, site.lon)
              same = same and d[i] == dd and b[i] == bb
            end
            return tostring(same) .. " " .. #list
            """)
        #expect(title.hasPrefix("true "), "\(title)")
    }

    @Test(arguments: [
        ("catalog.inverse({ { lat = 1, lon = 2 } }, 37, -122)", "bad argument #1 to 'inverse' (sites[1] is not one of ctx.sites)"),
        ("catalog.inverse(ctx.sites, 91, 0)", "bad argument #2 to 'inverse'"),
        ("catalog.in_categories({ 'beach', 3 })", "bad argument #1 to 'in_categories' (categories[2]: string expected, got number)"),
        ("catalog.in_categories({ 'beach' }, -1)", "bad argument #2 to 'in_categories' (limit -1 must be ≥ 0)"),
        ("catalog.order({ 1, 0/0 })", "bad argument #1 to 'order' (keys[2] is NaN)"),
        ("catalog.name_ranks(5)", "bad argument #1 to 'name_ranks' (list expected, got number)"),
    ])
    func badArgumentsAreLuaErrors(call: String, message: String) throws {
        let error = flowError { _ = try Self.title("\(call) return 'no error'") }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func orderIsStableAndStopsAtTheLimit() throws {
        let title = try Self.title("return table.concat(catalog.order({ 3, 1, 2, 1 }), ',') .. ' ' .. table.concat(catalog.order({ 3, 1, 2 }, 2), ',')")
        #expect(title == "2,4,3,1 2,3")
    }
}
