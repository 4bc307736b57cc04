import Formats
import Testing
@testable import GeoKit

/// The text forms of a view: `ScreenSize.parse` (`--size`, `map.size`, `ar.size`) and
/// `BoundingBox.parse` (`--bbox`), each with the message a caller prefixes with its name.
@Suite struct ViewTextTests {
    @Test(arguments: [
        ("390x844", 390, 844),
        ("1x1", 1, 1),
        ("10000x10000", 10_000, 10_000),
        ("0390x0844", 390, 844),
    ])
    func sizeParses(text: String, width: Int, height: Int) throws {
        #expect(try ScreenSize.parse(text) == ScreenSize(width: width, height: height))
        #expect(ScreenSize(width: width, height: height).description == "\(width)x\(height)")
    }

    @Test(arguments: [
        ("1e3x844", "width '1e3' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)"),
        ("390x844.0", "height '844.0' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)"),
        ("+390x844", "width '+390' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)"),
        (" 390x844", "width ' 390' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)"),
        ("390X844", "expected WIDTHxHEIGHT in points such as 390x844, got '390X844'"),
        ("390x", "expected WIDTHxHEIGHT in points such as 390x844, got '390x'"),
        ("x844", "expected WIDTHxHEIGHT in points such as 390x844, got 'x844'"),
        ("", "expected WIDTHxHEIGHT in points such as 390x844, got ''"),
        ("0x10", "width 0 out of range [1, 10000]"),
        ("10x10001", "height 10001 out of range [1, 10000]"),
        ("1x" + String(repeating: "9", count: 70), "height '" + String(repeating: "9", count: 60) + "…' (70 characters) out of range [1, 10000]"),
    ])
    func sizeRejects(text: String, message: String) {
        #expect(failure { () throws(GeoError) in try ScreenSize.parse(text) } == message)
    }

    @Test func sizeChecksItsSides() {
        #expect(failure { () throws(GeoError) in try ScreenSize(validatingWidth: 390, height: -1) } == "height -1 out of range [1, 10000]")
        #expect((try? ScreenSize(validatingWidth: 390, height: 844)) == ScreenSize(width: 390, height: 844))
    }

    @Test func boxParses() throws {
        #expect(try BoundingBox.parse("-122.52,37.74,-122.40,37.82") == BoundingBox(west: -122.52, south: 37.74, east: -122.40, north: 37.82))
        #expect(try BoundingBox.parse(" 170, -10 , -170,10") == BoundingBox(west: 170, south: -10, east: -170, north: 10))  // across ±180°
    }

    /// Across the antimeridian: east past 180 (kept as GeoJSON's west > east), or west > east
    /// when that box is less than half the world wide (issue 13: a swap showed the rest of the world).
    @Test(arguments: [
        ("170,-10,190,10", BoundingBox(west: 170, south: -10, east: -170, north: 10)),
        ("0,0,180.5,1", BoundingBox(west: 0, south: 0, east: -179.5, north: 1)),
        ("-100,0,250,1", BoundingBox(west: -100, south: 0, east: -110, north: 1)),  // 350° wide, asked for
        ("100,0,-100,5", BoundingBox(west: 100, south: 0, east: -100, north: 5)),  // 160° wide
        ("180,0,-180,1", BoundingBox(west: 180, south: 0, east: -180, north: 1)),
        ("-180,0,180,1", BoundingBox(west: -180, south: 0, east: 180, north: 1)),
    ])
    func boxesAcrossTheAntimeridian(text: String, box: BoundingBox) throws {
        #expect(try BoundingBox.parse(text) == box)
    }

    @Test(arguments: [
        ("1,2,3", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3'"),
        ("1,2,3,4,5", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3,4,5'"),
        ("nan,0,1,1", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got 'nan,0,1,1'"),
        ("-181,0,1,1", "west -181 out of range [-180, 180]"),
        ("0,0,-181,1", "east -181 out of range [-180, 180]"),
        ("0,0,360,1", "east 360 out of range [-180, 180], or past 180 less than a full turn east of west 0"),
        (
            "-122.3,37.7,-122.6,37.9",
            "west -122.3 is east of east -122.6; did you mean -122.6,37.7,-122.3,37.9? "
                + "(a box across the antimeridian gives east past 180, as -122.3,37.7,237.4,37.9)"
        ),
        (
            "0.3,51.3,-0.5,51.7",
            "west 0.3 is east of east -0.5; did you mean -0.5,51.3,0.3,51.7? "
                + "(a box across the antimeridian gives east past 180, as 0.3,51.3,359.5,51.7)"
        ),
        (
            "90,0,-90,5",
            "west 90 is east of east -90; did you mean -90,0,90,5? "
                + "(a box across the antimeridian gives east past 180, as 90,0,270,5)"
        ),
        ("0,0,1,91", "north 91 out of range [-90, 90]"),
        ("0,1,1,0", "south 1 is not below north 0"),
    ])
    func boxRejects(text: String, message: String) {
        #expect(failure { () throws(GeoError) in try BoundingBox.parse(text) } == message)
    }

    @Test func decimalsArePlainText() {
        #expect(NumberText.decimal(" -1.5 ") == -1.5)
        #expect(NumberText.decimal("1e3") == 1000)
        for text in ["nan", "inf", "0x10", "", "1,5", "--1"] { #expect(NumberText.decimal(text) == nil) }
    }
}
