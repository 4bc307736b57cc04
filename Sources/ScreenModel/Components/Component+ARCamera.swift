extension Component.AR {
    /// Headings and bearings, degrees clockwise from true north: 0...360.
    public static let bearingRange: ClosedRange<Double> = 0...360
    /// Pitch, degrees up from level (negative: down): -90...90.
    public static let pitchRange: ClosedRange<Double> = -90...90
    /// The largest altitude, above or below the ellipsoid, in meters (as GeoKit's `CameraPose`).
    public static let maximumAltitude = 100_000.0

    /// Where the phone is and how it is held:
    /// `{"position": [-122.4783, 37.8199], "altitude": 67, "heading": 90, "pitch": 0, "fov": 60}`.
    public struct Camera: Hashable, Sendable {
        /// Where the phone is.
        public var position: Component.Coordinate
        /// Meters above the ellipsoid, when known (default `nil`).
        public var altitude: Double?
        /// Degrees clockwise from true north the camera looks, within 0...360.
        public var heading: Double
        /// Degrees the camera is tilted up (negative: down), within -90...90.
        public var pitch: Double
        /// The horizontal field of view across the screen's width, degrees; more than 0 and less than 180.
        public var fieldOfView: Double

        /// Creates a camera.
        /// - Parameters:
        ///   - position: where the phone is.
        ///   - altitude: meters above the ellipsoid (default `nil`: unknown).
        ///   - heading: degrees from true north, within 0...360.
        ///   - pitch: degrees up from level, within -90...90 (default 0).
        ///   - fieldOfView: horizontal degrees, more than 0 and less than 180 (default 60).
        public init(position: Component.Coordinate, altitude: Double? = nil, heading: Double, pitch: Double = 0, fieldOfView: Double = 60) {
            self.position = position
            self.altitude = altitude
            self.heading = heading
            self.pitch = pitch
            self.fieldOfView = fieldOfView
        }
    }
}

extension Component.AR.Camera: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case position, altitude, heading, pitch
        case fieldOfView = "fov"
    }

    /// Decodes the camera's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "ar camera")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        position = try c.decode(Component.Coordinate.self, forKey: .position)
        altitude = try c.decodeIfPresent(Double.self, forKey: .altitude)
        heading = try c.decode(Double.self, forKey: .heading)
        pitch = try c.decode(Double.self, forKey: .pitch)
        fieldOfView = try c.decode(Double.self, forKey: .fieldOfView)
    }

    /// Encodes the camera's fields, omitting an unknown altitude.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(position, forKey: .position)
        try c.encodeIfPresent(altitude, forKey: .altitude)
        try c.encode(heading, forKey: .heading)
        try c.encode(pitch, forKey: .pitch)
        try c.encode(fieldOfView, forKey: .fieldOfView)
    }
}

extension Component.AR.Camera: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        position.validate(at: "\(path()).position", into: &check)
        if let altitude {
            let limit = Component.AR.maximumAltitude
            check.checkRange(altitude, within: -limit...limit, at: "\(path()).altitude")
        }
        check.checkRange(heading, within: Component.AR.bearingRange, at: "\(path()).heading")
        check.checkRange(pitch, within: Component.AR.pitchRange, at: "\(path()).pitch")
        check.requireBetween(0, 180, fieldOfView, at: "\(path()).fov")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let arCamera = SchemaDefinition(
        "arCamera",
        .object(
            [
                .required("position", .reference("coordinate")),
                .optional("altitude", .number(minimum: -100000, maximum: 100000, "Meters above the ellipsoid, when known.")),
                .required("heading", .reference("bearing")),
                .required("pitch", .number(minimum: -90, maximum: 90, "Degrees up from level; negative is down.")),
                .required("fov", .number(exclusiveMinimum: 0, exclusiveMaximum: 180, "Horizontal field of view across the screen's width.")),
            ], "The camera the AR view was projected for. Angles are degrees."))
}
