import Formats
import Foundation

/// A moment as `ctx.time` shows it in a park's time zone: year to second, weekday, and the
/// ISO 8601 text with the zone's offset (`2026-07-04T09:30:00-07:00`).
///
/// Worked out with calendar arithmetic from the zone's offset at that moment, not with
/// Foundation's calendar and ISO 8601 formatter, which took 5M instructions for one
/// `ctx.time` in a cold `flowrun --park GOGA home` and set up ICU's date formatting (3.5 MiB
/// of its peak). Where the two could differ the
/// Foundation answer is kept: before 1700 (its calendar turns Julian before 1582), after
/// 9999, and in an offset that is not whole minutes (local mean time before about 1900).
/// LocalTimeTests compares them across zones, years and daylight-saving changes.
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

    /// `date` in `zone`.
    init(_ date: Date, zone: TimeZone) {
        self = Self.byArithmetic(date, zone: zone) ?? Self.byFoundation(date, zone: zone)
    }

    private init(year: Int, month: Int, day: Int, hour: Int, minute: Int, weekday: Int, iso: String) {
        (self.year, self.month, self.day, self.hour, self.minute, self.weekday, self.iso) = (year, month, day, hour, minute, weekday, iso)
    }

    /// Earliest and latest whole seconds worked out by arithmetic: 1700-01-01 and 9999-12-31,
    /// a day inside them so that no offset takes the local date outside.
    static let arithmeticRange: ClosedRange<Int64> = (-8_520_336_000 + 86_400)...(253_402_300_799 - 86_400)

    /// The fields by calendar arithmetic (``TimeText/civil(days:)``), or nil outside its range.
    static func byArithmetic(_ date: Date, zone: TimeZone) -> LocalTime? {
        let time = date.timeIntervalSince1970.rounded(.down)
        guard time.isFinite, let seconds = Int64(exactly: time), arithmeticRange.contains(seconds) else { return nil }
        let offset = zone.secondsFromGMT(for: date)
        guard offset % 60 == 0 else { return nil }
        let local = seconds + Int64(offset)
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let inDay = Int(local - days * 86_400)
        let (year, month, day) = TimeText.civil(days: days)
        let weekday = Int(((days % 7) + 11) % 7) + 1  // 1970-01-01 was a Thursday (5)
        let hour = inDay / 3600, minute = inDay / 60 % 60, second = inDay % 60
        var iso = "\(year)-\(twoDigits(Int(month)))-\(twoDigits(Int(day)))T\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second))"
        if offset == 0 {
            iso += "Z"
        } else {
            iso += (offset < 0 ? "-" : "+") + twoDigits(abs(offset) / 3600) + ":" + twoDigits(abs(offset) / 60 % 60)
        }
        return LocalTime(year: Int(year), month: Int(month), day: Int(day), hour: hour, minute: minute, weekday: weekday, iso: iso)
    }

    /// The fields from Foundation's Gregorian calendar and ISO 8601 formatter.
    static func byFoundation(_ date: Date, zone: TimeZone) -> LocalTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
        return LocalTime(
            year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, hour: c.hour ?? 0, minute: c.minute ?? 0,
            weekday: c.weekday ?? 1,
            iso: ISO8601DateFormatter.string(from: date, timeZone: zone, formatOptions: [.withInternetDateTime]))
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
