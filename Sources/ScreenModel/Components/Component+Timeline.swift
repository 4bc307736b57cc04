import Formats
extension Component {
    /// A replay of geofence events along a track: `{"type": "timeline", "title": "…",
    /// "start": 1720104236, "end": 1720109402, "entries": [entry, …], "track": [[lon, lat], …],
    /// "regions": [region, …], "facts": [{"label": "fixes", "value": "1,722"}, …],
    /// "timezone": "America/Denver"}`. Times are seconds since 1970-01-01 00:00 UTC, shown to
    /// people in `timezone`; coordinates are `[longitude, latitude]`.
    public struct Timeline: Hashable, Sendable {
        /// The timeline's identifier (default `nil`).
        public var id: String?
        /// A heading above it, like "Lands End loop" (default `nil`); not empty when given.
        public var title: String?
        /// The first fix's time, in seconds since 1970 UTC.
        public var start: Double
        /// The last fix's time; not before ``start``.
        public var end: Double
        /// What happened, in time order, each within `start...end`; may be empty.
        public var entries: [Entry]
        /// The replayed path, already thinned for drawing (default `[]`, omitted from JSON when empty).
        public var track: [Component.Coordinate]
        /// The regions the events refer to: circles and areas (default `[]`, omitted when empty).
        public var regions: [Region]
        /// Other people's paths drawn with ``track``, such as a party's members (default `[]`, omitted when empty).
        public var paths: [Path]
        /// Summary lines such as fixes, refreshes and missed enters (default `[]`, omitted when empty).
        public var facts: [Fact]
        /// The IANA time zone people read the times in, the park's (`America/Denver`); `nil`
        /// (the default) shows them in UTC.
        public var timezone: String?

        /// Creates a timeline.
        /// - Parameters:
        ///   - start: the first fix's time, in seconds since 1970 UTC.
        ///   - end: the last fix's time.
        ///   - entries: the events in time order (default `[]`).
        ///   - track: the replayed path (default `[]`).
        ///   - regions: the regions drawn with it (default `[]`).
        ///   - paths: other people's paths drawn with it (default `[]`).
        ///   - facts: summary lines (default `[]`).
        ///   - title: a heading (default `nil`).
        ///   - id: an identifier (default `nil`).
        ///   - timezone: the IANA zone times are shown in (default `nil`: UTC).
        public init(
            start: Double, end: Double, entries: [Entry] = [], track: [Component.Coordinate] = [],
            regions: [Region] = [], paths: [Path] = [], facts: [Fact] = [], title: String? = nil, id: String? = nil, timezone: String? = nil
        ) {
            self.id = id
            self.title = title
            self.start = start
            self.end = end
            self.entries = entries
            self.track = track
            self.regions = regions
            self.paths = paths
            self.facts = facts
            self.timezone = timezone
        }
    }
}

extension Component.Timeline: Codable, ComponentPayload {
    static let type = "timeline"
    var component: Component { .timeline(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .timeline(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, start, end, entries, track, regions, paths, facts, timezone
    }

    /// Decodes the timeline's fields from any Decoder; each list may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "timeline")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        start = try c.decode(Double.self, forKey: .start)
        end = try c.decode(Double.self, forKey: .end)
        entries = try c.decodeList(Entry.self, forKey: .entries)
        track = try c.decodeListIfPresent(Component.Coordinate.self, forKey: .track)
        regions = try c.decodeListIfPresent(Region.self, forKey: .regions)
        paths = try c.decodeListIfPresent(Path.self, forKey: .paths)
        facts = try c.decodeListIfPresent(Fact.self, forKey: .facts)
        timezone = try c.decodeIfPresent(String.self, forKey: .timezone)
    }

    /// Encodes the timeline's fields, omitting nil values and empty optional lists.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(entries, forKey: .entries)
        try c.encodeUnlessEmpty(track, forKey: .track)
        try c.encodeUnlessEmpty(regions, forKey: .regions)
        try c.encodeUnlessEmpty(paths, forKey: .paths)
        try c.encodeUnlessEmpty(facts, forKey: .facts)
        try c.encodeIfPresent(timezone, forKey: .timezone)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if let title { check.requireNonEmpty(title, at: "\(path()).title") }
        check.checkFinite(start, at: "\(path()).start")
        check.checkFinite(end, at: "\(path()).end")
        if start.isFinite, end.isFinite, end < start {
            check.report("\(path()).end", "\(NumberText.message(end)) is before start \(NumberText.message(start))")
        }
        validateEntries(at: path(), into: &check)
        track.validate(at: "\(path()).track", into: &check)
        var firstUse: [String: Int] = [:]
        for (index, region) in regions.enumerated() {
            let regionPath = "\(path()).regions[\(index + 1)]"
            if region.id.allSatisfy(\.isWhitespace) {
                check.report("\(regionPath).id", "must not be empty")
            } else if let first = firstUse[region.id] {
                check.report("\(regionPath).id", "region id \(Excerpt.quoted(region.id)) is already used by \(path()).regions[\(first + 1)]")
            } else {
                firstUse[region.id] = index
            }
            region.validate(at: regionPath, into: &check)
        }
        paths.validate(at: "\(path()).paths", into: &check)
        facts.validate(at: "\(path()).facts", into: &check)
        if let timezone {
            if timezone.allSatisfy(\.isWhitespace) {
                check.report("\(path()).timezone", "must not be empty")
            } else if let problem = check.timeZoneProblem?(timezone) {
                check.report("\(path()).timezone", problem)
            }
        }
    }

    /// Each entry's own fields, then its time: within `start...end` and not before the
    /// previous entry's within it.
    private func validateEntries(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        var previous: (time: Double, index: Int)?
        for (index, entry) in entries.enumerated() {
            let entryPath = "\(path()).entries[\(index + 1)]"
            entry.validate(at: entryPath, into: &check)
            guard entry.time.isFinite else { continue }
            let time = NumberText.message(entry.time)
            // An entry outside the span is reported once, and later ones are not compared with it.
            if start.isFinite, entry.time < start {
                check.report("\(entryPath).time", "\(time) is before the timeline's start \(NumberText.message(start))")
                continue
            }
            if end.isFinite, entry.time > end {
                check.report("\(entryPath).time", "\(time) is after the timeline's end \(NumberText.message(end))")
                continue
            }
            if let previous, entry.time < previous.time {
                check.report(
                    "\(entryPath).time",
                    "\(time) is earlier than \(path()).entries[\(previous.index + 1)].time "
                        + "\(NumberText.message(previous.time)); entries must be in time order")
            }
            previous = (entry.time, index)
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let timelineComponent = SchemaDefinition.component(
        "timeline",
        [
            .optional("id", .string()),
            .optional("title", .string(minLength: 1)),
            .required("start", .reference("time", "The first fix's time.")),
            .required("end", .reference("time", "The last fix's time; not before start (checked by ScreenValidator).")),
            .required("entries", .array(of: .reference("timelineEntry"), "In time order, within start...end.")),
            .optional("track", .array(of: .reference("coordinate"), "The replayed path, thinned for drawing.")),
            .optional("regions", .array(of: .reference("timelineRegion"), "Ids unique within the timeline.")),
            .optional("paths", .array(of: .reference("timelinePath"), "Other people's paths drawn with the track, such as a party's members.")),
            .optional("facts", .array(of: .reference("timelineFact"), "Summary lines: fixes, refreshes, missed enters.")),
            .optional(
                "timezone",
                .string(
                    minLength: 1,
                    "The IANA time zone people read the times in, the park's (America/Denver); UTC when absent. A known zone (checked by flowrun's validator).")
            ),
        ],
        "Geofence events along a replayed track. Times are seconds since 1970-01-01 00:00 UTC, shown to people in timezone; coordinates are [longitude, latitude]."
    )

    static let time = SchemaDefinition(
        "time",
        .number("Seconds since 1970-01-01 00:00 UTC."))
}
