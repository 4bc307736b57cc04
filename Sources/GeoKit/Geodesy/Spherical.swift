#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Geodesy on a sphere of the mean Earth radius: fast and simple, but approximate.
///
/// Against WGS84 ellipsoidal geodesy (GeographicLib), haversine distances are off by up
/// to about 0.5% (0.56% worst case, along meridians near the poles and the equator) and
/// initial bearings by up to about 0.2°. That is a few metres over a park walk and is
/// fine for sorting and clustering; ``Coordinate/distance(to:)`` is the engine-neutral
/// entry point that moves to WGS84 when ellipsoidal geodesy lands.
public enum Spherical {
    /// The mean Earth radius R₁ = (2a + b) / 3 of WGS84, in metres: 6,371,008.8.
    public static let earthRadius = 6_371_008.8

    /// The great-circle distance between two coordinates, by the haversine formula.
    /// - Parameters:
    ///   - a: One end.
    ///   - b: The other end.
    /// - Returns: Metres along the sphere of radius ``earthRadius``; 0 for equal points.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let phi1 = radians(a.latitude), phi2 = radians(b.latitude)
        let sinHalfDPhi = sin((phi2 - phi1) / 2)
        let sinHalfDLambda = sin(radians(b.longitude - a.longitude) / 2)
        let h = sinHalfDPhi * sinHalfDPhi + cos(phi1) * cos(phi2) * sinHalfDLambda * sinHalfDLambda
        // Rounding can push h a hair past 1 for antipodal points; asin would then be NaN.
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// The initial bearing (forward azimuth) of the great circle from `from` to `to`.
    /// - Parameters:
    ///   - from: The start.
    ///   - to: The destination.
    /// - Returns: Degrees clockwise from true north in [0, 360): 0 north, 90 east.
    ///   0 when the points are equal; from a pole, the answer follows `to`'s longitude.
    public static func initialBearing(_ from: Coordinate, _ to: Coordinate) -> Double {
        let phi1 = radians(from.latitude), phi2 = radians(to.latitude)
        let dLambda = radians(to.longitude - from.longitude)
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        return normalizedDegrees(degrees(atan2(y, x)))
    }

    // MARK: - Pure math

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// An angle folded into [0, 360); a tiny negative input must not come back as 360.
    static func normalizedDegrees(_ angle: Double) -> Double {
        var result = angle.truncatingRemainder(dividingBy: 360)
        if result < 0 { result += 360 }
        return result >= 360 ? 0 : result
    }
}
