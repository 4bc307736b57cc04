import Foundation
import Testing
@testable import GeoKit

struct ISO8601TimeTests {
    static func parse(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ISO8601Time.parse($0) }
    }

    @Test func knownInstants() {
        // Expected values from Python's datetime.fromisoformat(...).timestamp().
        let cases: [(String, Double)] = [
            ("2019-07-29T17:03:12Z", 1_564_419_792),
            ("2019-07-29T10:03:12.250-07:00", 1_564_419_792.25),
            ("2019-07-29T19:03:12+0200", 1_564_419_792),
            ("2019-07-29T17:03:12", 1_564_419_792),  // no zone: GPX times are UTC
            ("2019-07-29T17:03:12.000000000001Z", 1_564_419_792),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("1900-01-01T00:00:00Z", -2_208_988_800),
            ("0001-01-01T00:00:00Z", -62_135_596_800),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
            ("2016-12-31T23:59:60Z", 1_483_228_800),  // a leap second reads as the next minute
        ]
        for (text, seconds) in cases {
            #expect(Self.parse(text) == seconds, "\(text)")
        }
    }

    @Test func rejectsWhatIsNotADateTime() {
        let texts = [
            "", "2019", "2019-07-29", "2019-07-29T17:03Z", "2019-13-01T00:00:00Z", "2019-00-01T00:00:00Z",
            "2019-02-29T00:00:00Z", "2019-04-31T00:00:00Z", "2019-07-29T24:00:00Z", "2019-07-29T17:60:00Z",
            "2019-07-29T17:03:61Z", "2019-07-29T17:03:12.Z", "2019-07-29T17:03:12ZZ", "2019-07-29T17:03:12+2",
            "2019-07-29T17:03:12+15:00", "2019-07-29T17:03:12+01:60", "2019-07-29t17:03:12z", "19-07-29T17:03:12Z",
            "+2019-07-29T17:03:12Z", "2019-07-29T17:03:12 Z", "２019-07-29T17:03:12Z",
        ]
        for text in texts {
            #expect(Self.parse(text) == nil, "\(text)")
        }
    }

    @Test func formatsUTC() {
        #expect(ISO8601Time.format(1_564_419_792) == "2019-07-29T17:03:12Z")
        #expect(ISO8601Time.format(1_564_419_792.25) == "2019-07-29T17:03:12.25Z")
        #expect(ISO8601Time.format(1_564_419_792.9996) == "2019-07-29T17:03:13Z")
        #expect(ISO8601Time.format(-1) == "1969-12-31T23:59:59Z")
        #expect(ISO8601Time.format(-0.5) == "1969-12-31T23:59:59.5Z")
        #expect(ISO8601Time.format(.nan) == "nan s")
        #expect(ISO8601Time.format(1e300) == "1e+300 s")
    }

    @Test func roundTrips() {
        var generator = SplitMix64(seed: 8601)
        for _ in 0..<2000 {
            let seconds = (generator.next(in: -62_135_596_800...253_402_300_799)).rounded()
            #expect(Self.parse(ISO8601Time.format(seconds)) == seconds, "\(seconds)")
        }
    }

    /// A run's `--time` reads as Foundation's ISO 8601 formatter read it (internet date-time,
    /// fractions allowed), and a time without its zone is refused, as it was.
    @Test(arguments: [
        "2026-07-04T09:30:00-07:00", "2026-07-04T16:30:00Z", "2026-07-04T09:30:00.250-07:00", "2026-07-04T23:30:00+14:00",
        "2024-02-29T12:00:00+05:30", "2026-07-04T09:30:00", "2026-07-04 09:30:00-07:00", "yesterday", "2026-07-04T09:30-07:00", "",
    ])
    func aZonedTimeReadsAsFoundationReadsIt(text: String) {
        let formatter = ISO8601DateFormatter()
        var foundation: Double?
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if foundation == nil, let date = formatter.date(from: text) { foundation = date.timeIntervalSince1970 }
        }
        #expect(ISO8601Time.parse(zoned: text) == foundation, "\(text)")
    }

    /// Where Foundation's formatter guessed, `--time` now refuses: a day the month lacks (it
    /// rolled over into March) and text after the time (it stopped reading).
    @Test(arguments: ["2026-02-30T09:30:00Z", "2026-07-04T09:30:00-07:00x"])
    func whatFoundationGuessedIsRefused(text: String) {
        #expect(ISO8601Time.parse(zoned: text) == nil)
    }
}
