import Testing
@testable import ScreenRendering

/// `Wayfinding` writes distances and compass points exactly as `flows/lib/ui.lua` does
/// (the expected strings come from running `ui.distance` and `ui.compass` in Lua 5.4).
@Suite struct WayfindingTests {
    @Test(arguments: [
        (0.0, "0 m"), (4, "0 m"), (5, "10 m"), (476, "480 m"), (994, "990 m"), (995, "1000 m"), (999.9, "1000 m"),
        (1000, "1.0 km"), (1049, "1.0 km"), (1050, "1.1 km"), (1150, "1.1 km"), (1250, "1.2 km"), (1350, "1.4 km"),
        (1450, "1.4 km"), (2250, "2.2 km"), (2254, "2.3 km"), (5033, "5.0 km"), (9949, "9.9 km"), (9950, "9.9 km"),
        (9999, "10.0 km"), (10_000, "10 km"), (10_499, "10 km"), (10_500, "11 km"), (12_345.6, "12 km"),
    ])
    func distanceMatchesTheFlows(metres: Double, text: String) {
        #expect(Wayfinding.distance(metres) == text)
    }

    @Test func distanceOfBrokenNumbersDoesNotTrap() {
        #expect(Wayfinding.distance(.nan) == "nan m")
        #expect(Wayfinding.distance(-.infinity) == "-inf m")
        #expect(Wayfinding.distance(1e300) == "1e+300 m")
        #expect(Wayfinding.distance(-6) == "-10 m")
    }

    @Test(arguments: [
        (-370.0, "N"), (-22.5, "N"), (-22.4, "N"), (0, "N"), (22.4999, "N"), (22.5, "NE"), (67.5, "E"), (95.4, "E"),
        (97, "E"), (337.5, "N"), (359.9, "N"), (360, "N"), (720.1, "N"), (202.5, "SW"), (270, "W"),
    ])
    func compassMatchesTheFlows(degrees: Double, point: String) {
        #expect(Wayfinding.compass(degrees) == point)
    }

    @Test func compassOfBrokenNumbersDoesNotTrap() {
        #expect(Wayfinding.compass(.nan) == "?")
        #expect(Wayfinding.compass(.infinity) == "?")
    }

    @Test func degreesAreWhole() {
        #expect(Wayfinding.degrees(90) == "90°")
        #expect(Wayfinding.degrees(12.5) == "13°")
        #expect(Wayfinding.degrees(-3.2) == "-3°")
        #expect(Wayfinding.degrees(-0.2) == "0°")
    }
}
