#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The short-line shortcut of ``Geodesic/inverse(from:to:precision:)`` with
/// ``Geodesic/Precision/automatic``: a flat earth tangent at the mid-latitude.
///
/// Where it is used: only when the flat distance s is positive and
/// s < `flatEarthRatio` · a · cos φₘ (11.99 km · cos φₘ on WGS84, φₘ the mid-latitude),
/// i.e. when (s / a)² / cos² φₘ < r² = 3.53e-6. Everything else, and every direct problem,
/// goes to Karney's solution.
///
/// Why the error stays below 1e-6: the formula is exact to first order, so its error is
/// second order in the separation measured in radians of longitude at the mid-latitude,
/// s / (a cos φₘ): the neglected terms are the curvature of the meridians' convergence and
/// of the radii across the line. Measured against Karney's solution (GeographicLib) over
/// latitudes 0…89.99°, all azimuths and 1…50 km, the relative distance error is at most
/// 0.047 (s / a)² / cos² φₘ and the bearing error at most 0.034 (s / a)² / cos² φₘ radians
/// (the same within 2% for f = 0 and f = 0.01). At the limit r² these are 1.7e-7 and
/// 1.2e-7 rad: a margin of 6 below 1e-6. `FlatEarthTests` re-measures this at the threshold.
/// Below 1 km the differences are the rounding of Karney's solution itself (~1e-9 m); the
/// shortcut, built on exact degree differences, is then the more accurate of the two.
/// The gate shrinks to nothing at the poles, where cos φₘ → 0, so it needs no separate pole
/// test; longitudes are differenced modulo 360°, so the antimeridian needs none either.
extension Geodesic {
    /// The shortcut's reach: a · cos φₘ times this (11.99 km · cos φₘ on WGS84).
    static let flatEarthRatio = 1.88e-3

    /// The flat-earth inverse, or `nil` where its error could exceed 1e-6 (see above) or
    /// the points coincide (the full solution then fixes the conventional bearings).
    func flatEarthInverse(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double)
        -> InverseSolution? {
        // Exact degree differences (the subtractions of nearby values are exact), so the
        // shortcut is as precise as its inputs even for millimetres.
        let (dLonDegrees, dLonError) = Degrees.difference(from: longitude1, to: longitude2)
        let dLat = (latitude2 - latitude1) * Degrees.radiansPerDegree
        let dLon = (dLonDegrees + dLonError) * Degrees.radiansPerDegree
        let (sinMid, cosMid) = Degrees.sinCos((latitude1 + latitude2) / 2)

        // Radii of curvature at the mid-latitude: N (prime vertical) and M (meridian).
        let w2 = 1 - e2 * sinMid * sinMid
        let primeVertical = a / w2.squareRoot()
        let meridian = primeVertical * (1 - e2) / w2
        let east = primeVertical * cosMid * dLon
        let north = meridian * dLat
        let distance = hypot(east, north)
        guard distance > 0, distance < flatEarthLimit * cosMid else { return nil }

        // The azimuth at the midpoint, turned back and forward by half the meridian
        // convergence Δλ sin φₘ (dα = sin φ dλ along any geodesic, by Clairaut).
        let midAzimuth = atan2(east, north)
        let halfConvergence = dLon * sinMid / 2
        return InverseSolution(
            distance: distance,
            initialBearing: Degrees.bearing((midAzimuth - halfConvergence) / Degrees.radiansPerDegree),
            finalBearing: Degrees.bearing((midAzimuth + halfConvergence) / Degrees.radiansPerDegree))
    }
}
