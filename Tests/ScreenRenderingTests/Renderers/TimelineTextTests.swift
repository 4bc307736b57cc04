import Formats
import Testing
@testable import ScreenRendering
import ScreenModel

/// The timeline in text, and the UTC times it is written with.
@Suite struct TimelineTextTests {
    typealias Timeline = Component.Timeline

    static let start = 1_720_104_236.0  // 2024-07-04 14:43:56 UTC

    private func render(_ timeline: Timeline, width: Int = 72, colors: Bool = false) -> String {
        let screen = Screen(park: "GOGA", flow: "geofence", title: "Replay", sections: [.timeline(timeline)])
        return TextRenderer(options: .init(width: width, colors: colors)).render(screen)
    }

    /// Two days of replay: a detail beside its title, one under it, an entry more than 24 hours in.
    private let twoDays = Timeline(
        start: start, end: start + 94_445,
        entries: [
            .init(time: start, kind: .presenceEnter, title: "Entered Golden Gate", detail: "first fix inside"),
            .init(
                time: start + 212, kind: .enter, title: "Crissy Field", detail: "18 m inside", region: "crissy-field",
                position: .init(latitude: 37.8047, longitude: -122.465)),
            .init(
                time: start + 1010.75, kind: .missedEnter, title: "Torpedo Wharf",
                detail: "crossed while monitoring was being refreshed, 42 s after the last refresh"),
            .init(time: start + 94_445, kind: .presenceExit, title: "Left Golden Gate"),
        ],
        facts: [.init("fixes", value: "1,722"), .init("missed enters", value: "1 (Torpedo Wharf)")],
        title: "Two-day replay"
    )

    @Test func rowsShowClockElapsedMarkerTitleAndDetail() {
        #expect(
            render(twoDays) == """
                Replay
                ══════

                Two-day replay
                ──────────────
                Timeline · 2024-07-04 14:43:56 → 2024-07-05 16:58:01 UTC · 26:14:05 ·
                4 entries
                14:43:56  +0:00:00  IN     Entered Golden Gate — first fix inside
                14:47:28  +0:03:32  ENTER  Crissy Field — 18 m inside
                15:00:46  +0:16:50  MISS   Torpedo Wharf
                                           crossed while monitoring was being refreshed,
                                           42 s after the last refresh
                16:58:01 +26:14:05  OUT    Left Golden Gate

                fixes: 1,722
                missed enters: 1 (Torpedo Wharf)

                """)
    }

    @Test func narrowRowsStackTheTextUnderTheTime() {
        let text = render(twoDays, width: 30)
        #expect(
            text.contains(
                """
                14:43:56  +0:00:00 IN
                  Entered Golden Gate
                  first fix inside
                14:47:28  +0:03:32 ENTER
                  Crissy Field
                  18 m inside
                """))
        #expect(text.contains("16:58:01 +26:14:05 OUT\n  Left Golden Gate\n"))
        for line in render(twoDays, width: 24).split(separator: "\n") {
            #expect(line.count <= 24, "'\(line)'")
        }
    }

    @Test func withoutTitleOrEntries() {
        #expect(
            render(Timeline(start: Self.start, end: Self.start + 59)) == """
                Replay
                ══════

                Timeline · 2024-07-04 14:43:56 → 14:44:55 UTC · 0:00:59 · 0 entries
                ∅ No events in this replay.

                """)
    }

    @Test func markersAreShortAndDistinct() {
        let markers = Timeline.Entry.Kind.allCases.map(TextLayout.marker)
        #expect(
            markers == [
                "IN", "OUT", "ENTER", "EXIT", "DWELL", "SAY", "HOLD", "MON", "MISS", "CTX", "GPS",
                "LEFT", "BACK", "QUIET", "HEARD", "APART", "NEAR", "SOS", "LATE",
            ])
        #expect(Set(markers).count == markers.count)
        #expect(TextLayout.timelineMarkerWidth == 5)
    }

    @Test func colorsMarkMissedEntersAsNotices() {
        let text = render(twoDays, colors: true)
        #expect(text.contains("\u{1B}[33mMISS\u{1B}[0m "))
        #expect(text.contains("\u{1B}[1mENTER\u{1B}[0m  Crissy Field \u{1B}[2m— 18 m inside\u{1B}[0m"))
    }

    @Test func brokenTimesRenderWithoutTrapping() {
        let timeline = Timeline(
            start: .nan, end: -.infinity,
            entries: [
                .init(time: 1e300, kind: .context, title: ""),
                .init(time: Self.start - 60, kind: .monitor, title: "Before"),
            ])
        let narrow = render(timeline, width: 0)
        #expect(narrow.contains("--:--:-- +--:--:-- CTX\n"))
        #expect(narrow.contains("14:42:56 +--:--:-- MON\n  Before\n"))
        #expect(render(timeline).contains("Timeline · ---------- --:--:-- → ---------- --:--:-- UTC · 2 entries\n"))
    }

    // MARK: - Times

    @Test(arguments: [
        (0.0, "1970-01-01", "00:00:00"), (1_720_104_236.0, "2024-07-04", "14:43:56"), (1_720_104_236.999, "2024-07-04", "14:43:56"),
        (951_825_600.0, "2000-02-29", "12:00:00"), (-1.0, "1969-12-31", "23:59:59"), (-86_400.5, "1969-12-30", "23:59:59"),
        (4_102_444_799.0, "2099-12-31", "23:59:59"), (.nan, "----------", "--:--:--"), (1e12, "----------", "--:--:--"),
    ])
    func datesAndClocksAreUTC(time: Double, date: String, clock: String) {
        #expect(TimeText.date(time) == date)
        #expect(TimeText.clock(time) == clock)
    }

    @Test func elapsedAndDurations() {
        #expect(TimeText.elapsed(from: 100, to: 100) == "+0:00:00")
        #expect(TimeText.elapsed(from: 100.9, to: 101.1) == "+0:00:01")  // as the clocks show it
        #expect(TimeText.elapsed(from: 0, to: 94_445) == "+26:14:05")
        #expect(TimeText.elapsed(from: 60, to: 0) == "-0:01:00")
        #expect(TimeText.elapsed(from: .nan, to: 0) == "+--:--:--")
        #expect(TimeText.duration(from: 0, to: 5166) == "1:26:06")
        #expect(TimeText.duration(from: 10, to: 0) == nil)
        #expect(TimeText.sameDay(1_720_104_236, 1_720_137_599))
        #expect(!TimeText.sameDay(1_720_104_236, 1_720_137_600))
    }
}
