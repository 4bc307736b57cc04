import Foundation
import Testing
@testable import FlowKit

/// `ctx.time` is worked out by calendar arithmetic where that gives Foundation's answer, and
/// by Foundation elsewhere (LocalTime). The two must agree wherever the arithmetic answers.
@Suite struct LocalTimeTests {
    static let zones = [
        "America/Los_Angeles", "America/Denver", "America/Phoenix", "America/New_York", "America/St_Johns",
        "Pacific/Honolulu", "America/Anchorage", "Pacific/Guam", "America/Puerto_Rico", "Pacific/Pago_Pago",
        "UTC", "GMT", "Europe/London", "Atlantic/Reykjavik", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
        "Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+12", "America/Sao_Paulo", "Africa/Monrovia",
    ]

    /// Moments across the arithmetic's range: both ends, the epoch, fractions of a second
    /// either side of zero, leap days, around daylight-saving changes, and a pseudo-random spread.
    static var moments: [Double] {
        let range = LocalTime.arithmeticRange
        var moments: [Double] = [
            0, -0.5, 0.999, -1, 59.5, 86_399.9, -86_400.25, Double(range.lowerBound), Double(range.upperBound),
            951_782_400, 951_868_800, 4_107_542_400, 1_783_171_800, 1_783_171_800.75,
        ]
        // 2026's daylight-saving changes in the United States, Europe and New Zealand, every half hour around them.
        for change in [1_772_964_000.0, 1_793_523_600, 1_774_746_000, 1_792_890_000, 1_775_311_200, 1_790_431_200] {
            moments += stride(from: change - 14_400, through: change + 14_400, by: 1799.5).map { $0 }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            moments.append(Double(range.lowerBound) + unit * Double(range.upperBound - range.lowerBound))
        }
        return moments
    }

    @Test(arguments: zones)
    func arithmeticGivesFoundationsFields(zone identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var answered = 0
        for moment in Self.moments {
            let date = Date(timeIntervalSince1970: moment)
            guard let fast = LocalTime.byArithmetic(date, zone: zone) else { continue }
            answered += 1
            #expect(fast == LocalTime.byFoundation(date, zone: zone), "\(identifier) at \(moment)")
        }
        #expect(answered > 400)
    }

    /// Outside its range, or in an offset with seconds, the arithmetic does not answer.
    @Test func foundationAnswersTheRest() throws {
        let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
        let range = LocalTime.arithmeticRange
        #expect(LocalTime.byArithmetic(Date(timeIntervalSince1970: Double(range.lowerBound) - 1), zone: losAngeles) == nil)
        #expect(LocalTime.byArithmetic(Date(timeIntervalSince1970: Double(range.upperBound) + 1), zone: losAngeles) == nil)
        #expect(LocalTime.byArithmetic(Date(timeIntervalSince1970: .infinity), zone: losAngeles) == nil)
        // Los Angeles kept local mean time, -7:52:58, until 1883.
        let before1883 = Date(timeIntervalSince1970: -3_000_000_000)
        #expect(LocalTime.byArithmetic(before1883, zone: losAngeles) == nil)
        #expect(LocalTime(before1883, zone: losAngeles) == LocalTime.byFoundation(before1883, zone: losAngeles))
    }

    @Test func fieldsAsCtxTimeShowsThem() throws {
        let time = LocalTime(Date(timeIntervalSince1970: 1_783_182_600), zone: try #require(TimeZone(identifier: "America/Los_Angeles")))
        #expect(time.iso == "2026-07-04T09:30:00-07:00")
        #expect(time.date == "2026-07-04")
        #expect(time.clock == "09:30")
        #expect(time.weekdayName == "Saturday")
    }
}
