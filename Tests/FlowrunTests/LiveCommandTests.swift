import Foundation
import Testing

/// `flowrun live` as a person or a program runs it: a recorded track as live fixes, the
/// screen and the events in order, JSON lines that parse, and bad input refused with exit 2.
@Suite struct LiveCommandTests {
    static let exitTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"

    static func lines(_ result: CLIResult) throws -> [[String: Any]] {
        try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func aWalkOutOfTheParkAsJSONLines() throws {
        let result = try flowrun(["live", "--park", "YOSE", "--track", Self.exitTrack, "--speed", "0", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let lines = try Self.lines(result)
        // The screen opens first (after the search starting), then events; times never go back.
        #expect(lines.first?["type"] as? String == "event" && lines.first?["kind"] as? String == "location")
        #expect(lines.dropFirst().first?["type"] as? String == "screen" && lines.dropFirst().first?["flow"] as? String == "home")
        let times = lines.compactMap { $0["time"] as? Double }
        #expect(times.count == lines.count && times == times.sorted())
        let kinds = lines.compactMap { $0["kind"] as? String }
        #expect(kinds.filter { $0 == "presence_enter" }.count == 1 && kinds.filter { $0 == "presence_exit" }.count == 1)
        // The exit, its callout, at the moment the batch replay gives it (its timeline's entry).
        let exit = try #require(lines.first { $0["kind"] as? String == "presence_exit" })
        #expect(exit["at"] as? String == "2019-07-31T18:03:57-07:00" && exit["region"] as? String == "park")
        let replay = try flowrun(["--park", "YOSE", "geofence", "--track", Self.exitTrack, "--format", "json"])
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [String: Any])
        let sections = try #require(screen["sections"] as? [[String: Any]])
        let entries = try #require(sections.first { $0["type"] as? String == "timeline" }?["entries"] as? [[String: Any]])
        let replayed = entries.filter { $0["kind"] as? String == "presence_exit" }.compactMap { $0["time"] as? Double }
        #expect(replayed == [try #require(exit["time"] as? Double)])
        let callouts = lines.filter { $0["kind"] as? String == "callout" }.compactMap { $0["text"] as? String }
        // The park's welcome first and its farewell last; the sites passed on the way between.
        #expect(callouts.first == "Welcome to Yosemite National Park.")
        #expect(callouts.last == "You have left Yosemite National Park. Safe travels!")
        #expect(callouts.dropFirst().dropLast().allSatisfy { !$0.contains("Yosemite National Park") })
        // Home changes only when what it read changes: the greeting, at 18:00, and the park left,
        // at the moment the geofence says so.
        let screens = lines.filter { $0["type"] as? String == "screen" }
        #expect(screens.count == 3, "home opened, the evening greeting, the park left")
        let left = try #require(screens.last)
        #expect(left["time"] as? Double == exit["time"] as? Double)
        let data = try JSONSerialization.data(withJSONObject: left["screen"] ?? [:])
        #expect(String(decoding: data, as: UTF8.self).contains("You are outside Yosemite National Park."))
    }

    @Test func textNamesEachEventWithItsTime() throws {
        let result = try flowrun(["live", "--park", "YOSE", "--track", Self.exitTrack, "--speed", "0"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2019-07-31T18:03:57-07:00  presence_exit  Yosemite National Park\n"))
        #expect(result.stdout.contains("2019-07-31T12:37:39-07:00  screen home\nYosemite National Park\n"))
    }

    @Test func aScanLogAsLiveReadingsShowsEachExhibitOnce() throws {
        let result = try flowrun([
            "live", "--park", "YELL", "--flow", "exhibits", "--beacons", "parks/YELL/tests/scans/ofvec-walk.csv", "--speed", "0", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result)
        let shown = lines.filter { $0["kind"] as? String == "callout" }.compactMap { $0["name"] as? String }
        #expect(shown.first == "Hydrothermal Features" && shown.count == Set(shown).count, "\(shown)")
        let times = lines.compactMap { $0["time"] as? Double }
        #expect(times == times.sorted())
    }

    @Test func aPartyFileTellsTheMemberWhatTheirRoleHears() throws {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("live-party-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let party = "parks/YOSE/tests/party/valley-family.json"
        let result = try flowrun([
            "live", "--park", "YOSE", "--flow", "party", "--party", party, "--as", "ben", "--profile", profile, "--speed", "0", "--format", "jsonl",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let alerts = try Self.lines(result).filter { ($0["party"] as? String).map { $0 != "in_zone" } ?? false }
        #expect(!alerts.isEmpty)
        // A child hears only what is about them.
        #expect(alerts.allSatisfy { $0["member"] as? String == "ben" || $0["other"] as? String == "ben" })
        #expect(alerts.allSatisfy { ($0["to"] as? [String])?.contains("ben") == true })
        // ... and the alerts are kept in the profile's store.
        let export = try flowrun(["profile", "export", "--profile", profile])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let kept = try #require(document["party_alerts"] as? [[String: Any]])
        #expect(kept.count == alerts.count && kept.allSatisfy { $0["recipient"] as? String == "ben" })
    }

    @Test(arguments: [
        (["live", "--park", "YOSE", "--flow", "nope"], "unknown flow 'nope' for park YOSE"),
        (["live", "--park", "NOPE"], "NOPE"),
        (["live", "--park", "YOSE", "--track", "no-such.gpx"], "no-such.gpx"),
        (["live", "--park", "YOSE", "--track", "README.md"], "README.md"),
        (["live", "--park", "YOSE", "--speed", "nan"], "--speed"),
        (["live", "--park", "YOSE", "--accuracy", "-3"], "--accuracy"),
        (["live", "--park", "YOSE", "--format", "xml"], "--format"),
        (["live", "--park", "YOSE", "--arg", "novalue"], "--arg"),
        (["live", "--park", "YOSE", "--as", "ben"], "--as needs --party"),
        (["live", "--park", "YOSE", "--party", "parks/YOSE/tests/party/valley-family.json", "--track", exitTrack], "--track and --party"),
        (["live", "--park", "YOSE", "--party", "parks/YOSE/tests/party/valley-family.json", "--as", "zed"], "zed"),
        (["live", "--park", "GOGA", "--beacons", "parks/YELL/tests/scans/ofvec-walk.csv"], "no exhibits"),
        (["live", "--park", "YELL", "--beacons", "README.md"], "README.md"),
    ])
    func badInputIsRefusedWithExitTwo(_ arguments: [String], _ named: String) throws {
        let result = try flowrun(arguments)
        #expect(result.status == 2, "\(arguments): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains(named), "\(result.stderr)")
    }
}
