#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Metres per degree near one latitude on the WGS84 ellipsoid: a flat approximation good for
/// the few hundred metres around a geofence.
///
/// Distances measured with the metric of one end of a segment (not the midpoint) are off by
/// a relative error of about |Δφ|·tan φ plus the flattening terms, under 2e-5 for 1 km at
/// 60° latitude; ``GeofenceCircle`` screens with it and re-decides the fixes within
/// ``GeofenceCircle/screenTolerance`` of an edge with the exact geodesic.
struct LocalMetric: Sendable, Hashable {
    /// Metres per degree of latitude (the meridional radius of curvature M, in degrees).
    let metresPerDegreeLatitude: Double
    /// Metres per degree of longitude (N cos φ, in degrees); never below 1e-9 at the poles.
    let metresPerDegreeLongitude: Double

    static let semiMajorAxis = 6_378_137.0
    static let flattening = 1 / 298.257223563

    init(latitude: Double) {
        let e2 = Self.flattening * (2 - Self.flattening)
        let phi = latitude * .pi / 180
        let s = sin(phi)
        let w = (1 - e2 * s * s).squareRoot()
        let n = Self.semiMajorAxis / w  // prime vertical radius
        let m = Self.semiMajorAxis * (1 - e2) / (w * w * w)  // meridional radius
        metresPerDegreeLatitude = m * .pi / 180
        metresPerDegreeLongitude = max(n * cos(phi) * .pi / 180, 1e-9)
    }

    /// The flat distance in metres from (lat0, lon0) to (lat, lon), longitudes wrapped.
    @inline(__always)
    func distance(latitude0: Double, longitude0: Double, latitude: Double, longitude: Double) -> Double {
        let dx = Self.wrapped(longitude - longitude0) * metresPerDegreeLongitude
        let dy = (latitude - latitude0) * metresPerDegreeLatitude
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A longitude difference folded into [-180, 180].
    @inline(__always)
    static func wrapped(_ delta: Double) -> Double {
        if delta > 180 { return delta - 360 }
        if delta < -180 { return delta + 360 }
        return delta
    }
}
