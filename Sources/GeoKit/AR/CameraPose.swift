/// Where a phone camera is and how it is held: position (and altitude when known), heading,
/// pitch, horizontal field of view and the screen it draws on.
public struct CameraPose: Sendable, Hashable {
    public let position: Coordinate
    /// Metres above the ellipsoid, or nil when unknown (sites are then put on the horizon).
    public let altitude: Double?
    /// Degrees clockwise from true north the camera looks, in [0, 360).
    public let heading: Double
    /// Degrees the camera is tilted up (negative: down), in [-90, 90].
    public let pitch: Double
    /// Horizontal field of view in degrees, in (0, 180).
    public let fieldOfView: Double
    /// Screen width and height in points.
    public let width: Double
    public let height: Double

    /// A pose from untrusted numbers.
    /// - Throws: ``GeoError`` naming the bad value, e.g. `field of view 0 out of range (0, 180)`.
    public init(
        position: Coordinate, altitude: Double? = nil, heading: Double, pitch: Double = 0,
        fieldOfView: Double = 60, width: Double = 390, height: Double = 844
    ) throws(GeoError) {
        try Coordinate.check(position.latitude, name: "latitude", limit: 90)
        try Coordinate.check(position.longitude, name: "longitude", limit: 180)
        guard heading.isFinite else { throw GeoError(.invalidArgument, "heading \(GeoError.text(heading)) is not a finite number") }
        guard pitch.isFinite, (-90...90).contains(pitch) else {
            throw GeoError(.invalidArgument, "pitch \(GeoError.text(pitch)) out of range [-90, 90]")
        }
        guard fieldOfView.isFinite, fieldOfView > 0, fieldOfView < 180 else {
            throw GeoError(.invalidArgument, "field of view \(GeoError.text(fieldOfView)) out of range (0, 180)")
        }
        for (name, side) in [("width", width), ("height", height)] where !side.isFinite || side <= 0 || side > 10_000 {
            throw GeoError(.invalidArgument, "screen \(name) \(GeoError.text(side)) out of range (0, 10000]")
        }
        if let altitude, !altitude.isFinite || abs(altitude) > 100_000 {
            throw GeoError(.invalidArgument, "altitude \(GeoError.text(altitude)) must be a finite number of metres within ±100 km")
        }
        self.position = position
        self.altitude = altitude
        var h = heading.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        self.heading = h >= 360 ? 0 : h
        self.pitch = pitch
        self.fieldOfView = fieldOfView
        self.width = width
        self.height = height
    }
}
