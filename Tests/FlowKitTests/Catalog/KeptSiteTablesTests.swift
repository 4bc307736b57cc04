import Formats
import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// KeptSiteTables' sightings: a file version seen before names its table without being read;
/// any write makes a new version (its change time, which no one can set back), so a table
/// is never taken for a file that changed; a file changed within two seconds is not noted.
@Suite struct KeptSiteTablesTests {
    @Test func aSightingNamesItsTableUntilTheFileChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-seen-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kept = try #require(KeptSiteTables(folder: folder + "/kept"))
        let file = folder + "/sites.geojson"
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: file))

        let fresh = try #require(kept.sighting(of: file, scope: "s"))
        #expect(!fresh.settled)
        kept.note(fresh, holds: 42)
        #expect(kept.table(seen: fresh) == nil, "a file changed within two seconds is not noted")

        Thread.sleep(forTimeInterval: 2.5)
        let settled = try #require(kept.sighting(of: file, scope: "s"))
        #expect(settled.settled && settled.key == kept.sighting(of: file, scope: "s")?.key)
        #expect(kept.sighting(of: file, scope: "other")?.key != settled.key)
        kept.note(settled, holds: 42)
        #expect(kept.table(seen: settled) == 42)

        // The same size, the modification time put back: the change time still tells.
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        try Data("{\"a\": 2}".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate] as Any], ofItemAtPath: file)
        let changed = try #require(kept.sighting(of: file, scope: "s"))
        #expect(changed.key != settled.key && kept.table(seen: changed) == nil)
        #expect(kept.sighting(of: folder + "/absent", scope: "s") == nil)
    }

    /// A kept table is mapped, not read: it reads as the table it was made as, and stays so
    /// when a new version is renamed into its place; a file of another format, another key
    /// or with a damaged checksum (where the folder verifies) is not mapped.
    @Test func aKeptTableIsMappedAndSurvivesItsReplacement() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-map-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = try #require(KeptFiles(folder: folder, magic: PreparedSites.magic, suffix: ".sites", largest: 1 << 30, verifies: true))
        let sites = (1...50).map { (i: Int) -> Site in
            let category = i % 2 == 0 ? "beach" : "viewpoint"
            let coordinate = Coordinate(latitude: 37 + Double(i) / 100, longitude: -122)
            let rating = JSONValue.number(Double(i % 5))
            return Site(id: "s\(i)", name: "Site \(50 - i)", category: category, description: nil, coordinate: coordinate, properties: ["rating": rating])
        }
        files.keep(PreparedSites.encode(sites), under: 7)
        let region = try #require(files.map(7))
        let mapped = try #require(PreparedSites(region: region))
        #expect(mapped.allSites() == sites)
        #expect(mapped.positions(inCategories: ["beach"], limit: 3) == [50, 40, 38], "by name: Site 0, Site 10, Site 12")

        files.keep(PreparedSites.encode(Array(sites.prefix(3))), under: 7)
        #expect(mapped.site(at: 50) == sites[49], "the mapped table is the file it opened")
        #expect(files.map(7).flatMap { PreparedSites(region: $0) }?.count == 3)

        #expect(files.map(8) == nil)
        let other = try #require(KeptFiles(folder: folder, magic: "other-format-1\n", suffix: ".sites", largest: 1 << 30))
        #expect(other.map(7) == nil)
        let path = folder + "/7.sites"
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(files.map(7) == nil, "a damaged checksum")
    }
}
