import Foundation
import GeoKit
import ScreenModel
import Testing
@testable import FlowKit

/// Ranking by more than distance (issue 16, item 5): lib.scoring adds the park's
/// `sites.ranking` weights for rating, fee and other numeric properties to the distance, a
/// park changes the weights or replaces the function, and the sites screen says why each
/// item ranks where it does. The ratings and fees here are made up for the test: the
/// parks' data has none (parks/SOURCES.md).
@Suite struct RankingTests {
    /// A park of four sites north of the visitor at 37.80,-122.40, each with made-up facts.
    static let sites = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.8009]},"properties":{"id":"near","name":"Near Kiosk","category":"food","rating":3,"fee":15}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.8027]},"properties":{"id":"free","name":"Free Garden","category":"garden","fee":0}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.8045]},"properties":{"id":"star","name":"Star Overlook","category":"viewpoint","rating":5,"elevation":120}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[-122.4,37.8063]},"properties":{"id":"plain","name":"Plain Bench","category":"viewpoint"}}
        ]}
        """

    static func project(park extra: String = "", files: [String: String] = [:]) throws -> TestProject {
        try TestProject(
            files: [
                "parks/DEMO/park.lua": "return { name = 'Demo Park', center = { lat = 37.8, lon = -122.4 }\(extra) }",
                "parks/DEMO/sites.geojson": sites,
            ].merging(files) { $1 })
    }

    /// The titles and details of the first list of `sites --arg category=...` or all sites.
    static func ranked(_ p: TestProject, at: Bool = true, args: [String: String] = ["collection": "more"]) throws -> [String] {
        let request = FlowRequest(flow: "sites", args: args, at: at ? Coordinate(latitude: 37.8, longitude: -122.4) : nil)
        let screen = try p.runtime("DEMO").run(request)
        for case .list(let list) in screen.sections {
            return list.items.map { "\($0.title) | \($0.detail ?? "-")" }
        }
        return []
    }

    @Test func ratingAndFeeMoveSitesAndTheReasonLineSaysWhy() throws {
        let p = try Self.project(park: ", sites = { collections = {} }")
        // Distances 100, 300, 500, 700 m; scores 100 + 300 (a $15 fee), 300, 500 - 600 (5 stars), 700.
        #expect(
            try Self.ranked(p) == [
                "Star Overlook | 500 m N · ★5",
                "Free Garden | 300 m N · free",
                "Near Kiosk | 100 m N · ★3 · $15",
                "Plain Bench | 700 m N",
            ])
    }

    @Test func withoutAPositionTheFactsStillShowAndNamesOrder() throws {
        let p = try Self.project(park: ", sites = { collections = {} }")
        #expect(
            try Self.ranked(p, at: false) == [
                "Free Garden | free", "Near Kiosk | ★3 · $15", "Plain Bench | -", "Star Overlook | ★5",
            ])
    }

    @Test func aParkChangesTheWeights() throws {
        // Ratings ignored, fees weigh less, elevation pulls high sites ahead (100 m per 10 m up).
        let p = try Self.project(
            park: """
                , sites = { collections = {}, ranking = { rating = { weight = 0 }, fee = { weight = 10 },
                                                              elevation = { weight = -10, neutral = 0 } } }
                """)
        // Scores: 100 + 150, 300, 500 - 1200, 700.
        #expect(
            try Self.ranked(p) == [
                "Star Overlook | 500 m N · elevation 120",
                "Near Kiosk | 100 m N · $15",
                "Free Garden | 300 m N · free",
                "Plain Bench | 700 m N",
            ])
    }

    @Test func aParkReplacesTheFunctionAndKeepsTheWeights() throws {
        // Viewpoints count half the distance (as GOGA's do), plus the weights; no reasons of its own.
        let scoring = """
            local ranking = require("lib.ranking")
            return { score = function(site, ctx, distance)
              return distance * (site.category == "viewpoint" and 0.5 or 1) + ranking.adjustment(site, ctx)
            end }
            """
        let p = try Self.project(park: ", sites = { collections = {} }", files: ["parks/DEMO/flows/lib/scoring.lua": scoring])
        // Scores: 400, 300, 250 - 600, 350.
        #expect(
            try Self.ranked(p) == [
                "Star Overlook | 500 m N · ★5",
                "Free Garden | 300 m N · free",
                "Plain Bench | 700 m N",
                "Near Kiosk | 100 m N · ★3 · $15",
            ])
    }

    @Test func aParkScoringGivesItsOwnReasons() throws {
        let scoring = """
            return {
              score = function(site, ctx, distance) return -distance end,
              reasons = function(site, ctx, distance) return { distance and "farthest first" or "by name" } end,
            }
            """
        let p = try Self.project(park: ", sites = { collections = {} }", files: ["parks/DEMO/flows/lib/scoring.lua": scoring])
        #expect(try Self.ranked(p).first == "Plain Bench | 700 m N · farthest first")
        #expect(try Self.ranked(p, at: false).first == "Free Garden | by name")
    }

    @Test func reasonsThatAreNotAListAreAnError() throws {
        let scoring = "return { score = function(site, ctx, d) return d end, reasons = function() return 'x' end }"
        let p = try Self.project(park: ", sites = { collections = {} }", files: ["parks/DEMO/flows/lib/scoring.lua": scoring])
        let error = flowError { try Self.ranked(p) }
        #expect(error?.description.contains("scoring.reasons must return a list of strings, got string for site 'near'") == true)
        #expect(error?.exitCode == 1)
    }

    @Test func theSiteScreenListsTheFacts() throws {
        let p = try Self.project()
        let request = FlowRequest(flow: "sites", args: ["id": "near"], at: Coordinate(latitude: 37.8, longitude: -122.4))
        let screen = try p.runtime("DEMO").run(request)
        guard case .card(let card)? = screen.sections.first else { Issue.record("no card"); return }
        #expect(card.body?.hasSuffix("100 m N of you.\n★3 · $15") == true)
    }

    @Test func theRealParksRankAsBeforeWithoutFacts() throws {
        // No real site has a rating or fee: the weights change nothing, the lines are distances.
        let screen = try repositoryRuntime("GOGA").run(FlowRequest(flow: "sites", at: Coordinate(latitude: 37.8078, longitude: -122.4750)))
        guard case .list(let list)? = screen.sections.first(where: { if case .list = $0 { true } else { false } }) else {
            Issue.record("no list"); return
        }
        #expect(list.items.prefix(3).map { $0.detail ?? "" } == ["10 m SE", "40 m SW", "60 m W"])
    }

    func repositoryRuntime(_ park: String) throws -> FlowRuntime {
        try FlowRuntime(root: repository, park: park, time: fixedTime)
    }
}
