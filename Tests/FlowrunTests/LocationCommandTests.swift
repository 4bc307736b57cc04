import Foundation
import Testing

/// The location and network states from the command line: what the default flows show in
/// each, the replay of a track at a moment (`--until`), the timeline's location marks, and
/// bad input.
@Suite struct LocationCommandTests {
    static let gapTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-canyon-gap.gpx"

    /// Runs flowrun (at the goldens' clock unless `--until` sets it); its output with every
    /// run of white space as one space, so a sentence reads the same however it wraps.
    func run(_ arguments: [String]) throws -> CLIResult {
        var result = try flowrun(arguments + (arguments.contains("--until") ? [] : ["--time", fixedTime]))
        result.stdout = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return result
    }

    @Test(arguments: [
        ([], "Finding your position… Sites are listed by name meanwhile."),
        (["--location", "searching"], "Finding your position… Sites are listed by name meanwhile."),
        (
            ["--location", "searching-longer"],
            "Still finding your position… It takes longer under trees, in canyons and indoors. Sites are listed by name meanwhile."
        ),
        (["--location", "denied"], "Allow location to see what is near you. Sites are listed by name."),
        (["--location", "unavailable"], "Location services are off: turn them on to see what is near you. Sites are listed by name."),
        (["--location", "timed-out"], "Your position could not be found. Move to open sky and try again. Sites are listed by name."),
    ])
    func sitesSayWhyTheyAreNotRanked(options: [String], notice: String) throws {
        let result = try run(["--park", "GOGA", "sites", "--arg", "collection=views"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(notice), "\(result.stdout)")
        // Listed by name: the items' titles (`• Title Category [n] Open`) in order.
        let titles = result.stdout.components(separatedBy: "• ").dropFirst().map { $0.components(separatedBy: " [")[0] }
        #expect(titles.count >= 5)
        #expect(titles == titles.sorted(), "\(titles)")
    }

    @Test func idleSaysNothingAndFoundSaysHowSure() throws {
        let idle = try run(["--park", "GOGA", "sites", "--location", "idle"])
        #expect(idle.status == 0)
        #expect(!idle.stdout.contains("position"))
        let found = try run(["--park", "GOGA", "sites", "--at", "37.8078,-122.4750", "--accuracy", "25"])
        #expect(found.stdout.contains("Ranked from 37.8078, -122.4750 (inside the park, ±25 m), nearest first."), "\(found.stdout)")
    }

    @Test(arguments: [
        (["--location", "denied"], "Allow location to see the sites around you in AR."),
        (["--location", "unavailable"], "Location services are off: turn them on to use the AR view."),
        ([], "The AR view is waiting for your position."),
        (["--location", "searching-longer"], "The AR view is waiting for your position. It takes longer under trees and in canyons."),
    ])
    func arAsksOrWaits(options: [String], notice: String) throws {
        let result = try run(["--park", "GOGA", "ar", "--heading", "90"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(notice), "\(result.stdout)")
    }

    @Test func homeSaysWhatTheVisitorCanDoAndWhatIsOffline() throws {
        let denied = try run(["--park", "GOGA", "home", "--location", "denied"])
        #expect(denied.stdout.contains("Allow location to see what is near you. Everything else works without it."))
        let searching = try run(["--park", "GOGA", "home"])
        #expect(!searching.stdout.contains("position"))
        let offline = try run(["--park", "GOGA", "home", "--offline"])
        #expect(
            offline.stdout.contains("You are offline: this runs from the park's files. The website and directions need the network"),
            "\(offline.stdout)")
    }

    @Test func theMapWorksWithoutAPosition() throws {
        let result = try run(["--park", "GOGA", "map", "--location", "denied"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("in view."))
    }

    /// The gap track (SOURCES.md; in Yosemite, which publishes no sites, so GOGA's rank from
    /// outside): the last fix before the canyon is 13:19:58Z, so with the
    /// default settings the fix is stale at 13:21:58Z, searching longer at 13:22:08Z, timed
    /// out at 13:22:58Z, and found again at 13:25:00Z.
    @Test(arguments: [
        ("2019-07-31T13:21:57Z", "(outside the park, ±10 m, 119 s ago)"),
        ("1306", "(outside the park, ±10 m, 118 s ago)"),
        ("2019-07-31T13:21:58Z", "Finding your position… Sites are listed by name meanwhile."),
        ("2019-07-31T13:22:08Z", "Still finding your position…"),
        ("2019-07-31T13:22:58Z", "Your position could not be found."),
        ("2019-07-31T13:25:00Z", "(outside the park, ±10 m), nearest first."),
    ])
    func aReplayAtAMomentShowsTheStateThen(until: String, expected: String) throws {
        let result = try run(["--park", "GOGA", "sites", "--track", Self.gapTrack, "--until", until, "--arg", "collection=views"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected), "\(result.stdout)")
    }

    @Test func theTimelineMarksTheLocationStates() throws {
        let text = try flowrun(["--park", "YOSE", "geofence", "--track", Self.gapTrack, "--time", fixedTime])
        #expect(text.status == 0, "\(text.stderr)")
        let marks = text.stdout.split(separator: "\n").filter { $0.contains(" GPS ") }.map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        // The first fix, then one line per loss of position that lasted long enough for the
        // screens to say so, with how long it lasted.
        #expect(marks.count == 3, "\(marks)")
        #expect(marks.first?.contains("GPS Position found (±10 m) — fix at line 5") == true)
        #expect(marks.contains { $0.contains("GPS No position for 3 min 2 s (timed out)") })
        #expect(marks.contains { $0.contains("GPS No position for 4 min 15 s (timed out)") })
        #expect(text.stdout.contains("last fix at line 174; found again at line 175"))
        let json = try run(["--park", "YOSE", "geofence", "--track", Self.gapTrack, "--format", "json"])
        #expect(json.stdout.components(separatedBy: "\"kind\" : \"location\"").count - 1 == 3, "\(json.stdout.prefix(400))")
        let svg = try run(["--park", "YOSE", "geofence", "--track", Self.gapTrack, "--format", "svg"])
        #expect(svg.stdout.contains("location state"))
        // --until stops the timeline at that moment.
        let until = try run(["--park", "YOSE", "geofence", "--track", Self.gapTrack, "--until", "2019-07-31T13:23:00Z"])
        #expect(until.stdout.contains("No position from here (timed out; 1 min 2 s to"))
        #expect(until.stdout.components(separatedBy: "Position found").count - 1 == 1, "\(until.stdout)")
    }

    @Test(arguments: [
        (["--at", "37.8,-122.47", "--accuracy", "-5"], "flowrun: --accuracy: expected a number of metres ≥ 0 such as 8, got '-5'\n"),
        (["--at", "37.8,-122.47", "--accuracy", "nan"], "flowrun: --accuracy: expected a number of metres ≥ 0 such as 8, got 'nan'\n"),
        (["--accuracy", "8"], "flowrun: --accuracy: is the accuracy of --at or of --track's fixes; give one of them\n"),
        (["--location", "lost"], "flowrun: --location: unknown state 'lost' (known: searching, searching-longer, denied, unavailable, timed-out, idle)\n"),
        (
            ["--location", "searching_longer"],
            "flowrun: --location: unknown state 'searching_longer'; did you mean 'searching-longer'? (known: searching, searching-longer, denied, unavailable, timed-out, idle)\n"
        ),
        (["--location", "denied", "--at", "37.8,-122.47"], "flowrun: --location: says there is no position: leave out --at (a position is found)\n"),
        (["--until", "60"], "flowrun: --until: is a moment of --track FILE.gpx; give the track\n"),
        (
            ["--track", gapTrack, "--until", "2019-07-31T12:00:00Z"],
            "flowrun: --until: '2019-07-31T12:00:00Z' is before the track: \(gapTrack) runs from 2019-07-31T13:00:10Z (line 5) to 2019-07-31T13:39:23Z (line 209)\n"
        ),
        (
            ["--track", gapTrack, "--until", "3600"],
            "flowrun: --until: '3600' is after the track: \(gapTrack) runs from 2019-07-31T13:00:10Z (line 5) to 2019-07-31T13:39:23Z (line 209)\n"
        ),
        (
            ["--track", gapTrack, "--until", "-1"],
            "flowrun: --until: '-1' is before the track: \(gapTrack) runs from 2019-07-31T13:00:10Z (line 5) to 2019-07-31T13:39:23Z (line 209)\n"
        ),
        (
            ["--track", gapTrack, "--until", "noon"],
            "flowrun: --until: expected seconds from the track's start (such as 600) or an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got 'noon'\n"
        ),
        (["--track", gapTrack, "--until", "60", "--time", fixedTime], "flowrun: --until: sets the clock flows see to that moment: leave out --time\n"),
        (
            ["--track", gapTrack, "--until", "60", "--location", "denied"],
            "flowrun: --location: leave it out with --until: the track's fixes say the state then\n"
        ),
    ])
    func badInputExitsTwoNamingTheOption(options: [String], message: String) throws {
        let result = try flowrun(["--park", "YOSE", "sites"] + options)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test func aTrackWithoutTimesNamesItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-until-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<gpx><trk><trkseg>\n<trkpt lat=\"37.8\" lon=\"-119.4\"></trkpt>\n</trkseg></trk></gpx>".utf8)
            .write(to: folder.appendingPathComponent("notime.gpx"))
        let result = try flowrun(["--root", repositoryRoot.path, "--park", "YOSE", "sites", "--track", "notime.gpx", "--until", "60"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: notime.gpx: line 2: track point has no <time>; a replay needs times\n")
    }
}
