import Formats
import Foundation
import Testing
@testable import FlowKit

/// `ctx.time` is worked out by calendar arithmetic on the zone data's offsets (LocalTime,
/// ZoneRules). It must give what Foundation's Gregorian calendar and ISO 8601 formatter give
/// (with ICU's own copy of the zone data) from 1700 to 9999.
@Suite struct LocalTimeTests {
    static let zones = [
        "America/Los_Angeles", "America/Denver", "America/Phoenix", "America/New_York", "America/St_Johns",
        "Pacific/Honolulu", "America/Anchorage", "Pacific/Guam", "America/Puerto_Rico", "Pacific/Pago_Pago",
        "UTC", "GMT", "Europe/London", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
        "Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+12", "America/Sao_Paulo", "Africa/Monrovia",
    ]

    /// 1700-01-02 and 9999-12-30: Foundation's calendar turns Julian before 1582, and its
    /// formatter writes years of four digits.
    static let range: ClosedRange<Int64> = (-8_520_336_000 + 86_400)...(253_402_300_799 - 86_400)

    /// Moments across that range: both ends, the epoch, fractions of a second
    /// either side of zero, leap days, around daylight-saving changes, and a pseudo-random spread.
    static var moments: [Double] {
        let range = Self.range
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

    /// Foundation's fields and ISO 8601 text of `date` in `zone`.
    static func foundation(_ date: Date, zone: TimeZone) -> LocalTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        let iso = ISO8601DateFormatter.string(from: date, timeZone: zone, formatOptions: [.withInternetDateTime])
        return LocalTime(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, hour: c.hour ?? 0, minute: c.minute ?? 0, weekday: c.weekday ?? 1, iso: iso)
    }

    @Test(arguments: zones)
    func arithmeticGivesFoundationsFields(zone identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let rules = try #require(ZoneRules(identifier: identifier))
        for moment in Self.moments {
            let date = Date(timeIntervalSince1970: moment)
            #expect(LocalTime(date, zone: rules) == Self.foundation(date, zone: zone), "\(identifier) at \(moment)")
        }
    }

    /// Outside the range the arithmetic still answers, on the proleptic Gregorian calendar.
    /// (Atlantic/Reykjavik is not compared: the system's zone data has made it a link to
    /// Africa/Abidjan, alike since 1970, while ICU's copy keeps Iceland's older history.)
    @Test func beyondFoundationsRange() throws {
        let losAngeles = try #require(ZoneRules(identifier: "America/Los_Angeles"))
        // Los Angeles kept local mean time, -7:52:58, until 1883.
        #expect(LocalTime(Date(timeIntervalSince1970: -3_000_000_000), zone: losAngeles).iso == "1874-12-07T10:47:02-07:52:58")
        #expect(LocalTime(Date(timeIntervalSince1970: 253_402_300_800), zone: .utc).iso == "10000-01-01T00:00:00Z")
        #expect(LocalTime(Date(timeIntervalSince1970: .infinity), zone: .utc).year == 31_690_708)
        #expect(LocalTime(Date(timeIntervalSince1970: .nan), zone: .utc).iso == "1970-01-01T00:00:00Z")
    }

    @Test func fieldsAsCtxTimeShowsThem() throws {
        let time = LocalTime(Date(timeIntervalSince1970: 1_783_182_600), zone: try #require(ZoneRules(identifier: "America/Los_Angeles")))
        #expect(time.iso == "2026-07-04T09:30:00-07:00")
        #expect(time.date == "2026-07-04")
        #expect(time.clock == "09:30")
        #expect(time.weekdayName == "Saturday")
    }
}
