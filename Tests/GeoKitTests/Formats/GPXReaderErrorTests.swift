import Testing
@testable import GeoKit

/// Every kind of bad GPX input, with the exact message and where it points.
struct GPXReaderErrorTests {
    static func readFailure(_ text: String) -> String? {
        failure { () throws(GeoError) in try GPXReaderTests.read(text) }
    }

    static func readFailure(bytes: [UInt8]) -> String? {
        failure { () throws(GeoError) in try GPXReader.read(bytes: bytes, displayPath: GPXReaderTests.path) }
    }

    /// A document whose line 4 is `line`, inside `<trk><trkseg>` (line 3).
    static func trackFailure(_ line: String) -> String? {
        readFailure(GPXReaderTests.gpx("<trk><trkseg>\n\(line)\n</trkseg></trk>"))
    }

    // MARK: - Malformed XML

    @Test func mismatchedAndUnclosedTags() {
        #expect(
            Self.readFailure(GPXReaderTests.gpx("<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>\n</trk>")) == """
                tracks/test.gpx:5:1: malformed XML: expected </trkseg>, got </trk> (<trkseg> opened at 3:6)
                """)
        #expect(
            Self.readFailure("<gpx><trk><trkseg>\n")
                == "tracks/test.gpx:2:1: malformed XML: unexpected end of file, <trkseg> opened at 1:11 is not closed")
        #expect(
            Self.readFailure("<gpx><trk name=\"x\"")
                == "tracks/test.gpx:1:6: malformed XML: unexpected end of file inside the tag <trk>")
        #expect(
            Self.readFailure("<gpx><trk></trk  x></gpx>")
                == "tracks/test.gpx:1:18: malformed XML: expected '>' to end </trk>, got 'x'")
        #expect(Self.readFailure("</gpx>") == "tracks/test.gpx:1:1: malformed XML: unexpected </gpx> before any element")
        #expect(
            Self.readFailure("<gpx>< wpt/></gpx>")
                == "tracks/test.gpx:1:7: malformed XML: expected an element name after '<', got ' '")
        #expect(
            Self.readFailure("<gpx><wpt/ ></gpx>")
                == "tracks/test.gpx:1:10: malformed XML: expected '/>' to end <wpt>, got ' ' after '/'")
        #expect(Self.readFailure("<gpx><") == "tracks/test.gpx:1:6: malformed XML: unexpected end of file after '<'")
    }

    @Test func badAttributeSyntax() {
        let cases: [(String, String)] = [
            (#"<gpx><wpt lat=1 lon="2"/></gpx>"#, "1:15: malformed XML: expected a quoted value for the attribute lat, got '1'"),
            (#"<gpx><wpt lat="1"lon="2"/></gpx>"#, "1:18: malformed XML: expected whitespace, '>' or '/>' in <wpt>, got 'l'"),
            (#"<gpx><wpt lat="1 lon="2"/></gpx>"#, "1:23: malformed XML: expected whitespace, '>' or '/>' in <wpt>, got '2'"),
            (#"<gpx><wpt lat lon="2"/></gpx>"#, "1:15: malformed XML: expected '=' after the attribute name lat, got 'l'"),
            (#"<gpx><wpt lat="1" lat="2"/></gpx>"#, "1:19: malformed XML: attribute lat appears twice in <wpt>"),
            (#"<gpx><wpt lat="1/></gpx>"#, "1:19: malformed XML: '<' is not allowed in the value of the attribute lat (write &lt;)"),
            (#"<gpx><wpt lat="1"#, "1:15: malformed XML: unterminated value of the attribute lat"),
            (#"<gpx><wpt =""/></gpx>"#, "1:11: malformed XML: expected an attribute name, '>' or '/>' in <wpt>, got '='"),
        ]
        for (text, expected) in cases {
            #expect(Self.readFailure(text) == "tracks/test.gpx:" + expected, "\(text)")
        }
    }

    @Test func badEntitiesAndCharacters() {
        let name = #"<gpx><wpt lat="1" lon="2"><name>"#  // 32 characters: the name's text starts at column 33
        #expect(
            Self.readFailure(name + "Caf&eacute;</name></wpt></gpx>") == """
                tracks/test.gpx:1:36: malformed XML: unknown entity '&eacute;'; XML predefines only &lt; &gt; &amp; &apos; &quot;
                """)
        #expect(
            Self.readFailure(name + "A & B</name></wpt></gpx>") == """
                tracks/test.gpx:1:35: malformed XML: '&' must start an entity such as &amp; and end with ';' (write &amp; for '&')
                """)
        #expect(
            Self.readFailure(name + "&#0;</name></wpt></gpx>")
                == "tracks/test.gpx:1:33: malformed XML: character reference '&#0;' is not a valid XML character")
        #expect(
            Self.readFailure(name + "&#xD800;</name></wpt></gpx>")
                == "tracks/test.gpx:1:33: malformed XML: character reference '&#xD800;' is not a valid XML character")
        #expect(
            Self.readFailure(name + "&#99999999999;</name></wpt></gpx>")
                == "tracks/test.gpx:1:33: malformed XML: character reference '&#99999999999;' is not a valid XML character")
        #expect(
            Self.readFailure(#"<gpx><wpt lat="&nbsp;1" lon="2"/></gpx>"#) == """
                tracks/test.gpx:1:16: malformed XML: unknown entity '&nbsp;'; XML predefines only &lt; &gt; &amp; &apos; &quot;
                """)
        #expect(
            Self.readFailure(name + "a\u{1}b</name></wpt></gpx>")
                == "tracks/test.gpx:1:34: malformed XML: control character U+0001 is not allowed in XML")
        // Columns count characters, not bytes.
        #expect(
            Self.readFailure(name + "Höhe &x;</name></wpt></gpx>") == """
                tracks/test.gpx:1:38: malformed XML: unknown entity '&x;'; XML predefines only &lt; &gt; &amp; &apos; &quot;
                """)
    }

    @Test func textOrElementsOutsideTheRoot() {
        #expect(
            Self.readFailure("<gpx></gpx>\njunk\n")
                == "tracks/test.gpx:2:1: malformed XML: unexpected text 'junk' after the root element")
        #expect(
            Self.readFailure("<gpx/><gpx/>")
                == "tracks/test.gpx:1:7: malformed XML: unexpected <gpx> after the root element; a document has one root")
        #expect(
            Self.readFailure(#"{"type":"FeatureCollection","features":[]}"#)
                == #"tracks/test.gpx:1:1: malformed XML: unexpected text '{"type":"FeatureColl' before the root element"#)
        #expect(
            Self.readFailure("<![CDATA[x]]><gpx/>")
                == "tracks/test.gpx:1:1: malformed XML: CDATA section outside the root element")
        #expect(
            Self.readFailure("<gpx><?xml version=\"1.0\"?></gpx>")
                == "tracks/test.gpx:1:6: malformed XML: the XML declaration must come before the root element")
    }

    @Test func commentsCDATAAndProcessingInstructionsMustEnd() {
        #expect(
            Self.readFailure("<gpx><!-- never closed </gpx>")
                == "tracks/test.gpx:1:6: malformed XML: unterminated comment, expected '-->'")
        #expect(
            Self.readFailure("<gpx><name><![CDATA[x</name></gpx>")
                == "tracks/test.gpx:1:12: malformed XML: unterminated CDATA section, expected ']]>'")
        #expect(
            Self.readFailure("<?xml version=\"1.0\"\n<gpx/>")
                == "tracks/test.gpx:1:1: malformed XML: unterminated processing instruction <?xml, expected '?>'")
        #expect(
            Self.readFailure("<gpx><!ELEMENT x></gpx>")
                == "tracks/test.gpx:1:6: malformed XML: expected '<!--' or '<![CDATA[' after '<!', got 'ELEMENT x>'")
    }

    @Test func emptyFilesAndNoRoot() {
        for text in ["", " \r\n\t", "\u{FEFF}", "\u{FEFF}\n"] {
            #expect(Self.readFailure(text) == "tracks/test.gpx: file is empty", "\(Array(text.utf8))")
        }
        #expect(
            Self.readFailure("<?xml version=\"1.0\"?>\n<!-- only a comment -->\n")
                == "tracks/test.gpx:3:1: malformed XML: no root element")
    }

    @Test func refusedInput() {
        #expect(
            Self.readFailure("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [<!ENTITY x \"y\">]>\n<gpx/>")
                == "tracks/test.gpx:2:1: malformed XML: a DOCTYPE is not supported (GPX files need none)")
        #expect(
            Self.readFailure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx/>")
                == "tracks/test.gpx:1:31: malformed XML: encoding 'ISO-8859-1' is not supported; save the file as UTF-8")
        #expect(Self.readFailure("<?xml version='1.0' encoding='utf-8'?><gpx/>") == nil)
        #expect(
            Self.readFailure(bytes: [0xFF, 0xFE, 0x3C, 0x00, 0x67, 0x00])
                == "tracks/test.gpx: the file is UTF-16; GeoKit reads UTF-8, so save it as UTF-8")
        #expect(
            Self.readFailure(bytes: [0x1F, 0x8B, 0x08, 0x00])
                == "tracks/test.gpx: the file is gzip-compressed; decompress it first (gunzip)")
    }

    @Test func unreadableFile() {
        let message = failure { () throws(GeoError) in
            try GPXReader.read(contentsOf: "/nonexistent/flowrun/x.gpx", displayPath: "tracks/x.gpx")
        }
        #expect(message == "tracks/x.gpx: cannot read file: No such file or directory")
    }

    // MARK: - Not GPX, bad points

    @Test func notGPX() {
        let kml = "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>"
        #expect(Self.readFailure(kml) == "tracks/test.gpx:2:1: not a GPX file: the root element is <kml>, expected <gpx>")
    }

    @Test func pointsWithoutOrWithBadCoordinates() {
        let cases: [(String, String)] = [
            (#"  <trkpt lon="2"><time>2019-07-29T17:03:12Z</time></trkpt>"#, "4:3: <trkpt> has no lat attribute"),
            (#"<trkpt lat="1"/>"#, "4:1: <trkpt> has no lon attribute"),
            (#"<trkpt lat="abc" lon="2"/>"#, "4:13: lat 'abc' is not a number"),
            (#"<trkpt lat="1" lon="nan"/>"#, "4:21: lon 'nan' is not a number"),
            (#"<trkpt lat="" lon="2"/>"#, "4:13: lat '' is not a number"),
            (#"<trkpt lat="1,5" lon="2"/>"#, "4:13: lat '1,5' is not a number"),
            (#"<trkpt lat="137.8" lon="2"/>"#, "4:13: latitude 137.8 out of range [-90, 90]"),
            (#"<trkpt lat="1" lon="-200"/>"#, "4:21: longitude -200 out of range [-180, 180]"),
            (#"<trkpt lat="1e400" lon="2"/>"#, "4:13: latitude inf is not a finite number"),
        ]
        for (line, expected) in cases {
            #expect(Self.trackFailure(line) == "tracks/test.gpx:" + expected, "\(line)")
        }
        #expect(Self.readFailure(GPXReaderTests.gpx(#"<wpt lon="1"/>"#)) == "tracks/test.gpx:3:1: <wpt> has no lat attribute")
        let error = #expect(throws: GeoError.self) { try GPXReaderTests.read(GPXReaderTests.gpx(#"<wpt lat="91" lon="0"/>"#)) }
        #expect(error?.kind == .invalidCoordinate)
        #expect(error?.line == 3 && error?.column == 11)
    }

    @Test func badTimes() {
        let point = #"<trkpt lat="1" lon="2">"#  // 23 characters: text in <time> starts at column 30
        let cases: [(String, String)] = [
            ("<time>2019-13-45T10:00:00Z</time>", "4:30: time '2019-13-45T10:00:00Z' is not an ISO 8601 date"),
            ("<time>2019-02-29T10:00:00Z</time>", "4:30: time '2019-02-29T10:00:00Z' is not an ISO 8601 date"),
            ("<time>2019-07-29 17:03:12Z</time>", "4:30: time '2019-07-29 17:03:12Z' is not an ISO 8601 date"),
            ("<time>2019-07-29T17:03:12+25:00</time>", "4:30: time '2019-07-29T17:03:12+25:00' is not an ISO 8601 date"),
            ("<time>1564419792</time>", "4:30: time '1564419792' is not an ISO 8601 date"),
            ("<time></time>", "4:24: time '' is not an ISO 8601 date"),
            ("<time>\n  yesterday at noon\n</time>", "5:3: time 'yesterday at noon' is not an ISO 8601 date"),
        ]
        for (time, expected) in cases {
            #expect(Self.trackFailure(point + time + "</trkpt>") == "tracks/test.gpx:" + expected, "\(time)")
        }
        let long = String(repeating: "9", count: 50)
        #expect(
            Self.trackFailure(point + "<time>\(long)</time></trkpt>")
                == "tracks/test.gpx:4:30: time '\(String(repeating: "9", count: 40))…' is not an ISO 8601 date")
    }

    @Test func badElevations() {
        let point = #"<trkpt lat="1" lon="2">"#
        #expect(Self.trackFailure(point + "<ele>high</ele></trkpt>") == "tracks/test.gpx:4:29: ele 'high' is not a number")
        #expect(Self.trackFailure(point + "<ele>12 m</ele></trkpt>") == "tracks/test.gpx:4:29: ele '12 m' is not a number")
        #expect(
            Self.trackFailure(point + "<ele>1e999</ele></trkpt>")
                == "tracks/test.gpx:4:29: ele '1e999' is not a finite number")
        let error = #expect(throws: GeoError.self) { try GPXReaderTests.read(GPXReaderTests.gpx(#"<wpt lat="1" lon="2"><ele>x</ele></wpt>"#)) }
        #expect(error?.kind == .invalidContent)
    }

    // MARK: - Never trapping

    @Test func everyPrefixAndRandomDamageFailsCleanly() throws {
        let text = GPXReaderTests.gpx(
            """
            <!-- c --><trk><name>A &amp; B<![CDATA[ <x> ]]></name><trkseg>
            <trkpt lat="1.5" lon="-2.25"><ele>12</ele><time>2019-07-29T17:03:12.5+02:00</time><extensions><a b='c'/></extensions></trkpt>
            </trkseg></trk><wpt lat="3" lon="4"><name>&#233;</name></wpt>
            """)
        let bytes = Array(text.utf8)
        #expect(throws: Never.self) { try GPXReader.read(bytes: bytes, displayPath: "x") }
        for end in 0..<bytes.count {
            _ = try? GPXReader.read(bytes: bytes[..<end], displayPath: "x")
        }
        var generator = SplitMix64(seed: 42)
        let interesting = Array("<>/&;'\"=![]?-#x \n\r\u{0}".utf8) + [0xC3, 0xFF]
        for _ in 0..<3000 {
            var damaged = bytes
            for _ in 0...(generator.nextBits() % 3) {
                let position = Int(generator.nextBits() % UInt64(damaged.count))
                damaged[position] = interesting[Int(generator.nextBits() % UInt64(interesting.count))]
            }
            do {
                _ = try GPXReader.read(bytes: damaged, displayPath: "x")
            } catch {
                #expect(error.file == "x")
            }
        }
    }
}
