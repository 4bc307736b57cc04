import Formats
import Testing
@testable import ScreenRendering
import ScreenModel

/// A timeline's times as the park reads them: its `timezone`'s clock and abbreviation, in
/// text and SVG, across a daylight saving change, and UTC without a zone.
@Suite struct TimelineZoneTests {
    typealias Timeline = Component.Timeline

    static let july = 1_719_820_800.0  // 2024-07-01 08:00:00 UTC
    static let fallBack = 1_730_619_000.0  // 2024-11-03 07:30:00 UTC: 01:30 MDT, 40 min before 01:00 MST

    private func text(_ timeline: Timeline) -> String {
        TextRenderer(options: .init(width: 80, colors: false))
            .render(Screen(park: "YELL", flow: "geofence", title: "Replay", sections: [.timeline(timeline)]))
    }

    private func replay(zone: String?, start: Double = july, seconds: Double = 3599) -> Timeline {
        Timeline(
            start: start, end: start + seconds,
            entries: [
                .init(time: start, kind: .presenceEnter, title: "Entered"),
                .init(time: start + seconds, kind: .presenceExit, title: "Left"),
            ],
            timezone: zone)
    }

    @Test func clocksAndAbbreviationsFollowTheZone() {
        let denver = ZoneClock(identifier: "America/Denver"), goga = ZoneClock(identifier: "America/Los_Angeles")
        #expect(denver.clock(Self.july) == "02:00:00" && denver.abbreviation(Self.july) == "MDT")
        #expect(goga.clock(Self.july) == "01:00:00" && goga.abbreviation(Self.july) == "PDT")
        #expect(goga.abbreviation(1_704_096_000) == "PST")  // 2024-01-01
        #expect(ZoneClock(identifier: "Pacific/Fiji").abbreviation(Self.july) == "+12")  // as the zone data (and os.date) write it
        #expect(ZoneClock(identifier: "Pacific/Fiji").date(Self.july + 16 * 3600) == "2024-07-02")
        let utc = ZoneClock(identifier: nil)
        #expect(utc.clock(Self.july) == "08:00:00" && utc.abbreviation(Self.july) == "UTC")
        #expect(denver.clock(.nan) == TimeText.unknownClock)
    }

    @Test func textShowsParkTimeAndTheZone() {
        let yell = text(replay(zone: "America/Denver")), goga = text(replay(zone: "America/Los_Angeles"))
        #expect(yell.contains("Timeline · 2024-07-01 02:00:00 → 02:59:59 MDT · 0:59:59 · 2 entries\n"), "\(yell)")
        #expect(yell.contains("\n02:00:00 +0:00:00  IN     Entered\n02:59:59 +0:59:59  OUT    Left\n"), "\(yell)")
        #expect(goga.contains("Timeline · 2024-07-01 01:00:00 → 01:59:59 PDT · 0:59:59 · 2 entries\n"), "\(goga)")
        #expect(text(replay(zone: nil)).contains("Timeline · 2024-07-01 08:00:00 → 08:59:59 UTC"))
    }

    /// Back from MDT to MST at 02:00 MDT: 01:30 MDT to 01:10 MST is 40 minutes, and every row
    /// says which 01:10 it means.
    @Test func aReplayAcrossTheFallBackNamesEachClock() {
        let shown = text(replay(zone: "America/Denver", start: Self.fallBack, seconds: 2400))
        #expect(shown.contains("Timeline · 2024-11-03 01:30:00 MDT → 01:10:00 MST · 0:40:00 · 2 entries\n"), "\(shown)")
        #expect(shown.contains("\n01:30:00 MDT +0:00:00  IN     Entered\n01:10:00 MST +0:40:00  OUT    Left\n"), "\(shown)")
    }

    @Test func svgShowsParkTimeAndTheZone() {
        let timeline = Timeline(
            start: Self.july, end: Self.july + 3599,
            entries: [
                .init(
                    time: Self.july + 60, kind: .enter, title: "Old Faithful",
                    position: .init(latitude: 44.4605, longitude: -110.8281))
            ],
            track: [.init(latitude: 44.46, longitude: -110.83), .init(latitude: 44.461, longitude: -110.828)],
            timezone: "America/Denver")
        let svg = SVGRenderer().render(Screen(park: "YELL", flow: "geofence", title: "Replay", sections: [.timeline(timeline)]))
        for shown in [
            ">2024-07-01 02:00:00 → 02:59:59 MDT</text>", ">start · 02:00:00 MDT</text>", ">end · 02:59:59 MDT</text>",
            "<title>Start · 02:00:00 MDT</title>", "<title>02:01:00 MDT +0:01:00 · enter · Old Faithful</title>",
        ] {
            #expect(svg.contains(shown), "\(shown)")
        }
        #expect(!svg.contains("UTC"))
    }
}
