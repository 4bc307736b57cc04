import Formats
extension Component.Timeline {
    /// A place the events refer to, drawn under the track. Its keys pick the shape:
    /// a circle `{"id": "nps-poi:goga:0001", "name": "Fort Point", "center": [-122.4771, 37.8106],
    /// "radius": 120}` or an area `{"id": "goga", "name": "Golden Gate", "rings": [[[lon, lat], …], …]}`.
    public struct Region: Hashable, Sendable {
        /// A closed line of at least 4 positions whose first equals its last.
        public typealias Ring = [Component.Coordinate]

        /// The region's outline.
        public enum Shape: Hashable, Sendable {
            /// A circle of `radius` meters (more than 0) around `center`.
            case circle(center: Component.Coordinate, radius: Double)
            /// An area such as a park's boundary: at least one ring, filled with the
            /// even-odd rule, so a ring inside another is a hole.
            case area(rings: [Ring])
        }

        /// The region's identifier, unique within its timeline (what entries name in `region`).
        public var id: String
        /// What visitors call it, like "Fort Point"; must not be empty.
        public var name: String
        /// A circle or an area.
        public var shape: Shape

        /// Creates a region.
        /// - Parameters:
        ///   - id: its identifier, unique within the timeline.
        ///   - name: its name.
        ///   - shape: a circle or an area.
        public init(id: String, name: String, shape: Shape) {
            self.id = id
            self.name = name
            self.shape = shape
        }

        /// A circle of `radius` meters around `center`.
        public static func circle(id: String, name: String, center: Component.Coordinate, radius: Double) -> Region {
            Region(id: id, name: name, shape: .circle(center: center, radius: radius))
        }

        /// An area bounded by `rings`.
        public static func area(id: String, name: String, rings: [Ring]) -> Region {
            Region(id: id, name: name, shape: .area(rings: rings))
        }
    }
}

extension Component.Timeline.Region: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, center, radius, rings
    }

    /// Decodes a circle when `rings` is absent, else an area; `rings` and each ring may
    /// be empty keyed containers.
    /// - Throws: `DecodingError.dataCorrupted` when neither shape's keys are there, or
    ///   when keys of both are.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let isArea = c.contains(.rings)
        guard isArea || c.contains(.center) || c.contains(.radius) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a timeline region is a circle (center, radius) or an area (rings); got neither"
                ))
        }
        let allowed: [CodingKeys] = [.id, .name] + (isArea ? [.rings] : [.center, .radius])
        try decoder.rejectUnknownKeys(allowed: allowed.map(\.stringValue), in: isArea ? "area region" : "circle region")
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        if isArea {
            shape = .area(rings: try c.decodeList(NestedList<Component.Coordinate>.self, forKey: .rings).map(\.elements))
        } else {
            shape = .circle(center: try c.decode(Component.Coordinate.self, forKey: .center), radius: try c.decode(Double.self, forKey: .radius))
        }
    }

    /// Encodes `id`, `name` and the shape's keys.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        switch shape {
        case .circle(let center, let radius):
            try c.encode(center, forKey: .center)
            try c.encode(radius, forKey: .radius)
        case .area(let rings):
            try c.encode(rings, forKey: .rings)
        }
    }
}

extension Component.Timeline.Region: ScreenNode {
    /// The name and the shape; the timeline checks that ids are set and unique.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(name, at: "\(path()).name")
        switch shape {
        case .circle(let center, let radius):
            center.validate(at: "\(path()).center", into: &check)
            if !(radius.isFinite && radius > 0) {
                check.report("\(path()).radius", "\(NumberText.message(radius)) metres; a radius must be more than 0")
            }
        case .area(let rings):
            if rings.isEmpty { check.report("\(path()).rings", "an area needs at least one ring") }
            for (index, ring) in rings.enumerated() {
                ring.validateRing(at: "\(path()).rings[\(index + 1)]", into: &check)
            }
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let timelineRegion = SchemaDefinition(
        "timelineRegion",
        .oneOf(["circleRegion", "areaRegion"], "A circle or an area, told apart by their keys."))

    static let circleRegion = SchemaDefinition(
        "circleRegion",
        .object(
            [
                .required("id", .string(minLength: 1)),
                .required("name", .string(minLength: 1)),
                .required("center", .reference("coordinate")),
                .required("radius", .number(exclusiveMinimum: 0, "Meters.")),
            ], "A region within a radius of a center."))

    static let areaRegion = SchemaDefinition(
        "areaRegion",
        .object(
            [
                .required("id", .string(minLength: 1)),
                .required("name", .string(minLength: 1)),
                .required("rings", .array(of: .reference("ring"), minItems: 1, "Filled even-odd: a ring inside another is a hole.")),
            ], "A region bounded by rings, such as the park's boundary."))
}
