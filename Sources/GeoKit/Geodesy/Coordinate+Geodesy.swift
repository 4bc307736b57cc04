extension Coordinate {
    /// The distance to another coordinate in metres, by the package's current geodesy engine.
    ///
    /// Today this is ``Spherical/distance(_:_:)`` (up to ~0.5% off the ellipsoid); it will
    /// become WGS84 ellipsoidal without a change to callers.
    /// - Parameter other: The other end.
    /// - Returns: Metres, 0 for equal coordinates.
    public func distance(to other: Coordinate) -> Double {
        Spherical.distance(self, other)
    }

    /// The initial bearing towards another coordinate, by the package's current geodesy engine.
    ///
    /// Today this is ``Spherical/initialBearing(_:_:)`` (up to ~0.2° off the ellipsoid).
    /// - Parameter other: The destination.
    /// - Returns: Degrees clockwise from true north in [0, 360).
    public func initialBearing(to other: Coordinate) -> Double {
        Spherical.initialBearing(self, other)
    }
}
