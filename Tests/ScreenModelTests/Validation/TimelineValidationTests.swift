import Testing
import ScreenModel

@Suite struct TimelineValidationTests {
    typealias Timeline = Component.Timeline

    private func issues(_ timeline: Timeline) -> [String] {
        let screen = Screen(park: "GOGA", flow: "geofence", title: "Replay", sections: [.timeline(timeline)])
        return ScreenValidator().validate(screen).map(\.description)
    }

    private func at(_ latitude: Double, _ longitude: Double) -> Component.Coordinate {
        .init(latitude: latitude, longitude: longitude)
    }

    private func entry(
        _ time: Double, _ kind: Timeline.Entry.Kind = .enter, title: String = "Fort Point",
        region: String? = nil, position: Component.Coordinate? = nil
    ) -> Timeline.Entry {
        .init(time: time, kind: kind, title: title, region: region, position: position)
    }

    @Test func sampleAndEmptyTimelinesAreValid() {
        #expect(issues(Samples.timeline) == [])
        #expect(issues(Timeline(start: 100, end: 100)) == [])
        // Entries at the same second, at the start and at the end, are in order.
        #expect(issues(Timeline(start: 100, end: 200, entries: [entry(100), entry(100, .callout), entry(150), entry(200, .exit)])) == [])
    }

    @Test func startEndAndTitle() {
        #expect(
            issues(Timeline(start: 200, end: 100, title: " ")) == [
                "sections[1].title: must not be empty",
                "sections[1].end: 100 is before start 200",
            ])
        #expect(
            issues(Timeline(start: .nan, end: .infinity)) == [
                "sections[1].start: nan is not a finite number",
                "sections[1].end: inf is not a finite number",
            ])
    }

    /// The model knows no zones: it refuses an empty name, and asks the validator's
    /// `timeZoneProblem` (flowrun passes Foundation's) about the rest.
    @Test func timeZoneIsNotEmptyAndKnownToTheValidator() {
        #expect(issues(Timeline(start: 0, end: 1, timezone: " ")) == ["sections[1].timezone: must not be empty"])
        #expect(issues(Timeline(start: 0, end: 1, timezone: "Mars/Olympus")) == [])
        let screen = Screen(
            park: "GOGA", flow: "geofence", title: "Replay",
            sections: [.timeline(Timeline(start: 0, end: 1, timezone: "Mars/Olympus"))])
        let validator = ScreenValidator(timeZoneProblem: { $0.hasPrefix("America/") ? nil : "unknown time zone '\($0)'" })
        #expect(validator.validate(screen).map(\.description) == ["sections[1].timezone: unknown time zone 'Mars/Olympus'"])
        #expect(validator.validate(Screen(park: "GOGA", flow: "geofence", title: "Replay", sections: [.timeline(Samples.timeline)])) == [])
    }

    @Test func entriesAreWithinTheSpanAndInTimeOrder() {
        let found = issues(
            Timeline(
                start: 1_720_104_236, end: 1_720_109_402,
                entries: [
                    entry(1_720_104_236), entry(1_720_104_100), entry(1_720_105_000), entry(1_720_104_900.5),
                    entry(1_720_109_403), entry(.nan), entry(1_720_109_402),
                ]))
        #expect(
            found == [
                "sections[1].entries[2].time: 1720104100 is before the timeline's start 1720104236",
                "sections[1].entries[4].time: 1720104900.5 is earlier than sections[1].entries[3].time 1720105000; entries must be in time order",
                "sections[1].entries[5].time: 1720109403 is after the timeline's end 1720109402",
                "sections[1].entries[6].time: nan is not a finite number",
            ])
    }

    @Test func entryFields() {
        let found = issues(
            Timeline(
                start: 0, end: 10,
                entries: [
                    entry(1, title: ""),
                    entry(2, .missedEnter, title: "Torpedo Wharf", region: " ", position: at(91, -122.47)),
                    entry(3, .context, title: "\n", position: at(37.8, .nan)),
                ]))
        #expect(
            found == [
                "sections[1].entries[1].title: must not be empty",
                "sections[1].entries[2].region: must not be empty",
                "sections[1].entries[2].position: latitude 91 is outside -90...90",
                "sections[1].entries[3].title: must not be empty",
                "sections[1].entries[3].position: longitude nan is outside -180...180",
            ])
    }

    @Test func trackPositionsAreOnTheEarth() {
        #expect(
            issues(Timeline(start: 0, end: 1, track: [at(37.8, -122.4), at(37.8, 200)])) == [
                "sections[1].track[2]: longitude 200 is outside -180...180"
            ])
    }

    @Test func regions() {
        let (a, b, c) = (at(37.7, -122.5), at(37.7, -122.4), at(37.8, -122.4))
        let found = issues(
            Timeline(
                start: 0, end: 1,
                regions: [
                    .circle(id: "fort-point", name: "Fort Point", center: at(37.8105, -122.477), radius: 110),
                    .circle(id: "fort-point", name: "", center: at(-95, -122.477), radius: 0),
                    .circle(id: " ", name: "Wharf", center: at(37.8, -122.47), radius: .infinity),
                    .area(id: "goga", name: "Presidio", rings: [[a, b, c, a], [a, b, a], [a, b, c, b]]),
                    .area(id: "empty", name: "Nowhere", rings: []),
                    .area(id: "far", name: "Far", rings: [[a, b, at(91, -122.4), a]]),
                ]))
        #expect(
            found == [
                "sections[1].regions[2].id: region id 'fort-point' is already used by sections[1].regions[1]",
                "sections[1].regions[2].name: must not be empty",
                "sections[1].regions[2].center: latitude -95 is outside -90...90",
                "sections[1].regions[2].radius: 0 metres; a radius must be more than 0",
                "sections[1].regions[3].id: must not be empty",
                "sections[1].regions[3].radius: inf metres; a radius must be more than 0",
                "sections[1].regions[4].rings[2]: a ring needs at least 4 positions, got 3",
                "sections[1].regions[4].rings[3]: a ring must end where it starts (its last position equals its first)",
                "sections[1].regions[5].rings: an area needs at least one ring",
                "sections[1].regions[6].rings[1][3]: latitude 91 is outside -90...90",
            ])
    }

    @Test func facts() {
        #expect(
            issues(Timeline(start: 0, end: 1, facts: [.init("fixes", value: "3"), .init("", value: " ")])) == [
                "sections[1].facts[2].label: must not be empty",
                "sections[1].facts[2].value: must not be empty",
            ])
    }

    @Test func twoTimelinesMayUseTheSameRegionIDs() {
        let timeline = Timeline(start: 0, end: 1, regions: [.circle(id: "a", name: "A", center: at(37.8, -122.4), radius: 10)])
        let screen = Screen(park: "GOGA", flow: "geofence", title: "Replay", sections: [.timeline(timeline), .timeline(timeline)])
        #expect(ScreenValidator().validate(screen) == [])
    }
}
