import Formats
import Testing
@testable import GeoKit

struct XMLScannerTests {
    /// The events of `text` as readable lines: `<gpx:trk a=1>`, `'text'`, `</gpx:trk>`, `end`.
    static func events(_ text: String) throws(XMLScanner.SyntaxError) -> [String] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(XMLScanner.SyntaxError) in
            var scanner = XMLScanner(buffer)
            var lines: [String] = []
            while true {
                switch try scanner.next() {
                case .startElement:
                    let attributes = scanner.attributes.map { attribute in
                        var value: [UInt8] = []
                        scanner.appendValue(of: attribute, to: &value)
                        return " \(scanner.string(attribute.name))=\(String(decoding: value, as: UTF8.self))"
                    }
                    lines.append("<\(scanner.string(scanner.name))\(attributes.joined())> local \(scanner.string(scanner.localName))")
                case .endElement:
                    lines.append("</\(scanner.string(scanner.name))> depth \(scanner.depth)")
                case .text:
                    var text: [UInt8] = []
                    scanner.appendText(to: &text)
                    lines.append("'\(String(decoding: text, as: UTF8.self))'")
                case .endOfDocument:
                    lines.append("end")
                    return lines
                }
            }
        }
    }

    @Test func elementsAttributesAndText() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?xml-stylesheet href="style.xsl"?>
            <!-- before -->
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version='1.1'><g:wpt lat="1" lon='2'/>a&amp;b<![CDATA[<c>&amp;]]></g:gpx>
            <!-- after -->

            """
        #expect(
            try Self.events(text) == [
                "<g:gpx xmlns:g=http://www.topografix.com/GPX/1/1 version=1.1> local gpx",
                "<g:wpt lat=1 lon=2> local wpt",
                "</g:wpt> depth 1",
                "'a&b'",
                "'<c>&amp;'",
                "</g:gpx> depth 0",
                "end",
            ])
    }

    @Test func decodingAndNormalization() throws {
        let text = "<a v=\"x&#10;y\tz\r\nw &quot;&apos;\">line\r\none\rtwo &#x41;&#66;</a>"
        #expect(
            try Self.events(text) == [
                "<a v=x\ny z w \"'> local a",
                "'line\none\ntwo AB'",
                "</a> depth 0",
                "end",
            ])
    }

    @Test func commentsSplitText() throws {
        #expect(
            try Self.events("<a>Half<!-- x -->Dome<?pi data?></a>") == [
                "<a> local a", "'Half'", "'Dome'", "</a> depth 0", "end",
            ])
    }

    @Test func namesWithOddCharacters() throws {
        #expect(try Self.events("<_a.b-c:d-1 é='1'/>") == ["<_a.b-c:d-1 é=1> local d-1", "</_a.b-c:d-1> depth 0", "end"])
        #expect(try Self.events("<a:/>") == ["<a:> local a:", "</a:> depth 0", "end"])
    }

    @Test func deepNestingUsesNoStack() throws {
        let depth = 100_000
        let text = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let events = try Self.events(text)
        #expect(events.count == 2 * depth + 1)
    }

    @Test func errorsCarryOffsets() {
        func error(_ text: String) -> (Int, String)? {
            do {
                _ = try Self.events(text)
                return nil
            } catch {
                return (error.offset, error.message)
            }
        }
        #expect(error("<a></b>")! == (3, "expected </a>, got </b> (<a> opened at 1:1)"))
        #expect(error("<a>")! == (3, "unexpected end of file, <a> opened at 1:1 is not closed"))
        #expect(error("")! == (0, "no root element"))
        let crowded = "<a " + (0...256).map { "a\($0)='x'" }.joined(separator: " ") + "/>"
        #expect(error(crowded)! == (2197, "more than 256 attributes in <a>"))
    }
}
