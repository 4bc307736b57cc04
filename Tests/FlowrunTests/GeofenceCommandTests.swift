import Foundation
import Testing

/// The geofence flow from the command line: replays of real and generated tracks, the state at
/// a point, and bad tracks.
@Suite struct GeofenceCommandTests {
    static let exitTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"
    static let benchTrack = "Tests/GeoKitTests/Fixtures/track_first3600.gpx"

    @Test(arguments: [
        (["--park", "YOSE", "geofence", "--track", exitTrack], "yose-geofence-exit.txt"),
        (["--park", "YOSE", "geofence", "--track", exitTrack, "--format", "json"], "yose-geofence-exit.json"),
        (["--park", "YELL", "geofence", "--track", benchTrack], "yell-geofence-track.txt"),
        (["--park", "YELL", "geofence", "--track", benchTrack, "--format", "svg"], "yell-geofence-track.svg"),
        (["--park", "YELL", "geofence", "--at", "44.4605,-110.8281"], "yell-geofence-at.txt"),
        (["--park", "GOGA", "geofence", "--at", "37.70,-122.30"], "goga-geofence-outside.txt"),
    ])
    func goldenGeofenceScreens(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        try expectGolden(result.stdout, golden)
    }

    @Test func theSameTrackGivesTheSameTimeline() throws {
        let args = ["--park", "YELL", "geofence", "--track", Self.benchTrack, "--format", "json", "--time", fixedTime]
        let first = try flowrun(args), second = try flowrun(args)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
    }

    @Test func theJitteringExitIsOneExit() throws {
        let result = try flowrun(["--park", "YOSE", "geofence", "--track", Self.exitTrack, "--time", fixedTime])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(" OUT ") }.count == 1)
        #expect(lines.filter { $0.contains(" IN ") }.count == 1)
    }

    @Test(arguments: [
        ("missing.gpx", nil, "flowrun: missing.gpx: "),
        ("bad.gpx", "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trk></gpx>", "flowrun: bad.gpx:1:"),
        ("notime.gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"37.8\" lon=\"-122.4\"></trkpt>\n</trkseg></trk></gpx>",
         "flowrun: notime.gpx: line 2: track point has no <time>; a replay needs times\n"),
        ("range.gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"137.8\" lon=\"-122.4\"><time>2024-01-01T00:00:00Z</time></trkpt>\n</trkseg></trk></gpx>",
         "flowrun: range.gpx:2:"),
    ])
    func badTracksExitTwoNamingTheFile(name: String, text: String?, message: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-gpx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let text { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try flowrun(["--root", repositoryRoot.path, "--park", "YOSE", "geofence", "--track", name], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
