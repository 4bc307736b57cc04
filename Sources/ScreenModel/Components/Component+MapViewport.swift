import Formats
extension Component.Map {
    /// Zoom levels a camera and a cluster's expansion may use: 0 (the whole world) to 30.
    public static let zoomRange: ClosedRange<Double> = 0...30
    /// The largest screen side in points a map may ask for.
    public static let maximumSide = 10_000.0

    /// Where the map looks: `{"center": [-122.46, 37.80], "zoom": 12}`.
    public struct Camera: Hashable, Sendable {
        /// The point in the middle of the screen.
        public var center: Component.Coordinate
        /// The Web Mercator zoom level within 0...30; may be fractional.
        public var zoom: Double

        /// Creates a camera.
        /// - Parameters:
        ///   - center: the point in the middle of the screen.
        ///   - zoom: the zoom level, within 0...30.
        public init(center: Component.Coordinate, zoom: Double) {
            self.center = center
            self.zoom = zoom
        }
    }

    /// The screen the map was laid out for, in points: `{"width": 390, "height": 844}`.
    public struct Size: Hashable, Sendable {
        /// Points across; more than 0 and at most 10,000.
        public var width: Double
        /// Points down; more than 0 and at most 10,000.
        public var height: Double

        /// Creates a size; both sides must be more than 0 and at most ``Component/Map/maximumSide``.
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// The area on screen, `[west, south, east, north]` in degrees. `west > east`
    /// means the box crosses the antimeridian; `south` must be less than `north`.
    public struct BoundingBox: Hashable, Sendable {
        /// The western edge's longitude.
        public var west: Double
        /// The southern edge's latitude.
        public var south: Double
        /// The eastern edge's longitude; less than `west` across the antimeridian.
        public var east: Double
        /// The northern edge's latitude.
        public var north: Double

        /// Creates a box in the JSON order `[west, south, east, north]`.
        public init(west: Double, south: Double, east: Double, north: Double) {
            self.west = west
            self.south = south
            self.east = east
            self.north = north
        }
    }
}

// MARK: - Codable

extension Component.Map.Camera: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case center, zoom
    }

    /// Decodes `center` and `zoom` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "camera")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        center = try c.decode(Component.Coordinate.self, forKey: .center)
        zoom = try c.decode(Double.self, forKey: .zoom)
    }
}

extension Component.Map.Size: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case width, height
    }

    /// Decodes `width` and `height` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "map size")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
    }
}

extension Component.Map.BoundingBox: Codable {
    /// Decodes `[west, south, east, north]` from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the list does not hold exactly four numbers.
    public init(from decoder: any Decoder) throws {
        let numbers = try decoder.decodeNumbers(["west", "south", "east", "north"], in: "bbox")
        self.init(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
    }

    /// Encodes `[west, south, east, north]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(contentsOf: [west, south, east, north])
    }
}

// MARK: - Walking

extension Component.Map.Camera: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        center.validate(at: "\(path()).center", into: &check)
        check.checkRange(zoom, within: Component.Map.zoomRange, at: "\(path()).zoom")
    }
}

extension Component.Map.Size: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        for (name, side) in [("width", width), ("height", height)]
        where !(side.isFinite && side > 0 && side <= Component.Map.maximumSide) {
            let limit = NumberText.message(Component.Map.maximumSide)
            check.report("\(path()).\(name)", "\(NumberText.message(side)) points; a side must be more than 0 and at most \(limit)")
        }
    }
}

extension Component.Map.BoundingBox: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.checkRange(west, within: -180...180, at: path(), named: "west")
        check.checkRange(south, within: -90...90, at: path(), named: "south")
        check.checkRange(east, within: -180...180, at: path(), named: "east")
        check.checkRange(north, within: -90...90, at: path(), named: "north")
        if south >= north {
            check.report(path(), "south \(NumberText.message(south)) must be less than north \(NumberText.message(north))")
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let camera = SchemaDefinition(
        "camera",
        .object(
            [
                .required("center", .reference("coordinate")),
                .required("zoom", .reference("zoom")),
            ], "Where a map looks: its center and zoom."))

    static let size = SchemaDefinition(
        "size",
        .object(
            [
                .required("width", .reference("side")),
                .required("height", .reference("side")),
            ], "The screen a map or an AR view was laid out for, in points."))

    static let bbox = SchemaDefinition(
        "bbox",
        .tuple(
            [.reference("longitude"), .reference("latitude"), .reference("longitude"), .reference("latitude")],
            "[west, south, east, north]; west > east crosses the antimeridian. ScreenValidator also checks south < north."))

    static let zoom = SchemaDefinition(
        "zoom",
        .number(minimum: 0, maximum: 30, "Web Mercator zoom level; may be fractional."))

    static let side = SchemaDefinition(
        "side",
        .number(maximum: 10000, exclusiveMinimum: 0, "Screen points."))
}
