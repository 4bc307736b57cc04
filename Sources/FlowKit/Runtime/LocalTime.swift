import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A moment as `ctx.time` shows it in a park's time zone: year to second, weekday, and the
/// ISO 8601 text with the zone's offset (`2026-07-04T09:30:00-07:00`).
///
/// Worked out with calendar arithmetic from the zone's offset at that moment (``ZoneRules``),
/// not with Foundation's calendar and ISO 8601 formatter, which took 5M instructions for one
/// `ctx.time` in a cold `flowrun --park GOGA home` and linked ICU into every run. The
/// calendar is Gregorian at every date (Foundation's turns Julian before 1582).
/// LocalTimeTests compares the two across zones, years and daylight-saving changes.
struct LocalTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    /// 1 is Sunday, as Foundation's `weekday`.
    var weekday: Int
    /// `2026-07-04T09:30:00-07:00`; `Z` for an offset of zero.
    var iso: String

    /// `date` in `zone`, by calendar arithmetic (``TimeText/civil(days:)``, the proleptic
    /// Gregorian calendar) on the zone's offset at that moment. Times beyond ±10^15 s
    /// (some 30 million years) are taken at that bound.
    init(_ date: Date, zone: ZoneRules) {
        let time = date.timeIntervalSince1970
        let bound = 1e15
        let seconds = time.isNaN ? 0 : Int64(max(-bound, min(bound, time)).rounded(.down))
        let offset = zone.localType(at: seconds).offset
        let local = seconds + Int64(offset)
        let days = TimeText.floorDivision(local, TimeText.secondsPerDay)
        let inDay = Int(local - days * TimeText.secondsPerDay)
        let (year, month, day) = TimeText.civil(days: days)
        let weekday = Int(((days % 7) + 11) % 7) + 1  // 1970-01-01 was a Thursday (5)
        let hour = inDay / 3600, minute = inDay / 60 % 60, second = inDay % 60
        var iso = "\(year)-\(twoDigits(Int(month)))-\(twoDigits(Int(day)))T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))"
        if offset == 0 {
            iso += "Z"
        } else {
            // Local mean time before about 1900 is not whole minutes: its seconds are written too.
            let size = abs(offset)
            iso += (offset < 0 ? "-" : "+") + twoDigits(size / 3600) + ":" + twoDigits(size / 60 % 60) + (size % 60 == 0 ? "" : ":" + twoDigits(size % 60))
        }
        self.init(year: Int(year), month: Int(month), day: Int(day), hour: hour, minute: minute, weekday: weekday, iso: iso)
    }

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, weekday: Int, iso: String) {
        (self.year, self.month, self.day, self.hour, self.minute, self.weekday, self.iso) = (year, month, day, hour, minute, weekday, iso)
    }

    /// `2026-07-04`.
    var date: String { "\(year)-\(twoDigits(month))-\(twoDigits(day))" }
    /// `09:30`.
    var clock: String { "\(twoDigits(hour)):\(twoDigits(minute))" }
    /// `Saturday`.
    var weekdayName: String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][((weekday - 1) % 7 + 7) % 7]
    }
}

/// `7` as `07`: as `String(format: "%02d")` writes it, for numbers from -9 up.
private func twoDigits(_ value: Int) -> String {
    (0..<10).contains(value) ? "0\(value)" : "\(value)"
}
