import Formats
import Testing
@testable import GeoKit

struct DecimalNumberTests {
    static func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.parse($0) }
    }

    @Test func matchesTheStandardLibrary() {
        let texts = [
            "0", "-0", "7", "-119.5986930", "38.2533100", "2762.0", "+2.5", ".5", "-.5", "7.", "007.50", "1e-05",
            "2.5E+3", "0.30000000000000004", "12345678901234567890", "0.000000000000000000000000001",
            "123456789.123456789123", "1e22", "1e23", "1e400",
        ]
        for text in texts {
            #expect(Self.parse(text) == Double(text), "\(text)")
        }
    }

    @Test func randomCoordinatesRoundTrip() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<5000 {
            let value = generator.next(in: -180...180)
            let text = String(value)
            #expect(Self.parse(text) == value, "\(text)")
        }
    }

    @Test func rejectsWhatIsNotADecimal() {
        for text in ["", "-", "+", ".", "-.", "e5", "1e", "1e+", "1.2.3", "1,5", "nan", "inf", "0x1p3", " 1", "1 ", "--1", "1-"] {
            #expect(Self.parse(text) == nil, "\(text)")
        }
    }
}
