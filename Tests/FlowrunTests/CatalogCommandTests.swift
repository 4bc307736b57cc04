import Foundation
import Testing

/// `flowrun catalog`: every screen of a park in its states, as a gallery, and what changed
/// since an earlier one.
@Suite struct CatalogCommandTests {
    @Test func everyFlowIsDrawnInEveryStateWithItsDeclaredArguments() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try flowrun(["catalog", "--park", "GOGA", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(out.path)/index.html: "))
        let screens = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("screens").path)
        for state in ["idle", "searching", "inside", "outside", "offline"] {
            #expect(screens.contains("home--\(state).html"), "\(state)")
            #expect(screens.contains("map--\(state).html.json"), "\(state)")
        }
        // The sites flow declares a collection, a category and a site among its arguments.
        #expect(screens.contains("sites--arg-collection-services.html"))
        #expect(screens.contains { $0.hasPrefix("sites--arg-category-") && $0.hasSuffix(".html") })
        let home = try String(contentsOf: out.appendingPathComponent("screens/home--inside.html"), encoding: .utf8)
        #expect(home.hasPrefix("<!DOCTYPE html>") && home.contains("data-flow=\"home\""))
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<iframe src=\"screens/home--inside.html\""))
        #expect(index.contains("<figcaption>found outside the park</figcaption>"))
    }

    /// With a track, every flow is drawn along it too; a track that cannot be read makes those
    /// screens error cards, and the rest are drawn.
    @Test func withATrackEveryFlowIsDrawnAlongItToo() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let track = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"
        let result = try flowrun(["catalog", "--park", "YOSE", "--out", out.path, "--track", track])
        #expect(result.status == 0, "\(result.stderr)")
        let replay = try String(contentsOf: out.appendingPathComponent("screens/geofence--track.html"), encoding: .utf8)
        #expect(replay.contains("data-flow=\"geofence\""))
        #expect(replay.contains("yose-pct-2019-07-31-exit.gpx"))
        let index = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<figcaption>along yose-pct-2019-07-31-exit.gpx</figcaption>"))

        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: broken) }
        let missing = try flowrun(["catalog", "--park", "GRTE", "--out", broken.path, "--track", "no-such-track.gpx"])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stdout.contains(" failed"), "\(missing.stdout)")
        let card = try String(contentsOf: broken.appendingPathComponent("screens/home--track.html"), encoding: .utf8)
        #expect(card.contains("The flow failed") && card.contains("no-such-track.gpx"))
        #expect(FileManager.default.fileExists(atPath: broken.appendingPathComponent("screens/home--inside.html").path))
    }

    @Test func comparedWithAnEarlierCatalogueItShowsWhatChanged() throws {
        let project = try ProjectCopy()
        let before = project.url.appendingPathComponent("before"), after = project.url.appendingPathComponent("after")
        #expect(try flowrun(["catalog", "--park", "GOGA", "--out", before.path], in: project.url).status == 0)
        let park = try String(contentsOf: project.url.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        try project.write("parks/GOGA/park.lua", park.replacingOccurrences(of: "\"+1 415-561-4700\"", with: "\"+1 415-561-4701\""))
        let result = try flowrun(["catalog", "--park", "GOGA", "--out", after.path, "--against", before.path, "--fail-on-change"], in: project.url)
        #expect(result.status == 1, "--fail-on-change: a screen changed")
        #expect(result.stdout.contains("changed, 0 new, 0 gone"))
        #expect(result.stdout.contains("\n  changed home--inside.html\n"))
        #expect(!result.stdout.contains("changed map--"), "the map does not show the phone")
        let index = try String(contentsOf: after.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<iframe src=\"before/home--inside.html\""))
        #expect(index.contains("<span class=\"del\">-") && index.contains("4700") && index.contains("4701"))
        #expect(FileManager.default.fileExists(atPath: after.appendingPathComponent("before/home--inside.html").path))

        let same = try flowrun(["catalog", "--park", "GOGA", "--out", after.path, "--against", before.path], in: project.url)
        #expect(same.status == 0)
        let bad = try flowrun(["catalog", "--park", "GOGA", "--against", project.url.appendingPathComponent("nowhere").path], in: project.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("holds no catalogue"))
    }
}
