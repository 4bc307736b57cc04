import FlowKit
@testable import FlowStore
import Foundation
import Testing

/// `flowrun profile import`: an export merged into another profile, the newer of two rows
/// winning, and a damaged or foreign export refused before anything merges.
@Suite struct ProfileImportTests {
    /// The export of a fixture whose every table has a row, written to a file beside it.
    func exportFile(of fixture: StoreFixture, named name: String = "export.json") throws -> String {
        #expect(fixture.fillEveryTable() == "ok")
        let path = fixture.folder.appendingPathComponent(name).path
        try Data(try ProfileExport.json(fixture.profile).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ text: String, in fixture: StoreFixture) throws -> String {
        let path = fixture.folder.appendingPathComponent("edited.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func anExportMergedIntoAnEmptyProfileIsTheSameProfileAndASecondMergeKeepsIt() throws {
        let old = try StoreFixture(), new = try StoreFixture()
        let file = try exportFile(of: old)
        let report = try ProfileImport.merge(file: file, shown: "export.json", into: new.store())
        #expect(report.summary == "favorites: 1 added; visits: 1 added; pins: 1 added; photos: 1 added; settings: 1 added")
        #expect(try ProfileExport.json(new.profile) == ProfileExport.json(old.profile))

        let again = try ProfileImport.merge(file: file, shown: "export.json", into: new.store())
        #expect(again.summary == "favorites: 1 kept; visits: 1 kept; pins: 1 kept; photos: 1 kept; settings: 1 kept")
        #expect(try ProfileExport.json(new.profile) == ProfileExport.json(old.profile))
    }

    /// A setting or visit written later here is kept; an older one is replaced. A pin
    /// already here gains the photos it lacks.
    @Test func theNewerOfTwoRowsWins() throws {
        let old = try StoreFixture(), new = try StoreFixture()
        let exported = try String(contentsOfFile: try exportFile(of: old), encoding: .utf8)
        #expect(try ProfileImport.merge(file: try write(exported, in: new), shown: "a.json", into: new.store()).pins.added == 1)
        let later = exported.replacingOccurrences(of: fixedStamp, with: "2026-07-05T08:00:00Z")
            .replacingOccurrences(of: "\"file\" : \"a.jpg\"", with: "\"file\" : \"b.jpg\"")
        let report = try ProfileImport.merge(file: try write(later, in: new), shown: "b.json", into: new.store())
        #expect(report.visited.updated == 1 && report.settings.updated == 1 && report.favorites.kept == 1)
        // The pin was dropped at another time in `later`: a pin of its own.
        #expect(report.pins.added == 1 && report.photos.added == 1)
        let merged = try ProfileExport.json(new.profile)
        #expect(merged.contains("\"at\" : \"2026-07-05T08:00:00Z\"") && merged.contains("\"updated\" : \"2026-07-05T08:00:00Z\""))

        let earlier = exported.replacingOccurrences(of: fixedStamp, with: "2026-07-01T08:00:00Z")
        let kept = try ProfileImport.merge(file: try write(earlier, in: new), shown: "c.json", into: new.store())
        #expect(kept.visited.kept == 1 && kept.settings.kept == 1)
        let after = try ProfileExport.json(new.profile)
        #expect(after.contains("\"at\" : \"2026-07-05T08:00:00Z\"") && after.contains("\"updated\" : \"2026-07-05T08:00:00Z\""))
        #expect(!after.contains("\"at\" : \"2026-07-01T08:00:00Z\"") && !after.contains("\"updated\" : \"2026-07-01T08:00:00Z\""))
    }

    @Test(arguments: [
        ("{", "c.json: not a profile export: malformed JSON"),
        (#"{"schema": "flowrun/profile@2"}"#, "c.json: schema: expected \"flowrun/profile@1\", found \"flowrun/profile@2\""),
        (#"{"schema": "flowrun/profile@1", "favourites": []}"#, "c.json: the export: unknown key 'favourites'; did you mean 'favorites'?"),
        (
            #"{"schema": "flowrun/profile@1", "pins": [{"id": 1, "park": "GOGA", "lat": 95, "lon": 0, "created": "2026-07-04T16:30:00Z", "photos": []}]}"#,
            "c.json: pins[1].lat: 95 is out of range: expected a number in [-90.0, 90.0]"
        ),
        (
            #"{"schema": "flowrun/profile@1", "pins": [{"id": 1, "park": "GOGA", "lat": 1, "lon": 0, "title": "a\u0007b", "created": "2026-07-04T16:30:00Z", "photos": []}]}"#,
            "c.json: pins[1].title: control character U+7 is not allowed"
        ),
        (
            #"{"schema": "flowrun/profile@1", "pins": [{"id": 1, "park": "GOGA", "lat": 1, "lon": 0, "created": "2026-07-04T16:30:00Z", "photos": [{"file": "../x.jpg", "added": "2026-07-04T16:30:00Z"}]}]}"#,
            "c.json: pins[1].photos[1].file: '../x.jpg': '..', '.' and empty parts are not allowed"
        ),
        (
            #"{"schema": "flowrun/profile@1", "favorites": [{"park": "goga", "site": "x", "added": "2026-07-04T16:30:00Z"}]}"#,
            "c.json: favorites[1].park: 'goga' is not a park's code"
        ),
        (
            #"{"schema": "flowrun/profile@1", "visited": [{"park": "GOGA", "site": "x", "at": "yesterday"}]}"#,
            "c.json: visited[1].at: 'yesterday' is not a time in ISO 8601 UTC"
        ),
        (
            #"{"schema": "flowrun/profile@1", "settings": [{"park": "GOGA", "key": "k", "updated": "2026-07-04T16:30:00Z"}]}"#,
            "c.json: settings[1]: missing 'value'"
        ),
        (#"[]"#, "c.json: the export: expected an object, found a list"),
    ])
    func aDamagedOrForeignExportIsRefusedAndNothingMerges(export: String, message: String) throws {
        let new = try StoreFixture()
        #expect(new.fillEveryTable() == "ok")
        let before = try ProfileExport.json(new.profile)
        // A good row first: the refusal comes before anything is written, not half-way.
        let text = export.replacingOccurrences(
            of: #""schema": "flowrun/profile@1""#,
            with: #""schema": "flowrun/profile@1", "favorites": [{"park": "GOGA", "site": "nps-poi:goga:0016", "added": "2026-07-04T16:30:00Z"}]"#)
        let path = new.folder.appendingPathComponent("c.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FlowError.self) { try ProfileImport.merge(file: path, shown: "c.json", into: new.store()) }
        do {
            _ = try ProfileImport.merge(file: path, shown: "c.json", into: new.store())
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
            #expect(error.exitCode == 2)
        }
        #expect(try ProfileExport.json(new.profile) == before)
    }

    /// A merge that would pass the store's limits merges nothing.
    @Test func aMergePastTheLimitsMergesNothing() throws {
        let old = try StoreFixture(), new = try StoreFixture()
        #expect(old.act("store.add_favorite('\(alcatraz)') store.add_favorite('\(cellhouse)') return 'ok'").title == "ok")
        let path = old.folder.appendingPathComponent("two.json").path
        try Data(try ProfileExport.json(old.profile).utf8).write(to: URL(fileURLWithPath: path))
        #expect(new.act("store.add_favorite('\(aquaticPark)') return 'ok'").title == "ok")
        let before = try ProfileExport.json(new.profile)
        var limits = StoreLimits()
        limits.favorites = 2
        #expect {
            try ProfileImport.merge(file: path, shown: "two.json", into: new.store(limits: limits))
        } throws: { error in
            "\(error)".contains("two.json: merged, park GOGA would keep 3 favorites, more than the 2 a park may; nothing was merged")
        }
        #expect(try ProfileExport.json(new.profile) == before)
    }
}
