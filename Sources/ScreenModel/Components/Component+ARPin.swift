extension Component.AR {
    /// A site on screen: `{"id": "nps-poi:goga:0004", "title": "Alcatraz Island",
    /// "coordinate": [-122.4230, 37.8267], "distance": 4870, "bearing": 62, "x": 120.5, "y": 422,
    /// "label": {"x": 60.5, "y": 366, "width": 120, "height": 28}, "stack": 1, "z": 2, "action": {…}}`.
    public struct Pin: Hashable, Sendable {
        /// The site's identifier, unique within the AR view (usually the site's id).
        public var id: String
        /// The site's name; must not be empty.
        public var title: String
        /// A second line, like the site's category (default `nil`).
        public var subtitle: String?
        /// Where the site is.
        public var coordinate: Component.Coordinate
        /// Meters from the camera; at least 0.
        public var distance: Double
        /// Degrees clockwise from true north, from the camera to the site; within 0...360.
        public var bearing: Double
        /// Where the site appears on screen, points from the left edge.
        public var x: Double
        /// Where the site appears on screen, points from the top edge.
        public var y: Double
        /// Where its label goes.
        public var label: LabelBox
        /// The label's row: 0 just above the site, 1 one row higher to clear a nearer label, …
        public var stack: Int
        /// Drawing order, unique within the view: 0 is in front (the nearest site).
        public var z: Int
        /// What tapping it does, usually opening the site (default `nil`: nothing).
        public var action: Action?

        /// Creates a pin.
        /// - Parameters:
        ///   - id: its identifier, unique within the view.
        ///   - title: the site's name.
        ///   - subtitle: a second line (default `nil`).
        ///   - coordinate: where the site is.
        ///   - distance: meters from the camera.
        ///   - bearing: degrees from true north.
        ///   - x: screen points from the left.
        ///   - y: screen points from the top.
        ///   - label: the label's box.
        ///   - stack: the label's row (default 0).
        ///   - z: the drawing order, 0 in front.
        ///   - action: what tapping does (default `nil`).
        public init(
            id: String, title: String, subtitle: String? = nil, coordinate: Component.Coordinate,
            distance: Double, bearing: Double, x: Double, y: Double, label: LabelBox,
            stack: Int = 0, z: Int, action: Action? = nil
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.coordinate = coordinate
            self.distance = distance
            self.bearing = bearing
            self.x = x
            self.y = y
            self.label = label
            self.stack = stack
            self.z = z
            self.action = action
        }
    }

    /// A label's box in screen points, top-left corner first:
    /// `{"x": 60.5, "y": 366, "width": 120, "height": 28}`.
    public struct LabelBox: Hashable, Sendable {
        /// Points from the left edge to the box's left side.
        public var x: Double
        /// Points from the top edge to the box's top side (negative when stacked above the screen).
        public var y: Double
        /// Points across; more than 0.
        public var width: Double
        /// Points down; more than 0.
        public var height: Double

        /// Creates a box; `width` and `height` must be more than 0.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}

// MARK: - Codable

extension Component.AR.Pin: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, subtitle, coordinate, distance, bearing, x, y, label, stack, z, action
    }

    /// Decodes the pin's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "ar pin")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        coordinate = try c.decode(Component.Coordinate.self, forKey: .coordinate)
        distance = try c.decode(Double.self, forKey: .distance)
        bearing = try c.decode(Double.self, forKey: .bearing)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        label = try c.decode(Component.AR.LabelBox.self, forKey: .label)
        stack = try c.decode(Int.self, forKey: .stack)
        z = try c.decode(Int.self, forKey: .z)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
    }

    /// Encodes the pin's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encode(coordinate, forKey: .coordinate)
        try c.encode(distance, forKey: .distance)
        try c.encode(bearing, forKey: .bearing)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(label, forKey: .label)
        try c.encode(stack, forKey: .stack)
        try c.encode(z, forKey: .z)
        try c.encodeIfPresent(action, forKey: .action)
    }
}

extension Component.AR.LabelBox: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case x, y, width, height
    }

    /// Decodes `x`, `y`, `width` and `height` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "label box")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
    }
}

// MARK: - Walking

extension Component.AR.Pin: ScreenNode {
    /// The id's emptiness and uniqueness, and `z`'s uniqueness, are the AR view's to check.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(title, at: "\(path()).title")
        coordinate.validate(at: "\(path()).coordinate", into: &check)
        check.requireAtLeast(0, distance, at: "\(path()).distance")
        check.checkRange(bearing, within: Component.AR.bearingRange, at: "\(path()).bearing")
        check.requireFinite(x, at: "\(path()).x")
        check.requireFinite(y, at: "\(path()).y")
        label.validate(at: "\(path()).label", into: &check)
        check.requireNotNegative(stack, at: "\(path()).stack")
        check.requireNotNegative(z, at: "\(path()).z")
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

extension Component.AR.LabelBox: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireFinite(x, at: "\(path()).x")
        check.requireFinite(y, at: "\(path()).y")
        check.requireAtLeast(0, width, strictly: true, at: "\(path()).width")
        check.requireAtLeast(0, height, strictly: true, at: "\(path()).height")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let arPin = SchemaDefinition(
        "arPin",
        .object(
            [
                .required("id", .reference("siteID")),
                .required("title", .string(minLength: 1)),
                .optional("subtitle", .string()),
                .required("coordinate", .reference("coordinate")),
                .required("distance", .reference("distance")),
                .required("bearing", .reference("bearing")),
                .required("x", .number("Where the site appears, points from the left edge.")),
                .required("y", .number("Where the site appears, points from the top edge.")),
                .required("label", .reference("labelBox")),
                .required("stack", .integer(minimum: 0, "The label's row: 0 just above the site, 1 one row higher, ...")),
                .required("z", .integer(minimum: 0, "Drawing order, unique within the view: 0 is in front (the nearest).")),
                .optional("action", .reference("action")),
            ], "A site on the AR view's screen, with its label's box."))

    static let labelBox = SchemaDefinition(
        "labelBox",
        .object(
            [
                .required("x", .number()),
                .required("y", .number()),
                .required("width", .number(exclusiveMinimum: 0)),
                .required("height", .number(exclusiveMinimum: 0)),
            ], "A label's box in screen points, top-left corner first."))

    static let siteID = SchemaDefinition(
        "siteID",
        .string(minLength: 1, "Unique within its AR view, pins and off-screen hints together."))

    static let bearing = SchemaDefinition(
        "bearing",
        .number(minimum: 0, maximum: 360, "Degrees clockwise from true north."))

    static let distance = SchemaDefinition(
        "distance",
        .number(minimum: 0, "Meters from the camera."))
}
