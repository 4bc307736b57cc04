/// Times as text for the renderers, in UTC and the same on every platform: no
/// Foundation calendars or formatters, no locale. Times are seconds since
/// 1970-01-01 00:00 UTC; fractions of a second are dropped (rounded down).
package enum TimeText {
    /// Seconds in a day.
    package static let secondsPerDay: Int64 = 86_400
    /// Times and durations beyond ±this many seconds (about 3,000 years) are not written out.
    package static let limit = 1e11
    /// What stands for a clock or date that cannot be written (not finite, out of range).
    package static let unknownClock = "--:--:--"

    /// `time` in whole seconds, or `nil` when it is not finite or beyond ``limit``.
    package static func seconds(_ time: Double) -> Int64? {
        guard time.isFinite, abs(time) < limit else { return nil }
        return Int64(time.rounded(.down))
    }

    /// The UTC wall clock: `clock(1720104236)` is `"14:43:56"`.
    package static func clock(_ time: Double) -> String {
        guard let seconds = seconds(time) else { return unknownClock }
        let inDay = positiveRemainder(seconds, secondsPerDay)
        return "\(twoDigits(inDay / 3600)):\(twoDigits(inDay / 60 % 60)):\(twoDigits(inDay % 60))"
    }

    /// The UTC calendar date: `date(1720104236)` is `"2024-07-04"`; `"----------"` when unknown.
    package static func date(_ time: Double) -> String {
        guard let seconds = seconds(time) else { return "----------" }
        let (year, month, day) = civil(days: floorDivision(seconds, secondsPerDay))
        let digits = String(abs(year))
        let paddedYear = (year < 0 ? "-" : "") + String(repeating: "0", count: max(4 - digits.count, 0)) + digits
        return "\(paddedYear)-\(twoDigits(month))-\(twoDigits(day))"
    }

    /// Whether two times fall on the same UTC day.
    package static func sameDay(_ a: Double, _ b: Double) -> Bool {
        guard let a = seconds(a), let b = seconds(b) else { return false }
        return floorDivision(a, secondsPerDay) == floorDivision(b, secondsPerDay)
    }

    /// Time since `start` as the whole-second clocks show it, signed: `+0:03:34`,
    /// `+26:14:05` (hours go past 24), `-0:01:00` before the start.
    package static func elapsed(from start: Double, to time: Double) -> String {
        guard let start = seconds(start), let time = seconds(time) else { return "+" + unknownClock }
        let difference = time - start
        return (difference < 0 ? "-" : "+") + duration(seconds: difference.magnitude)
    }

    /// A length of time as `H:MM:SS`, hours unbounded: `1:26:06`, `26:14:05`.
    package static func duration(seconds: UInt64) -> String {
        "\(seconds / 3600):\(twoDigits(Int64(seconds / 60 % 60))):\(twoDigits(Int64(seconds % 60)))"
    }

    /// The length from `start` to `end` as the clocks show it, `H:MM:SS`, or `nil` when either is unknown or `end` is earlier.
    package static func duration(from start: Double, to end: Double) -> String? {
        guard let start = seconds(start), let end = seconds(end), end >= start else { return nil }
        return duration(seconds: UInt64(end - start))
    }

    // MARK: - Pure math

    /// Year, month and day of the proleptic Gregorian calendar for days since 1970-01-01
    /// (Howard Hinnant's `civil_from_days`).
    package static func civil(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDivision(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March is 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`),
    /// the inverse of ``civil(days:)``.
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivision(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func positiveRemainder(_ a: Int64, _ b: Int64) -> Int64 {
        let r = a % b
        return r < 0 ? r + b : r
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
