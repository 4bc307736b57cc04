import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// `catalog.rank` works out a `ranking.factored` scoring natively: its scores must be the
/// ones lib.ranking works out in Lua for every site, to the last bit, and its order the
/// one Lua sorts to (score, then name order), whatever properties the sites carry.
@Suite struct SiteRankingTests {
    /// GOGA with weighed properties on its sites (rating, fee and elevation, integers and
    /// fractions, some missing) beside others the ranking must step over (strings, lists,
    /// objects), and a third weight.
    static func weighedProject() throws -> TestProject {
        let p = try TestProject()
        let file = p.url.appendingPathComponent("parks/GOGA/sites.geojson")
        var data = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var features = try #require(data["features"] as? [[String: Any]])
        for (i, feature) in features.enumerated() {
            var properties = feature["properties"] as? [String: Any] ?? [:]
            if i % 3 != 0 { properties["rating"] = Double(i % 11) / 2 }
            if i % 4 != 1 { properties["fee"] = i % 5 == 0 ? 0 : (i % 7) * 5 }
            if i % 2 == 0 { properties["elevation"] = Double(i * 37 % 900) + 0.3 }
            properties["tags"] = ["a", i % 2 == 0 ? "b" : "c"]
            properties["hours"] = ["open": "08:00", "days": [1, 2, 3]]
            properties["verified"] = i % 2 == 0
            properties["zz_note"] = NSNull()
            features[i]["properties"] = properties
        }
        data["features"] = features
        try JSONSerialization.data(withJSONObject: data).write(to: file)
        let park = p.url.appendingPathComponent("parks/GOGA/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try p.write(
            "parks/GOGA/park.lua",
            text.replacingOccurrences(of: "  sites = {\n", with: "  sites = {\n    ranking = { elevation = { weight = -0.37, neutral = 120.5 } },\n"))
        return p
    }

    /// Runs a probe flow in GOGA whose body returns the screen's title.
    static func title(_ project: TestProject, _ body: String, at: Coordinate) throws -> String {
        try project.write(
            "flows/probe.lua",
            """
            local ranking = require("lib.ranking")
            flow.register("probe", function(ctx)
              local title = (function() \(body) end)()
              return { title = title, sections = {} }
            end)
            """)
        return try project.runtime("GOGA").run(FlowRequest(flow: "probe", at: at)).title
    }

    @Test(arguments: [
        "{}", "{ viewpoint = 0.5, lighthouse = 0.5 }", "{ trailhead = 2.5, entrance = 0, beach = 1 / 3 }",
    ])
    func nativeScoresAreLuaScoresForEverySite(factors: String) throws {
        let p = try Self.weighedProject()
        let title = try Self.title(
            p,
            """
            local factors = \(factors)
            local scoring, n = ranking.factored(factors), #ctx.sites
            local weights = ranking.weights(ctx)
            assert(#weights == 3, "three weights")
            local order, d, b, score = catalog.rank(ctx.sites, ctx.at.lat, ctx.at.lon, ranking.factors_of(scoring), weights)
            -- Lua's own: every site scored by the scoring's function, sorted by score then name.
            local names, expected, lua = catalog.name_ranks(ctx.sites), {}, {}
            for i, site in ipairs(ctx.sites) do
              local dd = geo.inverse(ctx.at.lat, ctx.at.lon, site.lat, site.lon)
              lua[i] = scoring.score(site, ctx, dd)
              expected[i] = i
            end
            table.sort(expected, function(i, j)
              if lua[i] ~= lua[j] then return lua[i] < lua[j] end
              return names[i] < names[j]
            end)
            local same, weighed = #order == n, 0
            for i = 1, n do
              local p = order[i]
              same = same and p == expected[i] and score[i] == lua[p]
              local site = ctx.sites[p]
              local dd, bb = geo.inverse(ctx.at.lat, ctx.at.lon, site.lat, site.lon)
              same = same and d[i] == dd and b[i] == bb
              if ranking.adjustment(site, ctx) ~= 0 then weighed = weighed + 1 end
            end
            return tostring(same) .. " " .. n .. " " .. weighed
            """, at: Coordinate(latitude: 37.8078, longitude: -122.4750))
        let parts = title.split(separator: " ")
        #expect(parts.first == "true", "\(title)")
        #expect(parts.count == 3 && Int(parts[1]) ?? 0 > 300 && Int(parts[2]) ?? 0 > 250, "\(title)")
    }

    @Test func aLimitKeepsTheFirstOfTheFullOrder() throws {
        let p = try Self.weighedProject()
        let title = try Self.title(
            p,
            """
            local list, f = catalog.in_categories({ "viewpoint", "trailhead", "beach" }), { viewpoint = 0.5 }
            local all = catalog.rank(list, ctx.at.lat, ctx.at.lon, f, ranking.weights(ctx))
            local out = {}
            for _, limit in ipairs({ 0, 1, 5, 64, 65, #list + 3 }) do
              local some = catalog.rank(list, ctx.at.lat, ctx.at.lon, f, ranking.weights(ctx), limit)
              local same = #some == math.min(limit, #list)
              for i = 1, #some do same = same and some[i] == all[i] end
              out[#out + 1] = tostring(same)
            end
            return table.concat(out, ",")
            """, at: Coordinate(latitude: 37.80, longitude: -122.47))
        #expect(title == "true,true,true,true,true,true")
    }

    /// lib.sites ranks a `factored` scoring natively, and a scoring written as a function site
    /// by site; both list the same sites with the same facts.
    @Test func libSitesRanksBothWaysAlike() throws {
        let p = try Self.weighedProject()
        let body = """
            local sites = require("lib.sites")
            local out = {}
            for _, site in ipairs(sites.ranked(ctx, ctx.sites, 40)) do
              out[#out + 1] = site.id .. "@" .. string.format("%.6f", site.score) .. ":" .. table.concat(site.reasons, "/")
            end
            return table.concat(out, ",")
            """
        let at = Coordinate(latitude: 37.8270, longitude: -122.4990)
        let native = try Self.title(p, body, at: at)
        try p.write(
            "parks/GOGA/flows/lib/scoring.lua",
            """
            local ranking = require("lib.ranking")
            local pull = { viewpoint = 0.5, lighthouse = 0.5 }
            return { score = function(site, ctx, distance, adjustment)
              return distance * (pull[site.category] or 1) + (adjustment or ranking.adjustment(site, ctx))
            end }
            """)
        let lua = try Self.title(p, body, at: at)
        #expect(native == lua)
        #expect(native.split(separator: ",").count == 40)
        #expect(native.contains("★"))
    }

    @Test(arguments: [
        ("ranking.factored(3)", "ranking.factored: a table of factors by category expected, got number"),
        ("ranking.factored({ viewpoint = -1 })", "ranking.factored: the factor of 'viewpoint' must be a number ≥ 0, got -1"),
        ("ranking.factored({ 0.5 })", "ranking.factored: factors are keyed by category (a string), got number"),
        ("catalog.rank(ctx.sites, 37, -122, { beach = 'near' }, {})", "bad argument #4 to 'rank' (factors.beach: a number ≥ 0 expected, got string)"),
        ("catalog.rank(ctx.sites, 37, -122, {}, { { name = 'rating' } })", "bad argument #5 to 'rank' (weights[1]:"),
        ("catalog.rank({ { lat = 1, lon = 2 } }, 37, -122, {}, {})", "bad argument #1 to 'rank' (sites[1] is not one of ctx.sites)"),
        ("catalog.rank(ctx.sites, 37, -122, {}, {}, -2)", "bad argument #6 to 'rank' (limit -2 must be ≥ 0)"),
    ])
    func mistakesAreLuaErrorsAtTheirLine(call: String, message: String) throws {
        let p = try TestProject()
        let error = flowError { _ = try Self.title(p, "\(call) return 'no error'", at: Coordinate(latitude: 37.8, longitude: -122.47)) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.description.contains("flows/probe.lua:3:") == true, "\(String(describing: error))")
    }
}
