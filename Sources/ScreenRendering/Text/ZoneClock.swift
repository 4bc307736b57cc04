import Formats

/// Times as a park's visitors read them: the wall clock and date in the park's time zone,
/// with the zone's abbreviation (`10:32:05 PDT`), for the renderers.
///
/// Only the inputs decide the text: the zone comes from the screen (a timeline's
/// `timezone`), never from the process (`TZ`, the system zone), and the abbreviation is the
/// system zone data's (`MDT`, `PST`, `HST`, `AKDT`; `+12` where the data has no letters), as
/// `os.date("%Z")` in a flow gives it (``ZoneRules``).
/// Without a zone, times are UTC and say so. The digits come from ``TimeText``'s own
/// calendar math on the shifted time, as for UTC.
struct ZoneClock {
    private let zone: ZoneRules?

    /// The clock of the IANA zone `identifier`; UTC when it is nil or unknown (screens are
    /// validated first, so an unknown zone does not reach a renderer from flowrun).
    init(identifier: String?) {
        zone = identifier.flatMap(ZoneRules.init(identifier:))
    }

    /// Seconds the zone is ahead of UTC at `time` (0 for UTC or a time that cannot be written).
    func offset(_ time: Double) -> Int {
        guard let zone, TimeText.seconds(time) != nil else { return 0 }
        return zone.secondsFromGMT(at: time)
    }

    /// The wall clock at `time`: `"02:00:00"`.
    func clock(_ time: Double) -> String { TimeText.clock(local(time)) }

    /// The calendar date at `time`: `"2024-07-01"`.
    func date(_ time: Double) -> String { TimeText.date(local(time)) }

    /// Whether two times fall on the same day on the zone's calendar.
    func sameDay(_ a: Double, _ b: Double) -> Bool { TimeText.sameDay(local(a), local(b)) }

    /// The zone's abbreviation at `time`: `"MDT"`, `"+12"`, `"UTC"` without a zone.
    func abbreviation(_ time: Double) -> String {
        guard let zone, TimeText.seconds(time) != nil else { return zone == nil ? "UTC" : "" }
        return zone.abbreviation(at: time)
    }

    /// Whether `times` are not all at one offset from UTC (a replay across a daylight saving
    /// change): then each clock needs its abbreviation.
    func changesOffset(_ times: [Double]) -> Bool {
        guard zone != nil, let first = times.first else { return false }
        let offset = self.offset(first)
        return times.contains { self.offset($0) != offset }
    }

    /// From `start` to `end` as words: `2024-07-01 02:00:00 → 02:59:59 MDT`, the end's date
    /// when it is another day, and each end's abbreviation when they differ
    /// (`2024-11-03 01:30:00 MDT → 01:10:00 MST`).
    func span(from start: Double, to end: Double) -> [String] {
        let (startZone, endZone) = (abbreviation(start), abbreviation(end))
        var words = [date(start), clock(start)]
        if startZone != endZone { words.append(startZone) }
        words.append("→")
        if !sameDay(start, end) { words.append(date(end)) }
        words += [clock(end), endZone]
        return words
    }

    /// `time` shifted to the zone's wall clock, as seconds since 1970 on that clock.
    private func local(_ time: Double) -> Double { time + Double(offset(time)) }
}
