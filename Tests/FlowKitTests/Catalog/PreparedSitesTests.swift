import Foundation
import Testing
import Formats
import GeoKit
@testable import FlowKit

/// The prepared site table (PreparedSites), kept between processes by ParkContent: it reads
/// back the sites it was made from, indexed as SiteIndex indexes them; a damaged table is
/// refused, never trusted or trapped on; and a kept table is never stale.
@Suite struct PreparedSitesTests {
    static func goga() throws -> [Site] { try ParkContent(code: "GOGA", root: repository).sites() }

    @Test func aTableReadsBackItsSitesAndTheirIndex() throws {
        let sites = try Self.goga()
        let table = try #require(PreparedSites(body: PreparedSites.encode(sites)))
        let index = SiteIndex(sites: sites)
        #expect(table.count == sites.count && table.categories == index.categories)
        for (i, site) in sites.enumerated() {
            #expect(table.site(at: i + 1) == site)
            #expect(table.coordinate(at: i + 1) == site.coordinate)
            #expect(table.nameRank(at: i + 1) == index.nameRank[i])
            #expect(table.position(ofID: site.id) == i + 1)
        }
        #expect(table.allSites() == sites)
        for category in index.categories {
            #expect(table.positions(inCategories: [category]) == index.byCategory[category])
        }
        #expect(table.positions(inCategories: ["viewpoint", "beach", "viewpoint"], limit: 7).count == 7)
        #expect(table.site(at: 0) == nil && table.site(at: sites.count + 1) == nil && table.position(ofID: "nope") == nil)
    }

    @Test func anEmptyParkMakesAnEmptyTable() throws {
        let table = try #require(PreparedSites(body: PreparedSites.encode([])))
        #expect(table.count == 0 && table.categories.isEmpty && table.allSites() == [] && table.position(ofID: "x") == nil)
    }

    /// Cut short or with a byte changed anywhere, a table is refused whole or reads sites that
    /// are whole (a changed byte inside a name is still a name): never a trap.
    @Test func aDamagedTableIsRefusedOrReadSafely() throws {
        let sites = Array(try Self.goga().prefix(20))
        let body = PreparedSites.encode(sites)
        for cut in stride(from: 0, to: body.count, by: 7) {
            #expect(PreparedSites(body: Array(body.prefix(cut))) == nil, "cut at \(cut)")
        }
        var random = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            var damaged = body
            damaged[Int(random.next() % UInt64(body.count))] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            guard let table = PreparedSites(body: damaged) else { continue }
            for position in 0...table.count + 1 {
                _ = table.site(at: position)
                _ = table.nameRank(at: position)
            }
            _ = table.allSites()
            _ = table.positions(inCategories: table.categories)
            _ = table.position(ofID: sites[0].id)
        }
    }

    /// A run keeps the table it made; another run of the same bytes reads it (the file is
    /// there, one per content); an edited sites file or another curation makes a new one.
    @Test func aKeptTableIsReadAgainAndNeverStale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-sites-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kept = try #require(KeptSiteTables(folder: folder))
        let p = try TestProject()
        func names() throws -> [String] {
            let runtime = try FlowRuntime(root: p.root, park: "GOGA", time: fixedTime, keptSites: kept)
            return [try runtime.run(FlowRequest(flow: "sites", args: ["id": "nps-poi:goga:0001"])).title]
        }
        func files() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".sites") }.count }
        func sightings() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".seen") }.count }
        #expect(try names() == ["14th Avenue Gate"] && files() == 1)
        #expect(try names() == ["14th Avenue Gate"] && files() == 1)
        let data = try String(contentsOf: p.url.appendingPathComponent("parks/GOGA/sites.geojson"), encoding: .utf8)
        try p.write("parks/GOGA/sites.geojson", data.replacingOccurrences(of: "\"14th Avenue Gate\"", with: "\"Fourteenth Avenue Gate\""))
        #expect(try names() == ["Fourteenth Avenue Gate"] && files() == 2)
        let park = try String(contentsOf: p.url.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        try p.write(
            "parks/GOGA/park.lua", park.replacingOccurrences(of: "\n    names = {\n", with: "\n    names = {\n      [\"nps-poi:goga:0001\"] = \"Gate 14\",\n"))
        #expect(try names() == ["Gate 14"] && files() == 3)
    }

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
