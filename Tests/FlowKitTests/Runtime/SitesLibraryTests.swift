import Testing
import ScreenModel
import GeoKit
@testable import FlowKit

/// `flows/lib/sites.lua` keeps an index of ctx.sites (name order, sites by category) from a
/// runtime's first run: its answers must be what working them out from ctx.sites gives, and
/// what it hands out must be the caller's to change.
@Suite struct SitesLibraryTests {
    /// Runs flow `probe` (`body` returns a string, the screen's title) `runs` times in one runtime.
    static func titles(_ body: String, runs: Int = 1, park: String = "GOGA", files: [String: String] = [:]) throws -> [String] {
        let p = try TestProject(
            files: files.merging([
                "flows/probe.lua": """
                local sites = require("lib.sites")
                flow.register("probe", function(ctx)
                  local title = (function() \(body) end)()
                  return { title = title, sections = {} }
                end)
                """
            ]) { $1 })
        let runtime = try p.runtime(park)
        return try (0..<runs).map { _ in try runtime.run(FlowRequest(flow: "probe")).title }
    }

    @Test func everySiteIsInOneCollectionAndACategoryListedTwiceBelongsToTheLast() throws {
        let original = try String(contentsOf: repositoryRoot.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        let park = original.replacingOccurrences(
            of: "\n  sites = {\n",
            with: """

                  sites = {
                    collections = {
                      { id = "first", title = "First", categories = { "viewpoint", "beach" } },
                      { id = "second", title = "Second", categories = { "beach" } },
                    },

                """)
        #expect(park != original)
        let titles = try Self.titles(
            """
            local seen, out = {}, {}
            for _, c in ipairs(sites.collections(ctx)) do
              local categories = {}
              for _, site in ipairs(c.sites) do
                assert(not seen[site], "a site in two collections")
                seen[site] = true
                categories[site.category] = true
              end
              out[#out + 1] = c.id .. (categories.beach and "+beach" or "") .. (categories.viewpoint and "+viewpoint" or "")
            end
            local count = 0
            for _ in pairs(seen) do count = count + 1 end
            return table.concat(out, " ") .. " " .. tostring(count == #ctx.sites)
            """, files: ["parks/GOGA/park.lua": park])
        #expect(titles == ["first+viewpoint second+beach more true"])
    }

    /// Lists of sites are read-only views of ctx.sites (a park may hold a hundred thousand
    /// sites): changing one fails at the change, and no run sees another's attempt; the
    /// collections and the category list are the caller's.
    @Test func listsOfSitesAreReadOnlyAndTheRestIsFreshInEveryRun() throws {
        let titles = try Self.titles(
            """
            local c = sites.collections(ctx)[1]
            local n = #c.sites
            local ok, message = pcall(function() c.sites[n + 1] = c.sites[1] end)
            assert(not ok and message:find("read%-only"), tostring(message))
            c.title = "changed"
            local categories = sites.categories(ctx)
            local k = #categories
            categories[k + 1] = "made up"
            local picked = sites.in_categories(ctx, { "viewpoint" })
            assert(not pcall(table.insert, picked, "x"))
            return n .. " " .. k .. " " .. #picked .. " " .. sites.collections(ctx)[1].title
            """, runs: 3)
        #expect(titles.count == 3 && Set(titles).count == 1 && titles[0].hasPrefix("48 "), "\(titles)")
    }

    @Test func inCategoriesKeepsTheOrderGivenNamesEachCategoryByNameAndStopsAtTheLimit() throws {
        let titles = try Self.titles(
            """
            local out = {}
            for _, site in ipairs(sites.in_categories(ctx, { "lighthouse", "viewpoint", "lighthouse" }, 7)) do
              out[#out + 1] = site.category .. ":" .. site.name:lower()
            end
            return #sites.in_categories(ctx, { "lighthouse", "lighthouse" }) .. "#" .. table.concat(out, "|")
            """)
        let parts = try #require(titles.first).components(separatedBy: "#")
        let lighthouseCount = try #require(Int(parts[0]))
        let names = parts[1].components(separatedBy: "|")
        #expect(lighthouseCount > 0 && lighthouseCount < 7 && names.count == 7)
        // Every lighthouse once, then viewpoints, each group by name.
        let lighthouses = Array(names.prefix(lighthouseCount)), viewpoints = Array(names.dropFirst(lighthouseCount))
        #expect(lighthouses.allSatisfy { $0.hasPrefix("lighthouse:") } && viewpoints.allSatisfy { $0.hasPrefix("viewpoint:") })
        #expect(lighthouses == lighthouses.sorted() && viewpoints == viewpoints.sorted())
    }

    @Test func rankedSortsByNameThenIdAndTakesTheFirstOnes() throws {
        // Tables the flow made, not ctx.sites: names equal but for case, then by id.
        let titles = try Self.titles(
            """
            local made = { { id = "b", name = "Nike Site" }, { id = "a", name = "NIKE site" }, { id = "c", name = "Alpha" } }
            local out = {}
            for _, site in ipairs(sites.ranked(ctx, made)) do out[#out + 1] = site.id end
            local first = sites.ranked(ctx, ctx.sites, 3)
            local all = sites.ranked(ctx, ctx.sites)
            return table.concat(out, ",") .. " " .. #first .. " " .. tostring(first[3].id == all[3].id)
            """)
        #expect(titles == ["c,a,b 3 true"])
    }

    /// A short limit keeps a run of the best instead of sorting everything: the same
    /// first sites, in the same order, as the whole ranking (GOGA's own scoring, which
    /// halves viewpoints' distances).
    @Test func theFirstFewAreTheWholeRankingsFirstFew() throws {
        let p = try TestProject(files: [
            "flows/probe.lua": """
            local sites = require("lib.sites")
            flow.register("probe", function(ctx)
              local all = sites.ranked(ctx, ctx.sites)
              local same = #all == #ctx.sites
              for _, limit in ipairs({ 1, 3, 10, 64 }) do
                local few = sites.ranked(ctx, ctx.sites, limit)
                same = same and #few == limit
                for i = 1, limit do
                  same = same and few[i].id == all[i].id and few[i].distance == all[i].distance and few[i].score == all[i].score
                end
              end
              return { title = tostring(same) .. " " .. all[1].id, sections = {} }
            end)
            """
        ])
        let screen = try p.runtime("GOGA").run(FlowRequest(flow: "probe", at: Coordinate(latitude: 37.8078, longitude: -122.4750)))
        #expect(screen.title.hasPrefix("true "))
    }

    @Test func aScoreThatIsNotANumberIsAnError() throws {
        let p = try TestProject(files: ["parks/GOGA/flows/lib/scoring.lua": "return { score = function(site, ctx, d) return 'near' end }"])
        let error = flowError { try p.runtime("GOGA").run(FlowRequest(flow: "sites", at: Coordinate(latitude: 37.8078, longitude: -122.4750))) }
        #expect(error?.description.contains("scoring.score must return a number, got near for site 'nps-poi:goga:") == true, "\(String(describing: error))")
    }

    @Test func rankedFromAPositionIsNearestFirstWithDistanceAndBearing() throws {
        let p = try TestProject(files: [
            "flows/probe.lua": """
            local sites = require("lib.sites")
            flow.register("probe", function(ctx)
              local ranked = sites.ranked(ctx, ctx.sites, 10)
              local ok = #ranked == 10
              for i = 2, #ranked do ok = ok and ranked[i - 1].distance <= ranked[i].distance end
              return { title = tostring(ok) .. " " .. tostring(ranked[1].bearing ~= nil), sections = {} }
            end)
            """, "parks/GOGA/flows/lib/scoring.lua": "return { score = function(site, ctx, d) return d end }",
        ])
        let screen = try p.runtime("GOGA").run(FlowRequest(flow: "probe", at: Coordinate(latitude: 37.8078, longitude: -122.4750)))
        #expect(screen.title == "true true")
    }
}
