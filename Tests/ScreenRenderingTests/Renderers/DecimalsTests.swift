import Testing
import Formats

@Suite struct DecimalsTests {
    @Test(arguments: [
        (37.81049, 4, "37.8105"), (-122.477, 4, "-122.4770"), (0.004, 2, "0.00"), (-0.004, 2, "0.00"),
        (12, 0, "12"), (0.5, 1, "0.5"), (-0.05, 1, "-0.1"), (1e11, 2, "100000000000.00"), (3.14159, 9, "3.141590"),
    ])
    func fixed(value: Double, places: Int, text: String) {
        #expect(Decimals.fixed(value, places) == text)
    }

    @Test(arguments: [
        (12.0, 2, "12"), (12.5, 2, "12.5"), (11.25, 1, "11.3"), (-0.001, 2, "0"), (390, 1, "390"), (0.1 + 0.2, 2, "0.3"),
    ])
    func short(value: Double, places: Int, text: String) {
        #expect(Decimals.short(value, places) == text)
    }

    @Test func nonFiniteAndHugeValuesAreWrittenAsSwiftPrintsThem() {
        #expect(Decimals.fixed(.nan, 2) == "nan")
        #expect(Decimals.short(-.infinity, 2) == "-inf")
        #expect(Decimals.fixed(1e300, 2) == "1e+300")
    }
}
