extension Component.AR {
    /// A site just beside the view, and how far to turn to see it:
    /// `{"id": "nps-poi:goga:0009", "title": "Alcatraz Island", "distance": 4870, "bearing": 62,
    /// "turn": "left", "degrees": 28}`.
    public struct OffScreen: Hashable, Sendable {
        /// Which way to turn.
        public enum Turn: String, Codable, Hashable, Sendable, CaseIterable {
            /// Anticlockwise, seen from above.
            case left
            /// Clockwise, seen from above.
            case right
        }

        /// The site's identifier, unique within the AR view (pins included).
        public var id: String
        /// The site's name; must not be empty.
        public var title: String
        /// Meters from the camera; at least 0.
        public var distance: Double
        /// Degrees clockwise from true north, from the camera to the site; within 0...360.
        public var bearing: Double
        /// Which way to turn.
        public var turn: Turn
        /// How far to turn, degrees; more than 0 and at most 180.
        public var degrees: Double

        /// Creates a hint.
        /// - Parameters:
        ///   - id: its identifier, unique within the view.
        ///   - title: the site's name.
        ///   - distance: meters from the camera.
        ///   - bearing: degrees from true north.
        ///   - turn: which way to turn.
        ///   - degrees: how far, more than 0 and at most 180.
        public init(id: String, title: String, distance: Double, bearing: Double, turn: Turn, degrees: Double) {
            self.id = id
            self.title = title
            self.distance = distance
            self.bearing = bearing
            self.turn = turn
            self.degrees = degrees
        }
    }
}

extension Component.AR.OffScreen: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, distance, bearing, turn, degrees
    }

    /// Decodes the hint's fields from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` for a `turn` other than `left` or `right`, listing them.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "off-screen hint")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        distance = try c.decode(Double.self, forKey: .distance)
        bearing = try c.decode(Double.self, forKey: .bearing)
        guard let turn = try c.decodeChoice(Turn.self, forKey: .turn, in: "turn") else {
            throw DecodingError.keyNotFound(CodingKeys.turn, .init(codingPath: c.codingPath, debugDescription: "no value for 'turn' (left or right)"))
        }
        self.turn = turn
        degrees = try c.decode(Double.self, forKey: .degrees)
    }
}

extension Component.AR.OffScreen: ScreenNode {
    /// The id's emptiness and uniqueness are the AR view's to check.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(title, at: "\(path()).title")
        check.requireAtLeast(0, distance, at: "\(path()).distance")
        check.checkRange(bearing, within: Component.AR.bearingRange, at: "\(path()).bearing")
        check.requireBetween(0, 180, closedAbove: true, degrees, at: "\(path()).degrees")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let offScreenHint = SchemaDefinition(
        "offScreenHint",
        .object(
            [
                .required("id", .reference("siteID")),
                .required("title", .string(minLength: 1)),
                .required("distance", .reference("distance")),
                .required("bearing", .reference("bearing")),
                .required("turn", .choice(Component.AR.OffScreen.Turn.self)),
                .required("degrees", .number(maximum: 180, exclusiveMinimum: 0)),
            ], "A site just beside the view, and which way and how far to turn to see it."))
}
