/// A POSIX TZ rule, as a TZif file's footer gives the local time after its last transition
/// (RFC 8536 section 3.3): `MST7MDT,M3.2.0,M11.1.0` (standard MST at UTC-7, daylight MDT
/// at UTC-6 from the second Sunday of March at 02:00 to the first Sunday of November at
/// 02:00), `<+0545>-5:45` (no daylight saving), `AEST-10AEDT,M10.1.0,M4.1.0/3` (southern).
struct PosixZoneRule: Equatable {
    var standard: ZoneRules.LocalType
    /// Daylight saving time and when it starts and ends each year; nil for none.
    var daylight: (type: ZoneRules.LocalType, start: Change, end: Change)?

    /// A day of the year and a time of that day (seconds, -167 h to 167 h), local.
    struct Change: Equatable {
        enum Day: Equatable {
            /// `Jn`: day 1...365, February 29 never counted.
            case julian(Int64)
            /// `n`: day 0...365, February 29 counted.
            case ordinal(Int64)
            /// `Mm.w.d`: weekday d (0 Sunday) of week w (1...5, 5 the last) of month m.
            case month(Int64, week: Int64, weekday: Int64)
        }
        var day: Day
        var time: Int64 = 7200
    }

    static func == (a: Self, b: Self) -> Bool {
        a.standard == b.standard && a.daylight?.type == b.daylight?.type && a.daylight?.start == b.daylight?.start && a.daylight?.end == b.daylight?.end
    }

    /// The rule `text` says, or nil when it does not read as one.
    init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard let standardName = reader.name(), let standardOffset = reader.offset() else { return nil }
        standard = ZoneRules.LocalType(offset: -standardOffset, isDaylight: false, abbreviation: standardName)
        guard !reader.atEnd else { return }
        guard let daylightName = reader.name() else { return nil }
        let daylightOffset = reader.peek == UInt8(ascii: ",") || reader.atEnd ? standardOffset - 3600 : reader.offset()
        guard let daylightOffset else { return nil }
        // No rule given: the United States' since 2007, as the C library assumes.
        var start = Change(day: .month(3, week: 2, weekday: 0)), end = Change(day: .month(11, week: 1, weekday: 0))
        if !reader.atEnd {
            guard reader.take(","), let first = reader.change(), reader.take(","), let second = reader.change(), reader.atEnd else { return nil }
            (start, end) = (first, second)
        }
        daylight = (ZoneRules.LocalType(offset: -daylightOffset, isDaylight: true, abbreviation: daylightName), start, end)
    }

    /// The local time type at `time` (UTC seconds).
    func localType(at time: Int64) -> ZoneRules.LocalType {
        guard let daylight else { return standard }
        let year = TimeText.civil(days: TimeText.floorDivision(time + Int64(standard.offset), TimeText.secondsPerDay)).year
        // The start is written in standard time, the end in daylight time.
        let starts = Self.seconds(daylight.start, year: year) - Int64(standard.offset)
        let ends = Self.seconds(daylight.end, year: year) - Int64(daylight.type.offset)
        let inDaylight = starts < ends ? (time >= starts && time < ends) : !(time >= ends && time < starts)
        return inDaylight ? daylight.type : standard
    }

    /// Local seconds since 1970 at which `change` happens in `year`.
    private static func seconds(_ change: Change, year: Int64) -> Int64 {
        let januaryFirst = TimeText.days(year: year, month: 1, day: 1)
        let day: Int64
        switch change.day {
        case .julian(let n):
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            day = januaryFirst + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .ordinal(let n):
            day = januaryFirst + n
        case .month(let month, let week, let weekday):
            let first = TimeText.days(year: year, month: month, day: 1)
            let next = month == 12 ? TimeText.days(year: year + 1, month: 1, day: 1) : TimeText.days(year: year, month: month + 1, day: 1)
            // 1970-01-01 was a Thursday (4, Sunday being 0).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var found = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while found >= next { found -= 7 }
            day = found
        }
        return day * TimeText.secondsPerDay + change.time
    }

    /// Reads the parts of a rule's text, left to right.
    private struct Reader {
        var bytes: [UInt8]
        var at = 0

        var atEnd: Bool { at >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[at] }

        mutating func take(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue, peek == ascii else { return false }
            at += 1
            return true
        }

        /// `MST`, or a quoted `<+0545>`.
        mutating func name() -> String? {
            if take("<") {
                let start = at
                while let c = peek, c != UInt8(ascii: ">") { at += 1 }
                guard !atEnd, at > start else { return nil }
                defer { at += 1 }
                return String(decoding: bytes[start..<at], as: UTF8.self)
            }
            let start = at
            while let c = peek, (c | 0x20) >= UInt8(ascii: "a"), (c | 0x20) <= UInt8(ascii: "z") { at += 1 }
            return at - start >= 3 ? String(decoding: bytes[start..<at], as: UTF8.self) : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (POSIX offsets are west of UTC, times of day as written).
        mutating func offset() -> Int? {
            let negative = take("-")
            if !negative { _ = take("+") }
            guard let hours = number(), hours <= 167 else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let rest = number(), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return negative ? -seconds : seconds
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func change() -> Change? {
            var change: Change
            if take("J") {
                guard let n = number(), (1...365).contains(n) else { return nil }
                change = Change(day: .julian(Int64(n)))
            } else if take("M") {
                guard let month = number(), (1...12).contains(month), take("."), let week = number(), (1...5).contains(week), take("."),
                    let weekday = number(), (0...6).contains(weekday)
                else { return nil }
                change = Change(day: .month(Int64(month), week: Int64(week), weekday: Int64(weekday)))
            } else {
                guard let n = number(), (0...365).contains(n) else { return nil }
                change = Change(day: .ordinal(Int64(n)))
            }
            if take("/") {
                guard let time = offset() else { return nil }
                change.time = Int64(time)
            }
            return change
        }

        mutating func number() -> Int? {
            let start = at
            var value = 0
            while let c = peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), at - start < 4 {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                at += 1
            }
            return at > start ? value : nil
        }
    }
}
