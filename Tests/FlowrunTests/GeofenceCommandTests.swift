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
        (
            "notime.gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"37.8\" lon=\"-122.4\"></trkpt>\n</trkseg></trk></gpx>",
            "flowrun: notime.gpx: line 2: track point has no <time>; a replay needs times\n"
        ),
        (
            "range.gpx", "<gpx><trk><trkseg>\n<trkpt lat=\"137.8\" lon=\"-122.4\"><time>2024-01-01T00:00:00Z</time></trkpt>\n</trkseg></trk></gpx>",
            "flowrun: range.gpx:2:"
        ),
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

    /// Track points at 179.9999, 180, -179.9999 and -180 (valid GPX: 180 and -180 are one
    /// meridian) replay like any other track, in text and as a picture.
    @Test func aTrackTouchingTheAntimeridianReplays() throws {
        let project = try ProjectCopy()
        let points = [("179.9999", 0), ("180", 1), ("-179.9999", 2), ("-180", 3)].map { lon, second in
            "<trkpt lat=\"37.8\" lon=\"\(lon)\"><time>2024-07-01T08:00:0\(second)Z</time></trkpt>"
        }
        try project.write("line.gpx", "<gpx><trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n")
        for format in ["text", "svg"] {
            let result = try flowrun(
                [
                    "--root", project.url.path, "--park", "YOSE", "geofence", "--track", "line.gpx",
                    "--format", format, "--time", fixedTime,
                ], in: project.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "")
        }
        let text = try flowrun(
            ["--root", project.url.path, "--park", "YOSE", "geofence", "--track", "line.gpx", "--time", fixedTime],
            in: project.url)
        #expect(text.stdout.contains("line.gpx: 4 fixes"), "\(text.stdout)")
    }

    /// A park on the antimeridian: a walk east across it enters the site east of the line
    /// (179.9995°), then the one west of it (-179.9995°), and leaves them in that order.
    @Test func sitesOnBothSidesOfTheAntimeridianAreEnteredInOrder() throws {
        let project = try ProjectCopy()
        try project.write(
            "parks/TAVU/park.lua",
            """
            return { name = "Antimeridian Test Park", state = "Fiji", center = { lat = -16.8, lon = 180 }, timezone = "Pacific/Fiji" }
            """)
        func site(_ id: String, _ lon: Double) -> String {
            "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),-16.8]},"
                + "\"properties\":{\"id\":\"\(id)\",\"name\":\"\(id)\",\"category\":\"viewpoint\"}}"
        }
        try project.write(
            "parks/TAVU/sites.geojson",
            "{\"type\":\"FeatureCollection\",\"features\":[\(site("east", 179.9995)),\(site("west", -179.9995))]}\n")
        // 300 fixes a second apart over 0.004° (426 m) from 179.998° E to 179.998° W.
        let points = (0..<300).map { i -> String in
            var lon = 179.998 + Double(i) * 0.004 / 300
            if lon > 180 { lon -= 360 }
            return "<trkpt lat=\"-16.8\" lon=\"\(lon)\"><time>2024-07-01T08:0\(i / 60):\(i % 60 < 10 ? "0" : "")\(i % 60)Z</time></trkpt>"
        }
        try project.write("walk.gpx", "<gpx><trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n")
        let result = try flowrun(
            ["--root", project.url.path, "--park", "TAVU", "geofence", "--track", "walk.gpx", "--time", fixedTime],
            in: project.url)
        #expect(result.status == 0, "\(result.stderr)")
        let events = result.stdout.split(separator: "\n").filter { $0.contains("Entered") || $0.contains("Left") }
            .map { $0.split(separator: " ").suffix(2).joined(separator: " ") }
        #expect(events == ["Entered east", "Entered west", "Left east", "Left west"], "\(result.stdout)")
    }

    /// A track too large for the Lua memory cap says which file, how large, and which cap
    /// (the park's budgets.memory_mb, or the host's --max-memory when that is lower): exit 2.
    @Test func aTrackOverTheMemoryCapNamesTheFileItsSizeAndTheCap() throws {
        let project = try ProjectCopy()
        let park = try String(contentsOf: project.url.appendingPathComponent("parks/YOSE/park.lua"), encoding: .utf8)
        try project.write("parks/YOSE/park.lua", park.replacingOccurrences(of: "\n}", with: "\n  budgets = { memory_mb = 8 },\n}"))
        // 100,000 fixes a second apart: 7.3 MB of GPX, twice 8 MiB as Lua tables.
        var gpx = "<gpx><trk><trkseg>\n"
        for i in 0..<100_000 {
            let time = String(format: "2024-07-%02dT%02d:%02d:%02dZ", 1 + i / 86_400, i / 3600 % 24, i / 60 % 60, i % 60)
            gpx += "<trkpt lat=\"37.8\" lon=\"-119.5\"><time>\(time)</time></trkpt>\n"
        }
        try project.write("huge.gpx", gpx + "</trkseg></trk></gpx>\n")
        let run = ["--root", project.url.path, "--park", "YOSE", "geofence", "--track", "huge.gpx", "--time", fixedTime]
        let parkCap = try flowrun(run, in: project.url)
        #expect(parkCap.status == 2)
        #expect(parkCap.stdout == "")
        let prefix = "flowrun: huge.gpx: the track (100,000 fixes, 7.3 MB) is too large to replay: as Lua tables it takes "
        #expect(parkCap.stderr.hasPrefix(prefix), "\(parkCap.stderr)")
        #expect(
            parkCap.stderr.hasSuffix(
                " MiB, over the park's Lua memory cap of 8 MiB (budgets.memory_mb in parks/YOSE/park.lua or parks/defaults.lua)\n"),
            "\(parkCap.stderr)")
        let hostCap = try flowrun(["--max-memory", "6"] + run, in: project.url)
        #expect(hostCap.status == 2)
        #expect(hostCap.stderr.hasPrefix(prefix), "\(hostCap.stderr)")
        #expect(hostCap.stderr.hasSuffix(" MiB, over the host's Lua memory cap of 6 MiB (--max-memory)\n"), "\(hostCap.stderr)")
    }

    /// Replays show park time with its zone, and only the inputs decide it: the same minute
    /// is 02:00 MDT in Yellowstone and 01:00 PDT in Golden Gate, in text, SVG and JSON alike,
    /// whatever time zone the process itself is given.
    @Test func replaysShowParkTimeWhateverTheProcessZone() throws {
        let project = try ProjectCopy()
        for (name, lat, lon) in [("yell", 44.4605, -110.8281), ("goga", 37.8078, -122.4750)] {
            let points = (0..<10).map { "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>2024-07-01T08:00:0\($0)Z</time></trkpt>" }
            try project.write("\(name).gpx", "<gpx><trk><trkseg>\n" + points.joined(separator: "\n") + "\n</trkseg></trk></gpx>\n")
        }
        for (park, track, summary) in [
            ("YELL", "yell.gpx", "Timeline · 2024-07-01 02:00:00 → 02:00:09 MDT · 0:00:09"),
            ("GOGA", "goga.gpx", "Timeline · 2024-07-01 01:00:00 → 01:00:09 PDT · 0:00:09"),
        ] {
            for format in ["text", "svg", "json"] {
                let run = ["--root", project.url.path, "--park", park, "geofence", "--track", track, "--format", format, "--time", fixedTime]
                let plain = try flowrun(run, in: project.url, environment: ["TZ": "UTC"])
                #expect(plain.status == 0, "\(plain.stderr)")
                for zone in ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati"] {
                    #expect(try flowrun(run, in: project.url, environment: ["TZ": zone]).stdout == plain.stdout, "\(park) \(format) TZ=\(zone)")
                }
                switch format {
                case "text": #expect(plain.stdout.contains(summary), "\(plain.stdout)")
                case "svg": #expect(plain.stdout.contains(summary.dropFirst("Timeline · ".count).split(separator: " ·")[0] + "</text>"))
                default: #expect(plain.stdout.contains("\"timezone\" : \"\(park == "YELL" ? "America/Denver" : "America/Los_Angeles")\""))
                }
                #expect(!plain.stdout.contains("UTC"), "\(park) \(format)")
            }
        }
    }
}
