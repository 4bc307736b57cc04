import Foundation
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
}
