import ScreenModel

extension PictureDescription {
    /// "Map of Valley walk from 09:30:00 to 11:45:10, the track drawn. 3 regions: Yosemite
    /// Valley, .... 12 events marked (enter 4, exit 4, dwell 2, ...), listed with their times."
    static func timeline(_ timeline: Component.Timeline, on screen: Screen) -> String {
        let zone = ZoneClock(identifier: timeline.timezone)
        var headline = "Map of \(timeline.title ?? screen.title) from \(zone.clock(timeline.start)) to \(zone.clock(timeline.end))"
        if !timeline.track.isEmpty { headline += ", the track drawn" }
        if !timeline.paths.isEmpty { headline += " with \(counted(timeline.paths.count, "path", "paths"))" }
        var sentences = [headline]
        if !timeline.regions.isEmpty {
            sentences.append("\(counted(timeline.regions.count, "region", "regions")): \(listed(timeline.regions.map(\.name)))")
        }
        if timeline.entries.isEmpty {
            sentences.append("Nothing happened along the track")
        } else {
            var kinds: [String] = []
            for kind in Component.Timeline.Entry.Kind.allCases {
                let count = timeline.entries.filter { $0.kind == kind }.count
                if count > 0 { kinds.append("\(SVGTimelineLayer.name(of: kind)) \(count)") }
            }
            sentences.append("\(counted(timeline.entries.count, "event", "events")) marked (\(listed(kinds))), listed with their times")
        }
        return sentences.joined(separator: ". ") + "."
    }
}
