import Foundation
import Testing

/// `flowrun --park YOSE party --party FILE [--as MEMBER]` from the command line: the replay as
/// the guardian and as a child, and bad party files and options: exit 2, the message naming
/// the file and field, or the track's file and line.
@Suite struct PartyCommandTests {
    static let family = "parks/YOSE/tests/party/valley-family.json"

    @Test(arguments: [
        (["--park", "YOSE", "party", "--party", family], "yose-party.txt"),
        (["--park", "YOSE", "party", "--party", family, "--as", "ben"], "yose-party-as-ben.txt"),
    ])
    func goldenPartyScreens(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        try expectGolden(result.stdout, golden)
    }

    @Test func theJSONTimelineCarriesThePathsTheViewerMaySee() throws {
        let guardian = try flowrun(["--park", "YOSE", "party", "--party", Self.family, "--format", "json", "--time", fixedTime])
        let guest = try flowrun(["--park", "YOSE", "party", "--party", Self.family, "--as", "dee", "--format", "json", "--time", fixedTime])
        #expect(guardian.status == 0 && guest.status == 0)
        #expect(guardian.stdout.components(separatedBy: "\"points\"").count - 1 == 4)
        #expect(guest.stdout.components(separatedBy: "\"points\"").count - 1 == 2)
        #expect(guardian.stdout.contains("\"kind\" : \"zone_left\""))
        #expect(!guest.stdout.contains("\"kind\" : \"zone_left\""))
    }

    static let ana = #"{ "id": "ana", "role": "guardian", "track": "a.gpx" }"#
    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>A</name><trkseg>
        <trkpt lat="37.74" lon="-119.565"><time>2026-07-04T16:00:00Z</time></trkpt>
        <trkpt lat="37.74" lon="-119.565"><time>2026-07-04T16:01:00Z</time></trkpt>
        </trkseg></trk></gpx>

        """

    static func party(_ members: String, zones: String = "[]") -> String {
        #"{ "format": "flowrun/party@1", "name": "T", "members": \#(members), "zones": \#(zones) }"#
    }

    @Test(arguments: [
        (
            party("[\(ana), { \"id\": \"ben\", \"role\": \"kid\", \"track\": \"a.gpx\" }]"), [String](),
            "flowrun: p.json: members[2].role: unknown role 'kid' (roles: guardian, member, child or guest)\n"
        ),
        (party("[\(ana), \(ana)]"), [], "flowrun: p.json: members[2].id: 'ana' is already members[1]'s id\n"),
        (
            party(#"[{ "id": "ana", "role": "guardian", "track": "bad.gpx" }]"#), [],
            "flowrun: bad.gpx:4:13: latitude 97.74 out of range [-90, 90]\n"
        ),
        (
            party(#"[{ "id": "ana", "role": "guardian", "track": "gone.gpx" }]"#), [],
            "flowrun: p.json: members[1].track: gone.gpx: cannot read file: No such file or directory\n"
        ),
        (
            party(
                "[\(ana)]",
                zones:
                    #"[{ "id": "camp", "rings": [[{"lat": 37.74, "lon": -119.57}, {"lat": 37.75, "lon": -119.56}, {"lat": 37.74, "lon": -119.56}, {"lat": 37.75, "lon": -119.57}]] }]"#
            ),
            [], "flowrun: p.json: zones[1].rings[1]: crosses itself (edges 1 and 3)\n"
        ),
        (party("[\(ana)]"), ["--as", "anna"], "flowrun: --as: p.json has no member 'anna'; did you mean 'ana'?\n"),
        (party("[\(ana)]"), ["--as", "zed"], "flowrun: --as: p.json has no member 'zed'; members: ana\n"),
        (
            party(#"[{ "id": "ana", "role": "guardian", "track": "a.gpx", "trk": "B" }]"#), [],
            "flowrun: p.json: members[1].trk: a.gpx has no <trk> named 'B' (it has 'A')\n"
        ),
        (
            #"{ "format": "flowrun/party@1", "members": [ "#, [],
            "flowrun: p.json: line 1, column 45: malformed JSON: unexpected end of file, expected a value\n"
        ),
    ])
    func badPartyFilesExitTwoNamingTheFieldOrTheTracksLine(file: String, options: [String], message: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("party-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.gpx.write(to: dir.appendingPathComponent("a.gpx"), atomically: true, encoding: .utf8)
        try Self.gpx.replacingOccurrences(
            of: "lat=\"37.74\" lon=\"-119.565\"><time>2026-07-04T16:01", with: "lat=\"97.74\" lon=\"-119.565\"><time>2026-07-04T16:01"
        )
        .write(to: dir.appendingPathComponent("bad.gpx"), atomically: true, encoding: .utf8)
        try file.write(to: dir.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let result = try flowrun(["--root", repositoryRoot.path, "--park", "YOSE", "party", "--party", "p.json"] + options, in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test(arguments: [
        (["--as", "ana"], "flowrun: --as: names a member of a party: give the party with --party FILE\n"),
        (["--party", "nowhere.json"], "flowrun: nowhere.json: cannot read the party file (no such file)\n"),
    ])
    func optionsWithoutAPartyFileExitTwo(options: [String], message: String) throws {
        let result = try flowrun(["--park", "YOSE", "party"] + options)
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }
}
