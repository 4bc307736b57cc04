#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Geodesics (shortest paths) on an ellipsoid: distance and bearings between two points
/// (the inverse problem) and the point a given distance along a bearing (the direct problem).
///
/// The solver is Karney's (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 2013):
/// series in the third flattening to sixth order, Newton's method on the initial azimuth with
/// a bisection fallback, and an astroid starting guess for nearly antipodal points. It
/// converges for every pair of points, antipodes and poles included, and agrees with
/// GeographicLib to about 15 nm. Inverse lines shorter than 15 km take a chord-based path by
/// default that keeps full relative precision on metre-scale lines (see ``Precision``).
///
/// ```swift
/// let line = Geodesic.wgs84.inverse(from: goldenGateBridge, to: alcatraz)
/// line.distance        // 4,926.92 metres
/// line.initialBearing  // 81.171°, clockwise from north
/// line.finalBearing    // 81.205°
/// ```
public struct Geodesic: Sendable {
    /// The ellipsoid the geodesics run on.
    public let ellipsoid: Ellipsoid

    /// Geodesics on ``Ellipsoid/wgs84``, the ellipsoid of GPS coordinates.
    public static let wgs84 = Geodesic(.wgs84)

    /// Which solver ``inverse(from:to:precision:)`` uses. ``automatic`` is within 1e-9 relative
    /// in distance and 1e-9° in bearing of GeographicLib everywhere; ``full`` is not on the
    /// shortest lines.
    public enum Precision: Sendable, Hashable {
        /// The default, and the more precise of the two: Karney's solution, except for lines
        /// with a chord under 15 km (on WGS84), which take the chord turned into the geodesic
        /// (`Geodesic+ShortLine.swift`): built on exact differences of the two ends, it stays
        /// within 1e-12 relative and 1.1e-10° of GeographicLib (measured against it in long
        /// double, 1 m to 15 km, poles included) and is about 3 times faster than Karney's.
        case automatic
        /// Karney's solution everywhere: within about 15 nm of exact (Karney's figure), which on
        /// lines under ~200 m is more than 1e-9 relative or 1e-9° of bearing (each end's
        /// rounding moves it by ~1e-9 m). For comparisons and benchmarks.
        case full
    }

    // MARK: - Ellipsoid constants, computed once

    /// a, f, 1 - f, b, e², e′², n of ``ellipsoid``.
    let a, f, oneMinusF, b, e2, ep2, n: Double
    /// The A₃ and C₃ series with this ellipsoid's n folded in.
    let longitudeSeries: LongitudeSeries
    /// Below this σ₁₂ (about 0.2 m on WGS84) the short-line starting guess is already the
    /// answer to rounding, so Newton's method is skipped.
    let shortLineSigmaLimit: Double
    /// The chord-based short-line path applies below this chord in metres (15 km on WGS84).
    let shortLineLimit: Double

    /// Geodesics on `ellipsoid`; computes the ellipsoid's series coefficients once.
    /// - Parameter ellipsoid: The ellipsoid, e.g. ``Ellipsoid/wgs84``.
    public init(_ ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        oneMinusF = 1 - f
        b = ellipsoid.polarRadius
        e2 = ellipsoid.eccentricitySquared
        ep2 = ellipsoid.secondEccentricitySquared
        n = ellipsoid.thirdFlattening
        longitudeSeries = LongitudeSeries(thirdFlattening: n)
        // Karney's bound: the neglected terms of the short-line guess are O(σ² f), so
        // σ < 0.1 √ε / √(f/2) leaves them below rounding.
        shortLineSigmaLimit = 0.1 * Self.tol2 / sqrt(max(0.001, f) * min(1, 1 - f / 2) / 2)
        shortLineLimit = a * Self.shortLineRatio
    }

    // MARK: - Inverse problem

    /// The geodesic between two coordinates: its length and the bearings at both ends.
    ///
    /// Never fails and never returns NaN for valid coordinates: coincident points give
    /// distance 0, antipodal points one of the shortest paths. Bearings at a pole follow
    /// the coordinate's longitude, as if approaching the pole along that meridian.
    /// - Parameters:
    ///   - from: The start.
    ///   - to: The end.
    ///   - precision: ``Precision/automatic`` (default) or ``Precision/full``.
    /// - Returns: Distance in metres, bearings in degrees in [0, 360).
    public func inverse(from: Coordinate, to: Coordinate, precision: Precision = .automatic) -> InverseSolution {
        if precision == .automatic,
            let shortcut = shortLineInverse(from.latitude, from.longitude, to.latitude, to.longitude)
        {
            return shortcut
        }
        return karneyInverse(from.latitude, from.longitude, to.latitude, to.longitude)
    }

    /// The geodesic between two points given as raw numbers, validated first (for Lua).
    /// - Parameters:
    ///   - latitude1: Start latitude in degrees, in [-90, 90].
    ///   - longitude1: Start longitude in degrees, in [-180, 180].
    ///   - latitude2: End latitude in degrees, in [-90, 90].
    ///   - longitude2: End longitude in degrees, in [-180, 180].
    ///   - precision: ``Precision/automatic`` (default) or ``Precision/full``.
    /// - Returns: As ``inverse(from:to:precision:)``.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate`` naming the argument,
    ///   e.g. `latitude2 137.8 out of range [-90, 90]` or `longitude1 nan is not a finite number`.
    public func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double,
        precision: Precision = .automatic
    ) throws(GeoError) -> InverseSolution {
        try Coordinate.check(latitude1, name: "latitude1", limit: 90)
        try Coordinate.check(longitude1, name: "longitude1", limit: 180)
        try Coordinate.check(latitude2, name: "latitude2", limit: 90)
        try Coordinate.check(longitude2, name: "longitude2", limit: 180)
        return inverse(
            from: Coordinate(latitude: latitude1, longitude: longitude1),
            to: Coordinate(latitude: latitude2, longitude: longitude2),
            precision: precision)
    }

    // MARK: - Direct problem

    /// The point reached by following the geodesic from `from` at `bearing` for `distance`.
    ///
    /// Always Karney's solution (there is no shortcut for the direct problem).
    /// - Parameters:
    ///   - from: The start.
    ///   - bearing: The initial bearing in degrees clockwise from north; any finite value.
    ///   - distance: Metres along the geodesic; finite and not negative. Distances past the
    ///     antipode continue around the ellipsoid.
    /// - Returns: The destination (longitude in [-180, 180]) and the bearing there, in [0, 360).
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidArgument``, e.g.
    ///   `distance -5 is negative` or `bearing nan is not a finite number`.
    public func direct(from: Coordinate, bearing: Double, distance: Double) throws(GeoError) -> DirectSolution {
        guard bearing.isFinite else {
            throw GeoError(.invalidArgument, "bearing \(GeoError.text(bearing)) is not a finite number")
        }
        guard distance.isFinite else {
            throw GeoError(.invalidArgument, "distance \(GeoError.text(distance)) is not a finite number")
        }
        guard distance >= 0 else {
            throw GeoError(.invalidArgument, "distance \(GeoError.text(distance)) is negative")
        }
        return karneyDirect(from.latitude, from.longitude, bearing, distance)
    }

    /// The direct problem from raw numbers, validated first (for Lua).
    /// - Parameters:
    ///   - latitude: Start latitude in degrees, in [-90, 90].
    ///   - longitude: Start longitude in degrees, in [-180, 180].
    ///   - bearing: Initial bearing in degrees; any finite value.
    ///   - distance: Metres; finite and not negative.
    /// - Returns: As ``direct(from:bearing:distance:)``.
    /// - Throws: ``GeoError``: ``GeoError/Kind/invalidCoordinate`` for the start
    ///   (`latitude 137.8 out of range [-90, 90]`), ``GeoError/Kind/invalidArgument`` for the rest.
    public func direct(
        latitude: Double, longitude: Double, bearing: Double, distance: Double
    ) throws(GeoError)
        -> DirectSolution
    {
        let start = try Coordinate(validatingLatitude: latitude, longitude: longitude)
        return try direct(from: start, bearing: bearing, distance: distance)
    }

    // MARK: - Numerical constants

    /// Machine epsilon: Newton's method stops when λ₁₂ is this close.
    static let tol0 = Double.ulpOfOne
    /// How close a nearly antipodal point may be to the cut before the astroid guess is skipped.
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    /// Bisection stops when the bracket on α₁ is this narrow.
    static let tolBisection = tol0
    static let xThreshold = 1000 * tol2
    /// sin and cos of the reduced latitude never go below this, so the poles are approached,
    /// not reached, and every division stays finite.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    /// Newton steps before falling back to pure bisection, and the cap on the total.
    static let newtonIterations = 20
    static let maxIterations = newtonIterations + Double.significandBitCount + 1 + 10
}
