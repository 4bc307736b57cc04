import Testing
@testable import GeoKit

struct GPXReaderTests {
    static let path = "tracks/test.gpx"

    static func read(_ text: String) throws(GeoError) -> GPXDocument {
        try GPXReader.read(text: text, displayPath: path)
    }

    static func readFixture(_ name: String) throws -> GPXDocument {
        try GPXReader.read(contentsOf: Fixture.url(name).path, displayPath: name)
    }

    /// A GPX 1.1 document around `body`, which starts on line 3.
    static func gpx(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>

        """
    }

    static func point(
        _ latitude: Double, _ longitude: Double, time: Double? = nil, elevation: Double? = nil,
        name: String? = nil, line: Int
    ) -> TrackPoint {
        TrackPoint(
            coordinate: Coordinate(latitude: latitude, longitude: longitude), time: time,
            elevation: elevation, name: name, line: line)
    }

    // MARK: - The real Yosemite tracks (counts checked with grep -c '<trkpt' and Python's ElementTree)

    @Test func enteringYosemite() throws {
        let document = try Self.readFixture("tracks/yose-pct-2019-07-29-enter.gpx")
        #expect(document.tracks.count == 1)
        #expect(document.routes.isEmpty && document.waypoints.isEmpty)
        let track = try #require(document.tracks.first)
        #expect(track.name == "yose-pct-2019-07-29-enter")
        #expect(track.segments.count == 1)
        let fixes = document.fixes
        #expect(fixes.count == 4773)
        #expect(fixes.first == Self.point(38.2533100, -119.5986930, time: 1_564_411_436, line: 5))  // 2019-07-29T14:43:56Z
        #expect(fixes.last == Self.point(38.0386360, -119.5275480, time: 1_564_455_606, elevation: 2762, line: 4777))
        let elevations = fixes.compactMap(\.elevation)
        #expect(elevations.count == 501)
        #expect(fixes[26].elevation == 2772)
        #expect(elevations.min() == 2385 && elevations.max() == 2914)
        #expect(fixes.allSatisfy { $0.time != nil && $0.name == nil })
        // 12 h 16 min 10 s of walking.
        let span: Double = 12 * 3600 + 16 * 60 + 10
        #expect(try document.timedFixes().last?.time == 1_564_411_436 + span)
    }

    @Test func leavingYosemite() throws {
        let document = try Self.readFixture("tracks/yose-pct-2019-07-31-exit.gpx")
        let fixes = document.fixes
        #expect(fixes.count == 2471)
        #expect(document.segmentStarts == [0])
        #expect(fixes.first == Self.point(37.8744800, -119.3568380, time: 1_564_601_859, line: 5))  // 19:37:39Z
        #expect(fixes.last == Self.point(37.7591820, -119.2256930, time: 1_564_627_259, line: 2475))  // 08-01 02:40:59Z
        #expect(fixes[3].elevation == 2622)
        let elevations = fixes.compactMap(\.elevation)
        #expect(elevations.count == 257)
        #expect(elevations.min() == 2622 && elevations.max() == 3375)
    }

    @Test func morningInsideYosemite() throws {
        let document = try Self.readFixture("tracks/yose-pct-2019-07-31-morning-inside.gpx")
        let fixes = try document.timedFixes()
        #expect(fixes.count == 687)
        #expect(
            fixes.first
                == TimedFix(
                    coordinate: Coordinate(latitude: 37.8725120, longitude: -119.3536670),
                    time: 1_564_577_480, line: 5))  // 12:51:20Z
        #expect(
            fixes.last
                == TimedFix(
                    coordinate: Coordinate(latitude: 37.8724880, longitude: -119.3532500),
                    time: 1_564_585_118, line: 691))  // 14:58:38Z
        #expect(fixes[4].elevation == 2628)
        #expect(fixes.compactMap(\.elevation).count == 62)
        #expect(fixes.allSatisfy { $0.segment == 0 })
    }

    @Test func benchmarkTrackFirstHour() throws {
        let document = try Self.readFixture("track_first3600.gpx")
        #expect(document.tracks.first?.name == "yellowstone-randomwalk-seed-0x7AC4")
        let fixes = try document.timedFixes()
        #expect(fixes.count == 3600)
        // One fix a second from 2024-07-01T08:00:00Z, three lines each from line 6.
        for (index, fix) in fixes.enumerated() {
            #expect(fix.time == 1_719_820_800 + Double(index))
            #expect(fix.line == 6 + 3 * index)
        }
        #expect(fixes.first?.coordinate == Coordinate(latitude: 44.5999922, longitude: -110.5000913))
        #expect(fixes.last?.coordinate == Coordinate(latitude: 44.852677, longitude: -110.3520957))
        #expect(fixes.allSatisfy { $0.elevation == nil })
    }

    // MARK: - Hand-made documents

    @Test func routesAndWaypoints() throws {
        let document = try Self.read(
            Self.gpx(
                """
                <wpt lat="37.7459" lon="-119.5332"><ele>2693</ele><name>Half Dome</name><sym>Summit</sym></wpt>
                <wpt lat="37.7394" lon="-119.5734"/>
                <rte><name>Mist Trail</name>
                  <rtept lat="37.7325" lon="-119.5580"><name>Happy Isles</name></rtept>
                  <rtept lat="37.7275" lon="-119.5440"><time>2019-07-29T17:03:12Z</time></rtept>
                </rte>
                <rte/>
                """))
        #expect(document.tracks.isEmpty)
        #expect(
            document.waypoints == [
                Self.point(37.7459, -119.5332, elevation: 2693, name: "Half Dome", line: 3),
                Self.point(37.7394, -119.5734, line: 4),
            ])
        #expect(
            document.routes == [
                GPXRoute(
                    name: "Mist Trail",
                    points: [
                        Self.point(37.7325, -119.5580, name: "Happy Isles", line: 6),
                        Self.point(37.7275, -119.5440, time: 1_564_419_792, line: 7),
                    ]),
                GPXRoute(),
            ])
        #expect(document.displayPath == Self.path)
    }

    @Test func segmentsAndFixes() throws {
        let document = try Self.read(
            Self.gpx(
                """
                <trk><name>Two days</name>
                <trkseg><trkpt lat="1" lon="2"><time>2019-07-29T17:00:00Z</time></trkpt>
                <trkpt lat="1.5" lon="2.5"><time>2019-07-29T17:00:01Z</time></trkpt></trkseg>
                <trkseg></trkseg>
                <trkseg><trkpt lat="3" lon="4"><time>2019-07-29T18:00:00Z</time></trkpt></trkseg>
                </trk>
                <trk><trkseg><trkpt lat="5" lon="6"><time>2019-07-29T19:00:00Z</time></trkpt></trkseg></trk>
                """))
        #expect(document.tracks.map(\.name) == ["Two days", nil])
        #expect(document.tracks.map(\.segments.count) == [3, 1])
        #expect(document.tracks.map(\.pointCount) == [3, 1])
        #expect(document.fixes.map(\.coordinate.latitude) == [1, 1.5, 3, 5])
        #expect(document.segmentStarts == [0, 2, 2, 3])
        let timed = try document.timedFixes()
        #expect(timed.map(\.segment) == [0, 0, 2, 3])
        #expect(timed.map(\.line) == [4, 5, 7, 9])
    }

    @Test func namespacePrefixesAndGPX10() throws {
        let prefixed = """
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1" version="1.1">
            <gpx:trk><gpx:name>prefixed</gpx:name><gpx:trkseg>
            <gpx:trkpt gpx:lat="10" lon="20"><gpx:ele>-86.0</gpx:ele></gpx:trkpt>
            </gpx:trkseg></gpx:trk></gpx:gpx>
            """
        let document = try Self.read(prefixed)
        #expect(document.tracks.first?.name == "prefixed")
        #expect(document.fixes == [Self.point(10, 20, elevation: -86, line: 3)])

        // GPX 1.0: course and speed in the point, no metadata element.
        let old = """
            <?xml version='1.0' standalone='yes'?>
            <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
            <time>2002-02-27T17:18:33Z</time>
            <trk><trkseg><trkpt lat="44.586548" lon="-110.511" ><ele>2372</ele><time>2002-02-27T17:18:33Z</time>
            <course>130.2</course><speed>1.3</speed><sym>Waypoint</sym></trkpt></trkseg></trk>
            </gpx>
            """
        let fix = try #require(try Self.read(old).fixes.first)
        #expect(fix == Self.point(44.586548, -110.511, time: 1_014_830_313, elevation: 2372, line: 4))
    }

    @Test func extensionsAndUnknownElementsAreSkipped() throws {
        let document = try Self.read(
            Self.gpx(
                """
                <metadata><name>not a track name</name><time>garbage is fine here</time></metadata>
                <trk><link href="https://example.com"><text>a link</text></link>
                <trkseg><trkpt lat="1" lon="2"><time>2019-07-29T17:03:12Z</time>
                  <extensions><gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
                    <gpxtpx:hr>140</gpxtpx:hr><time>not a time</time><ele>not a number</ele>
                  </gpxtpx:TrackPointExtension></extensions>
                </trkpt></trkseg>
                <extensions><color>red</color></extensions></trk>
                <extensions/>
                """))
        #expect(document.tracks.first?.name == nil)
        #expect(document.fixes == [Self.point(1, 2, time: 1_564_419_792, line: 5)])
    }

    @Test func entitiesCDATAAndCommentsInNames() throws {
        let document = try Self.read(
            Self.gpx(
                """
                <!-- a comment before the waypoints -->
                <wpt lat="1" lon="2"><name>Tom &amp; Jerry &lt;3 &quot;ok&quot; &apos;yes&apos; &gt;</name></wpt>
                <wpt lat="1" lon="2"><name>caf&#233; &#x1F600; &#xe9;</name></wpt>
                <wpt lat="1" lon="2"><name><![CDATA[Tom & Jerry <3 &amp;]]></name></wpt>
                <wpt lat="1" lon="2"><name>  Half<!-- not part of it -->Dome <?pi ignored?> </name></wpt>
                <wpt lat="1" lon="2"><name>   </name></wpt>
                <wpt lat="1" lon="2"><name>Nested <b>bold</b> text</name></wpt>
                """) + "<!-- a comment after the root -->\n")
        #expect(
            document.waypoints.map(\.name) == [
                #"Tom & Jerry <3 "ok" 'yes' >"#, "café 😀 é", "Tom & Jerry <3 &amp;", "HalfDome", nil, "Nested  text",
            ])
    }

    @Test func attributeValuesWithEntitiesAndSpaces() throws {
        let document = try Self.read(
            Self.gpx(
                """
                <wpt lat=' 37.5 ' lon = "&#45;119.25"/>
                <wpt lat="+.5" lon="7."/>
                <wpt lat="1e-05" lon="-0"/>
                """))
        #expect(
            document.waypoints.map(\.coordinate) == [
                Coordinate(latitude: 37.5, longitude: -119.25),
                Coordinate(latitude: 0.5, longitude: 7),
                Coordinate(latitude: 0.00001, longitude: 0),
            ])
    }

    @Test func crlfLineEndsAndByteOrderMark() throws {
        let text = Self.gpx(
            """
            <trk><trkseg>
            <trkpt lat="1" lon="2">
              <time>2019-07-29T17:03:12Z</time>
            </trkpt>
            <trkpt lat="3" lon="4"><name>two
            lines</name></trkpt>
            </trkseg></trk>
            """
        ).replacingOccurrences(of: "\n", with: "\r\n")
        for variant in [text, "\u{FEFF}" + text] {
            let document = try Self.read(variant)
            #expect(
                document.fixes == [
                    Self.point(1, 2, time: 1_564_419_792, line: 4),
                    Self.point(3, 4, name: "two\nlines", line: 7),
                ])
        }
        // Errors count lines and columns the same way, the byte-order mark taking no column.
        let broken = "\u{FEFF}<gpx>\r\n<trk>\r\n</gpx>\r\n"
        #expect(
            failure { () throws(GeoError) in try Self.read(broken) }
                == "tracks/test.gpx:3:1: malformed XML: expected </trk>, got </gpx> (<trk> opened at 2:1)")
    }

    @Test func bytesAndTextAgree() throws {
        let text = Self.gpx(#"<wpt lat="1" lon="2"><name>Ä</name></wpt>"#)
        let fromText = try Self.read(text)
        let fromBytes = try GPXReader.read(bytes: Array(text.utf8), displayPath: Self.path)
        #expect(fromText == fromBytes)
        #expect(fromText.waypoints.first?.name == "Ä")
    }

    @Test func trackPointsStayCompact() {
        // Two Doubles of coordinate, time and elevation as NaN-for-none, a name, an Int32 line.
        #expect(MemoryLayout<TrackPoint>.stride <= 56)
        var point = Self.point(1, 2, line: 3)
        point.time = .nan
        #expect(point.time == nil && point == Self.point(1, 2, line: 3))
        point.elevation = 12.5
        point.line = Int.max
        #expect(point.elevation == 12.5 && point.line == Int(Int32.max))
    }
}
