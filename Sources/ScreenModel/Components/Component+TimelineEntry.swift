extension Component.Timeline {
    /// One event of the replay: `{"time": 1720104310, "kind": "enter", "title": "Fort Point",
    /// "detail": "12 m inside", "region": "nps-poi:goga:0001", "position": [-122.4771, 37.8106]}`.
    public struct Entry: Hashable, Sendable {
        /// What happened; JSON spells the cases in snake case (`presence_enter`).
        public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
            /// The visitor came inside the park's boundary (the presence region).
            case presenceEnter = "presence_enter"
            /// The visitor left the park's boundary.
            case presenceExit = "presence_exit"
            /// The visitor entered a monitored region.
            case enter
            /// The visitor left a monitored region.
            case exit
            /// The visitor stayed inside a region long enough to count as a visit.
            case dwell
            /// A site was announced to the visitor.
            case callout
            /// A callout was due but throttled (too soon after another).
            case calloutHeld = "callout_held"
            /// The set of monitored regions was chosen again.
            case monitor
            /// The track crossed a region that was not monitored at the time.
            case missedEnter = "missed_enter"
            /// A monitoring context was pushed or popped.
            case context
            /// The phone's location state changed: found (with its accuracy), searching,
            /// searching longer, or an error (timed out, denied, unavailable).
            case location
            /// A party member left every safe zone.
            case zoneLeft = "zone_left"
            /// A party member is back inside a safe zone.
            case zoneReturn = "zone_return"
            /// A party member stopped reporting (no fix for longer than the timeout).
            case silent
            /// A silent party member reports again.
            case reporting
            /// Two party members are farther apart than the party allows.
            case drift
            /// Two party members who drifted apart are close again.
            case together
            /// A party member raised an emergency.
            case emergency
            /// A party member's "watch over me" ran out without a check-in.
            case overdue
        }

        /// When, in seconds since 1970 UTC; within the timeline's `start...end`.
        public var time: Double
        /// What happened.
        public var kind: Kind
        /// A one-line summary, like "Entered Fort Point"; must not be empty.
        public var title: String
        /// More about it, like "12 m inside, accuracy 8 m" (default `nil`).
        public var detail: String?
        /// The id of the region it concerns, usually one of the timeline's `regions` (default `nil`); not empty when given.
        public var region: String?
        /// Where the visitor was (default `nil`: not drawn on the picture).
        public var position: Component.Coordinate?

        /// Creates an entry.
        /// - Parameters:
        ///   - time: when, in seconds since 1970 UTC.
        ///   - kind: what happened.
        ///   - title: a one-line summary.
        ///   - detail: more about it (default `nil`).
        ///   - region: the region's id (default `nil`).
        ///   - position: where the visitor was (default `nil`).
        public init(
            time: Double, kind: Kind, title: String, detail: String? = nil, region: String? = nil,
            position: Component.Coordinate? = nil
        ) {
            self.time = time
            self.kind = kind
            self.title = title
            self.detail = detail
            self.region = region
            self.position = position
        }
    }
}

extension Component.Timeline.Entry.Kind {
    /// The `kind` strings this model decodes, in declaration order:
    /// `presence_enter, presence_exit, enter, exit, dwell, callout, callout_held, monitor, missed_enter, context, location,
    /// zone_left, zone_return, silent, reporting, drift, together, emergency, overdue`.
    public static var knownKinds: [String] { allCases.map(\.rawValue) }
}

extension Component.Timeline.Entry: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case time, kind, title, detail, region, position
    }

    /// Decodes the entry's fields from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an unknown `kind`, listing the known ones.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "timeline entry")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        time = try c.decode(Double.self, forKey: .time)
        kind = try c.decodeRequiredChoice(Kind.self, forKey: .kind, in: "timeline entry kind")
        title = try c.decode(String.self, forKey: .title)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        region = try c.decodeIfPresent(String.self, forKey: .region)
        position = try c.decodeIfPresent(Component.Coordinate.self, forKey: .position)
    }

    /// Encodes the entry's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(time, forKey: .time)
        try c.encode(kind, forKey: .kind)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(detail, forKey: .detail)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encodeIfPresent(position, forKey: .position)
    }
}

extension Component.Timeline.Entry: ScreenNode {
    /// The entry's own fields; the timeline checks its time against `start`, `end` and the entry before.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.checkFinite(time, at: "\(path()).time")
        check.requireNonEmpty(title, at: "\(path()).title")
        if let region { check.requireNonEmpty(region, at: "\(path()).region") }
        position.validate(at: "\(path()).position", into: &check)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let timelineEntry = SchemaDefinition(
        "timelineEntry",
        .object(
            [
                .required("time", .reference("time")),
                .required("kind", .choice(Component.Timeline.Entry.Kind.self)),
                .required("title", .string(minLength: 1)),
                .optional("detail", .string()),
                .optional("region", .string(minLength: 1, "The id of the region the entry concerns.")),
                .optional("position", .reference("coordinate", "Where the visitor was; entries without one are not drawn.")),
            ], "One event of a timeline: a geofence event, a callout, a change of the monitored regions or of the location state."))
}
