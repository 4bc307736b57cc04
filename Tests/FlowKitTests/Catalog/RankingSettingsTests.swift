import Formats
import Foundation
import GeoKit
import LuaKit
import Testing
@testable import FlowKit

/// The settings behind ranking and directions (issue 16, items 5 and 6): `sites.ranking`
/// weighs numeric site properties, `address` is a string or lines; each mistake names the
/// file and the field, and a weighed property that is not a number names the feature.
@Suite struct RankingSettingsTests {
    func load(_ park: String) throws -> ParkConfig {
        let p = try TestProject(files: ["parks/GOGA/park.lua": park])
        return try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState())
    }

    func loadError(_ park: String) throws -> String? {
        let p = try TestProject(files: ["parks/GOGA/park.lua": park])
        return flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }?.description
    }

    @Test func defaultsWeighRatingAndFee() throws {
        let config = try load("return { name = 'X', center = { lat = 1, lon = 2 } }")
        let ranking = config.settings.sites.ranking
        #expect(ranking.keys.sorted() == ["fee", "rating"])
        #expect(ranking["rating"]?.weight == -300 && ranking["rating"]?.neutral == 3)
        #expect(ranking["fee"]?.weight == 20 && ranking["fee"]?.neutral == 0)
        #expect(config.address == nil)
    }

    /// The park.lua reference's table of the weights says what parks/defaults.lua says (a default lives in one place).
    @Test func readmesRankingTableIsDefaultsLua() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent(SettingsDefaultsTests.parkSettingsDoc), encoding: .utf8)
        let lines = readme.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("|") && $0.contains("`sites.ranking` in park.lua") })
        var rows: [String: [String]] = [:]
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            rows[cells[0]] = Array(cells.dropFirst().prefix(2))
        }
        let ranking = try load("return { name = 'X', center = { lat = 1, lon = 2 } }").settings.sites.ranking
        #expect(Set(rows.keys) == Set(ranking.keys))
        for (name, entry) in ranking {
            #expect(
                rows[name] == [NumberText.message(entry.weight), NumberText.message(entry.neutral)], "\(SettingsDefaultsTests.parkSettingsDoc)'s \(name) row")
        }
    }

    @Test func aParkChangesAWeightAndAddsAProperty() throws {
        let config = try load(
            """
            return { name = 'X', center = { lat = 1, lon = 2 },
                     sites = { ranking = { rating = { weight = -800 }, elevation = { weight = -0.1, neutral = 2000 } } } }
            """)
        let ranking = config.settings.sites.ranking
        #expect(ranking["rating"]?.weight == -800 && ranking["rating"]?.neutral == 3)  // neutral merged from defaults
        #expect(ranking["elevation"]?.neutral == 2000)
        #expect(SiteCuration(config.settings.sites).rankedProperties == ["elevation"])
    }

    @Test func addressIsAStringOrLines() throws {
        #expect(
            try load("return { name = 'X', center = { lat = 1, lon = 2 }, address = 'PO Box 1, Nowhere, WY' }").address
                == ["PO Box 1, Nowhere, WY"])
        #expect(
            try load("return { name = 'X', center = { lat = 1, lon = 2 }, address = { 'Fort Mason', 'San Francisco, CA' } }").address
                == ["Fort Mason", "San Francisco, CA"])
    }

    @Test(arguments: [
        ("address = 42", "parks/GOGA/park.lua:1: address: expected a string or a list of lines (strings)"),
        ("address = ''", "parks/GOGA/park.lua:1: address: must not be empty"),
        ("address = { 'Fort Mason', '  ' }", "parks/GOGA/park.lua:1: address: line 2 must not be empty"),
        ("address = { 'a', 'b', 'c', 'd', 'e', 'f', 'g' }", "parks/GOGA/park.lua:1: address: 7 lines; an address has at most 6"),
        (
            "address = 'Fort Mason\\nSan Francisco'",
            "parks/GOGA/park.lua:1: address: 'Fort Mason\nSan Francisco' holds a control character (give lines as a list)"
        ),
        (
            "sites = { ranking = { rating = { weight = 'high' } } }",
            "parks/GOGA/park.lua:1: sites.ranking.rating.weight: expected number, got string 'high'"
        ),
        (
            "sites = { ranking = { rating = { weight = 0/0 } } }",
            "parks/GOGA/park.lua:1: sites.ranking.rating.weight: nan must be a finite number"
        ),
        (
            "sites = { ranking = { elevation = { weight = 1 } } }",
            "parks/GOGA/park.lua:1: sites.ranking.elevation.neutral: missing (required)"
        ),
        (
            "sites = { ranking = { rating = { wieght = 1 } } }",
            "parks/GOGA/park.lua:1: sites.ranking.rating.wieght: unknown setting; did you mean 'weight'?"
        ),
        (
            "sites = { ranking = { name = { weight = 1, neutral = 0 } } }",
            "parks/GOGA/park.lua:1: sites.ranking.name: 'name' is not a numeric property of a site; weigh `rating`, `fee` or another number in sites.geojson"
        ),
    ])
    func mistakesNameFileAndField(setting: String, message: String) throws {
        #expect(try loadError("return { name = 'X', center = { lat = 1, lon = 2 }, \(setting) }") == message)
    }

    @Test func aWeighedPropertyThatIsNotANumberNamesTheFeature() throws {
        var places = SettingPlaces(code: "GOGA", root: ProjectRoot(files: [:], origin: URL(fileURLWithPath: "/")))
        let sites = [
            Site(id: "a", name: "Inspiration Point", coordinate: Coordinate(latitude: 37.8, longitude: -122.4), properties: ["elevation": .number(120)]),
            Site(id: "b", name: "Baker Beach", coordinate: Coordinate(latitude: 37.8, longitude: -122.4), properties: [:]),
            Site(id: "c", name: "Hawk Hill", coordinate: Coordinate(latitude: 37.8, longitude: -122.4), properties: ["elevation": .string("high")]),
        ]
        let curation = SiteCuration(
            hiddenCategories: [], hiddenSites: [], names: [:], titleCase: false, acronyms: [],
            rankedProperties: ["elevation"])
        let error = flowError { try curation.apply(to: sites, places: &places, dataFile: "parks/GOGA/sites.geojson") }
        #expect(
            error?.description == """
                parks/GOGA/sites.geojson: feature 3 ('Hawk Hill'): elevation must be a number \
                (sites.ranking.elevation in parks/GOGA/park.lua or parks/defaults.lua weighs it), got "high"
                """)
        #expect(error?.exitCode == 2)
        #expect(try curation.apply(to: Array(sites.prefix(2)), places: &places, dataFile: "parks/GOGA/sites.geojson").count == 2)
    }
}
