import Formats
import ScreenModel

extension TextLayout {
    /// The narrowest column left for an entry's title before rows stack instead.
    static let timelineMinimumTextWidth = 20

    /// A timeline as its title, a summary line, one row per entry (the clock in the
    /// timeline's zone, time since the start, a kind marker, the title and its detail) and
    /// its facts:
    ///
    /// ```
    /// Lands End loop
    /// ──────────────
    /// Timeline · 2024-07-04 07:43:56 → 09:10:02 PDT · 1:26:06 · 6 entries
    /// 07:43:56 +0:00:00  IN     Entered Golden Gate — park boundary
    /// 07:51:12 +0:07:16  ENTER  Fort Point — 12 m inside
    ///
    /// fixes: 1,722
    /// ```
    ///
    /// The summary names the zone; when the replay crosses a change of offset (daylight
    /// saving time), every row's clock carries its abbreviation too.
    ///
    /// The detail follows the title after ` — ` when both fit, else it goes under the
    /// title. Narrower than the columns allow, the title goes under its time.
    func timeline(_ timeline: Component.Timeline, width: Int) -> [String] {
        var lines = timeline.title.map { heading($0, rule: "─", width: width) } ?? []
        let zone = ZoneClock(identifier: timeline.timezone)
        let summary = TextWrap.lines(words: Self.timelineSummary(timeline, zone: zone), width: width)
        lines += summary.map(timeline.title == nil ? paint.bold : paint.dim)
        if timeline.entries.isEmpty {
            lines += TextWrap.hanging("No events in this replay.", width: width, first: "∅ ", rest: "  ").map(paint.dim)
        }
        let withZone = zone.changesOffset([timeline.start] + timeline.entries.map(\.time))
        let clocks = timeline.entries.map { withZone ? "\(zone.clock($0.time)) \(zone.abbreviation($0.time))" : zone.clock($0.time) }
        let clockWidth = clocks.map(TextWrap.columns).max() ?? 0
        let elapsed = timeline.entries.map { TimeText.elapsed(from: timeline.start, to: $0.time) }
        let elapsedWidth = elapsed.map(TextWrap.columns).max() ?? 0
        for (entry, (clock, elapsed)) in zip(timeline.entries, zip(clocks, elapsed)) {
            let clockPad = TextWrap.spaces(clockWidth - TextWrap.columns(clock))
            let pad = TextWrap.spaces(elapsedWidth - TextWrap.columns(elapsed))
            lines += self.entry(entry, time: "\(clock)\(clockPad) \(pad)\(elapsed)", width: width)
        }
        if !timeline.facts.isEmpty { lines.append("") }
        for fact in timeline.facts {
            lines += TextWrap.hanging("\(fact.label): \(fact.value)", width: width, first: "", rest: "  ")
        }
        return lines
    }

    /// The short marker of an entry's kind, at most ``timelineMarkerWidth`` columns.
    static func marker(_ kind: Component.Timeline.Entry.Kind) -> String {
        switch kind {
        case .presenceEnter: "IN"
        case .presenceExit: "OUT"
        case .enter: "ENTER"
        case .exit: "EXIT"
        case .dwell: "DWELL"
        case .callout: "SAY"
        case .calloutHeld: "HOLD"
        case .monitor: "MON"
        case .missedEnter: "MISS"
        case .context: "CTX"
        case .location: "GPS"
        case .zoneLeft: "LEFT"
        case .zoneReturn: "BACK"
        case .silent: "QUIET"
        case .reporting: "HEARD"
        case .drift: "APART"
        case .together: "NEAR"
        case .emergency: "SOS"
        case .overdue: "LATE"
        }
    }

    /// The marker column's width: the longest marker.
    static let timelineMarkerWidth = Component.Timeline.Entry.Kind.allCases.map { TextWrap.columns(marker($0)) }.max() ?? 0

    // MARK: - Private helpers

    /// One entry's lines; `time` is its clock and elapsed time, already aligned.
    private func entry(_ entry: Component.Timeline.Entry, time: String, width: Int) -> [String] {
        let marker = Self.marker(entry.kind)
        let notice: Set<Component.Timeline.Entry.Kind> = [.missedEnter, .zoneLeft, .silent, .drift, .emergency, .overdue]
        let paintedMarker = notice.contains(entry.kind) ? paint.notice(marker) : paint.bold(marker)
        let markerPad = TextWrap.spaces(Self.timelineMarkerWidth - TextWrap.columns(marker))
        let head = "\(time)  \(marker)\(markerPad)  "
        let textWidth = width - TextWrap.columns(head)
        guard textWidth >= Self.timelineMinimumTextWidth else {
            // Too narrow for columns: the time and marker on a line, the text indented under them.
            var lines = ["\(time) \(paintedMarker)"]
            lines += TextWrap.hanging(entry.title, width: width, first: "  ", rest: "  ")
            if let detail = entry.detail { lines += TextWrap.hanging(detail, width: width, first: "  ", rest: "  ").map(paint.dim) }
            return lines
        }
        var text: [String]
        let title = TerminalText.line(entry.title), detail = entry.detail.map(TerminalText.line)
        if let detail, !entry.title.contains("\n"), entry.detail?.contains("\n") == false,
            TextWrap.columns(title) + 3 + TextWrap.columns(detail) <= textWidth
        {
            text = ["\(title) \(paint.dim("— \(detail)"))"]
        } else {
            text = TextWrap.lines(entry.title, width: textWidth)
            if let detail = entry.detail { text += TextWrap.lines(detail, width: textWidth).map(paint.dim) }
        }
        let indent = TextWrap.spaces(TextWrap.columns(head))
        return TextWrap.prefixed(text, first: "\(time)  \(paintedMarker)\(markerPad)  ", rest: indent)
    }

    /// `Timeline · 2024-07-04 07:43:56 → 09:10:02 PDT · 1:26:06 · 6 entries` as
    /// words (see ``ZoneClock/span(from:to:)``).
    private static func timelineSummary(_ timeline: Component.Timeline, zone: ZoneClock) -> [String] {
        let (start, end) = (timeline.start, timeline.end)
        var parts = [["Timeline"], zone.span(from: start, to: end)]
        if let duration = TimeText.duration(from: start, to: end) { parts.append([duration]) }
        parts.append(["\(timeline.entries.count) \(timeline.entries.count == 1 ? "entry" : "entries")"])
        return dotted(parts)
    }
}
