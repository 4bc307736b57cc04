import Formats
/// Converts between ISO 8601 date-times (as `xsd:dateTime`, GPX's `<time>`, writes them)
/// and seconds since 1970-01-01T00:00:00Z, without Foundation or the C calendar functions.
///
/// Accepted: `2019-07-29T17:03:12Z`, fractional seconds `…:12.250Z`, offsets `+02:00`,
/// `-0700`, and no zone at all, taken as UTC (GPX says times are UTC). The date must exist
/// (no February 30) and the year has four digits. A leap second `:60` counts as the next
/// minute's first second.
package enum ISO8601Time {
    /// Seconds since 1970 UTC for `text` written with its zone (`Z` or an offset), as a run's
    /// `--time` is (`2026-07-04T09:30:00-07:00`, fractions allowed); nil otherwise. Read here
    /// rather than by Foundation's ISO8601DateFormatter, whose ICU formatter cost more to make
    /// than the preview's whole run of a map.
    package static func parse(zoned text: String) -> Double? {
        var text = text
        return text.withUTF8 { parse($0, zoneRequired: true) }
    }

    /// Seconds since 1970 UTC for `text` (no surrounding whitespace), or `nil` if it is
    /// not an ISO 8601 date-time (or has no zone when `zoneRequired`).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, zoneRequired: Bool = false) -> Double? {
        var reader = FieldReader(text: text)
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        var offsetSeconds = 0
        if reader.skip("Z") {
            // UTC.
        } else if let sign = reader.sign() {
            guard let hours = reader.number(digits: 2) else { return nil }
            _ = reader.skip(":")  // `+02:00` and `+0200` are both ISO 8601
            guard let minutes = reader.number(digits: 2), hours <= 14, minutes < 60 else { return nil }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else if zoneRequired {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Double(seconds) + fraction
    }

    /// The UTC text of `seconds` since 1970: `2019-07-29T17:03:12Z`, with the fraction to
    /// milliseconds when there is one (`…:12.25Z`).
    static func format(_ seconds: Double) -> String {
        // Years 0000–9999 only; anything else is shown as the number it is.
        guard seconds.isFinite, (-62_167_219_200.0..<253_402_300_800.0).contains(seconds) else {
            return "\(GeoError.text(seconds)) s"
        }
        let whole = seconds.rounded(.down)
        var milliseconds = Int(((seconds - whole) * 1000).rounded())
        var total = Int(whole)
        if milliseconds == 1000 {
            total += 1
            milliseconds = 0
        }
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        var text =
            padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
            + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2)
        if milliseconds > 0 {
            var fraction = padded(milliseconds, 3)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }
}

// MARK: - Field reading

/// A cursor over the date-time text that reads fixed-width fields.
private struct FieldReader {
    let text: UnsafeBufferPointer<UInt8>
    var cursor = 0

    var isAtEnd: Bool { cursor == text.count }

    mutating func number(digits: Int) -> Int? {
        guard cursor + digits <= text.count else { return nil }
        var value = 0
        for offset in cursor..<(cursor + digits) {
            let digit = text[offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        cursor += digits
        return value
    }

    /// The digits after the decimal point as a fraction of a second; beyond nanoseconds
    /// they are read but ignored.
    mutating func fraction() -> Double? {
        var numerator: UInt64 = 0
        var length = 0
        let start = cursor
        while cursor < text.count, case let digit = text[cursor] &- UInt8(ascii: "0"), digit < 10 {
            if length < 9 {
                numerator = numerator * 10 + UInt64(digit)
                length += 1
            }
            cursor += 1
        }
        guard cursor > start else { return nil }
        return Double(numerator) / exactPowersOfTen[length]
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard cursor < text.count, text[cursor] == UInt8(ascii: character) else { return false }
        cursor += 1
        return true
    }

    /// `+1` or `-1` for a zone offset's sign.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}

// MARK: - Pure calendar math

private func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

private func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
private func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
private func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

private func padded(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}
