import Foundation
import Testing
@testable import FlowKit

/// Party files: bad input is an error naming the file and field (or the track's file and
/// line); a good one replays with the alerts its roles decide.
@Suite struct PartyFileTests {
    static let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>A</name><trkseg>
        <trkpt lat="37.8725" lon="-119.3537"><time>2019-07-31T12:00:00Z</time></trkpt>
        <trkpt lat="37.8725" lon="-119.3537"><time>2019-07-31T12:10:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    /// Writes `party` (with `members` and `zones` spliced in) and a track beside it; returns the error, if any.
    func read(members: String, zones: String = "[]", track: String = gpx) throws -> (Party?, String?) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("party-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try track.write(to: dir.appendingPathComponent("a.gpx"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("party.json")
        try #"{ "format": "flowrun/party@1", "name": "T", "members": \#(members), "zones": \#(zones) }"#
            .write(to: file, atomically: true, encoding: .utf8)
        do { return (try PartyFile.read(file.path, displayPath: "party.json"), nil) } catch { return (nil, error.description) }
    }

    static let ana = #"{ "id": "ana", "role": "guardian", "track": "a.gpx" }"#

    @Test func anUnknownRoleIsNamedWithTheRoles() throws {
        let (_, error) = try read(members: "[\(Self.ana), { \"id\": \"b\", \"role\": \"chaperone\", \"track\": \"a.gpx\" }]")
        #expect(error == "party.json: members[2].role: unknown role 'chaperone' (roles: guardian, member, child or guest)")
    }

    @Test func twoMembersWithOneIdAreRefused() throws {
        let (_, error) = try read(members: "[\(Self.ana), \(Self.ana)]")
        #expect(error == "party.json: members[2].id: 'ana' is already members[1]'s id")
    }

    @Test func aTrackThatDoesNotParseNamesItsFileAndLine() throws {
        let (_, error) = try read(
            members: "[\(Self.ana)]",
            track: Self.gpx.replacingOccurrences(
                of: "lat=\"37.8725\" lon=\"-119.3537\"><time>2019-07-31T12:10", with: "lat=\"97.8725\" lon=\"-119.3537\"><time>2019-07-31T12:10"))
        let text = error ?? "no error"
        #expect(text.contains("a.gpx:4"), "\(text)")
    }

    @Test func aSafeZoneThatCrossesItselfIsRefused() throws {
        let bow =
            #"[{ "id": "z", "rings": [[{"lat": 37.80, "lon": -122.40}, {"lat": 37.81, "lon": -122.39}, {"lat": 37.80, "lon": -122.39}, {"lat": 37.81, "lon": -122.40}]] }]"#
        let (_, error) = try read(members: "[\(Self.ana)]", zones: bow)
        #expect(error == "party.json: zones[1].rings[1]: crosses itself (edges 1 and 3)")
    }

    @Test func aPartyNeedsAGuardianAndKnownFields() throws {
        #expect(
            try read(members: #"[{ "id": "b", "role": "child", "track": "a.gpx" }]"#).1
                == "party.json: members: a party needs a guardian (alerts go to guardians)")
        #expect(
            try read(members: #"[{ "id": "b", "role": "guardian", "track": "a.gpx", "colour": "red" }]"#).1
                == "party.json: members[1].colour: unknown field")
    }

    @Test func aGoodFileReadsWithOffsets() throws {
        let (party, error) = try read(members: #"[{ "id": "ana", "role": "guardian", "track": "a.gpx", "offset_s": 60 }]"#)
        #expect(error == nil)
        #expect(party?.members.first?.fixes.first?.time == 1_564_574_460.0)
    }
}
