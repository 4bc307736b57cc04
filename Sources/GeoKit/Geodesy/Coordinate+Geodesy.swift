extension Coordinate {
    /// The WGS84 geodesic distance to another coordinate in metres (``Geodesic/wgs84`` with
    /// ``Geodesic/Precision/automatic``: within 1e-9 relative of GeographicLib at any length).
    /// - Parameter other: The other end.
    /// - Returns: Metres, 0 for equal coordinates.
    public func distance(to other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).distance
    }

    /// The initial WGS84 geodesic bearing towards another coordinate (within 1e-9° of GeographicLib).
    /// - Parameter other: The destination.
    /// - Returns: Degrees clockwise from true north in [0, 360).
    public func initialBearing(to other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).initialBearing
    }
}
