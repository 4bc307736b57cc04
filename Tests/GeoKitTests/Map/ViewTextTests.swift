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
        #expect(try BoundingBox.parse(" 170, -10 , -170,10") == BoundingBox(west: 170, south: -10, east: -170, north: 10))   // across ±180°
    }

    @Test(arguments: [
        ("1,2,3", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3'"),
        ("1,2,3,4,5", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3,4,5'"),
        ("nan,0,1,1", "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got 'nan,0,1,1'"),
        ("-181,0,1,1", "west -181 out of range [-180, 180]"),
        ("0,0,180.5,1", "east 180.5 out of range [-180, 180]"),
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
