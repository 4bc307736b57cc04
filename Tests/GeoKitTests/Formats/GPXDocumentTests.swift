import Testing
@testable import GeoKit

/// ``GPXDocument/timedFixes()``: what a replay accepts and how it says what is missing.
struct GPXDocumentTests {
    static func timedFailure(_ body: String) -> String? {
        failure { () throws(GeoError) in try GPXReaderTests.read(GPXReaderTests.gpx(body)).timedFixes() }
    }

    static func point(_ time: String?) -> String {
        "<trkpt lat=\"1\" lon=\"2\">" + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>"
    }

    @Test func pointWithoutTime() {
        let body = "<trk><trkseg>\n" + Self.point("2019-07-29T17:03:12Z") + "\n" + Self.point(nil) + "\n</trkseg></trk>"
        #expect(Self.timedFailure(body) == "tracks/test.gpx: line 5: track point has no <time>; a replay needs times")
        let error = #expect(throws: GeoError.self) { try GPXReaderTests.read(GPXReaderTests.gpx(body)).timedFixes() }
        #expect(error?.kind == .invalidContent && error?.line == 5 && error?.column == nil)
    }

    @Test func timesGoingBackwards() {
        let body =
            "<trk><trkseg>\n" + Self.point("2019-07-29T17:03:12.25Z") + "\n" + Self.point("2019-07-29T19:03:10+02:00")
            + "\n</trkseg></trk>"
        #expect(
            Self.timedFailure(body) == """
                tracks/test.gpx: line 5: time 2019-07-29T17:03:10Z is before 2019-07-29T17:03:12.25Z at line 4; \
                a replay needs times in order
                """)
        // Across segments too: a replay runs them one after another.
        let segments =
            "<trk><trkseg>" + Self.point("2019-07-29T17:03:12Z") + "</trkseg>\n<trkseg>"
            + Self.point("2019-07-29T17:00:00Z") + "</trkseg></trk>"
        #expect(
            Self.timedFailure(segments) == """
                tracks/test.gpx: line 4: time 2019-07-29T17:00:00Z is before 2019-07-29T17:03:12Z at line 3; \
                a replay needs times in order
                """)
    }

    @Test func equalTimesAreFine() throws {
        let body = "<trk><trkseg>" + Self.point("2019-07-29T17:03:12Z") + Self.point("2019-07-29T17:03:12Z") + "</trkseg></trk>"
        let fixes = try GPXReaderTests.read(GPXReaderTests.gpx(body)).timedFixes()
        #expect(fixes.map(\.time) == [1_564_419_792, 1_564_419_792])
    }

    @Test func nothingToReplay() {
        #expect(Self.timedFailure("") == "tracks/test.gpx: no <trk> in the file; a replay needs a track")
        #expect(
            Self.timedFailure(#"<rte><rtept lat="1" lon="2"/></rte><wpt lat="1" lon="2"/><wpt lat="1" lon="2"/>"#)
                == "tracks/test.gpx: no <trk> in the file (it has 1 route and 2 waypoints); a replay needs a track")
        #expect(
            Self.timedFailure("<trk><name>empty</name><trkseg/></trk><trk/>")
                == "tracks/test.gpx: the tracks have no <trkpt>; a replay needs at least one")
    }

    @Test func documentsNotReadFromAFile() throws {
        let first = TrackPoint(coordinate: Coordinate(latitude: 1, longitude: 2), time: 10)
        let second = TrackPoint(coordinate: Coordinate(latitude: 1, longitude: 2))
        let document = GPXDocument(tracks: [GPXTrack(segments: [[first], [second]])])
        #expect(
            failure { () throws(GeoError) in try document.timedFixes() }
                == "fix 1: track point has no <time>; a replay needs times")
        let ordered = GPXDocument(tracks: [GPXTrack(segments: [[first], [], [first]])])
        #expect(
            try ordered.timedFixes() == [
                TimedFix(coordinate: first.coordinate, time: 10, segment: 0),
                TimedFix(coordinate: first.coordinate, time: 10, segment: 2),
            ])
    }
}
