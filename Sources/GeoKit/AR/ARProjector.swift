#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Projects sites onto a camera's screen: a pinhole camera turned to the heading and tilted by
/// the pitch, with the horizontal field of view across the screen width.
///
/// A site's direction is its geodesic bearing and, when both altitudes are known, its
/// elevation angle over the curved Earth (the drop s²/2R below the tangent plane); otherwise it
/// sits on the horizon. Sites behind the camera never appear; sites farther than the limit are
/// left out. Each frame first culls with a flat metric at the camera (cheap: a few multiplies)
/// and solves the geodesic only for the sites kept, through ``Geodesic``'s short-line path
/// where that is exact to 1e-6.
public struct ARProjector: Sendable {
    /// A site placed on or near the screen.
    public struct Placement: Sendable, Hashable {
        /// The site's index in the input.
        public let index: Int
        /// Geodesic metres from the camera.
        public let distance: Double
        /// Initial geodesic bearing from the camera, degrees in [0, 360).
        public let bearing: Double
        /// Bearing relative to the heading, degrees in (-180, 180]: negative is left.
        public let relativeBearing: Double
        /// Screen position in points from the top left (off-screen values when not ``isOnScreen``).
        public let x: Double
        public let y: Double
        /// Whether (x, y) lies on the screen.
        public let isOnScreen: Bool
    }

    public let pose: CameraPose
    /// Sites farther than this (metres) are left out.
    public let maximumDistance: Double
    /// How far beyond the edge of the view (degrees of relative bearing) a site still earns
    /// an off-screen hint.
    public let hintMargin: Double

    private let focal: Double
    private let metric: LocalMetric
    private let cosPitch: Double, sinPitch: Double

    /// Mean Earth radius for the curvature drop, metres.
    static let earthRadius = 6_371_008.8

    /// - Throws: ``GeoError`` when the distance limit is not a positive finite number.
    public init(pose: CameraPose, maximumDistance: Double = 5000, hintMargin: Double = 60) throws(GeoError) {
        guard maximumDistance.isFinite, maximumDistance > 0 else {
            throw GeoError(.invalidArgument, "maximum distance \(GeoError.text(maximumDistance)) must be a positive number of metres")
        }
        self.pose = pose
        self.maximumDistance = maximumDistance
        self.hintMargin = max(0, hintMargin)
        focal = pose.width / 2 / tan(pose.fieldOfView / 2 * .pi / 180)
        metric = LocalMetric(latitude: pose.position.latitude)
        cosPitch = cos(pose.pitch * .pi / 180)
        sinPitch = sin(pose.pitch * .pi / 180)
    }

    /// Projects one site, or nil when it is behind the camera, beyond the distance limit, at
    /// the camera, or off screen by more than the hint margin.
    public func place(_ site: Coordinate, altitude: Double? = nil, index: Int = 0) -> Placement? {
        let c = pose.position
        // Cull with the flat metric: generous by 1% so the geodesic decides near the limit.
        let flat = metric.distance(latitude0: c.latitude, longitude0: c.longitude, latitude: site.latitude, longitude: site.longitude)
        guard flat <= maximumDistance * 1.01 else { return nil }
        let roughBearing = atan2(LocalMetric.wrapped(site.longitude - c.longitude) * metric.metresPerDegreeLongitude,
                                 (site.latitude - c.latitude) * metric.metresPerDegreeLatitude) * 180 / .pi
        guard abs(Self.relative(roughBearing - pose.heading)) < 95 else { return nil }

        let solution = Geodesic.wgs84.inverse(from: c, to: site)
        guard solution.distance > 0, solution.distance <= maximumDistance else { return nil }
        let relative = Self.relative(solution.initialBearing - pose.heading)
        var elevation = 0.0
        if let altitude, let cameraAltitude = pose.altitude {
            let drop = solution.distance * solution.distance / (2 * Self.earthRadius)
            elevation = atan2(altitude - cameraAltitude - drop, solution.distance)
        }
        // Direction in camera axes: forward, right, up; then tilt by the pitch.
        let delta = relative * .pi / 180
        let forward0 = cos(elevation) * cos(delta), right = cos(elevation) * sin(delta), up0 = sin(elevation)
        let forward = forward0 * cosPitch + up0 * sinPitch
        let up = up0 * cosPitch - forward0 * sinPitch
        guard forward > 1e-9, abs(relative) < 90 else { return nil }
        let x = pose.width / 2 + focal * right / forward
        let y = pose.height / 2 - focal * up / forward
        let onScreen = x >= 0 && x <= pose.width && y >= 0 && y <= pose.height
        if !onScreen && abs(relative) > pose.fieldOfView / 2 + hintMargin { return nil }
        return Placement(index: index, distance: solution.distance, bearing: solution.initialBearing,
                         relativeBearing: relative, x: x, y: y, isOnScreen: onScreen)
    }

    /// Projects every site; the result is in input order, without the sites left out.
    public func place(_ sites: [Coordinate], altitudes: [Double?]? = nil) -> [Placement] {
        var out: [Placement] = []
        for (i, site) in sites.enumerated() {
            if let p = place(site, altitude: altitudes?[i] ?? nil, index: i) { out.append(p) }
        }
        return out
    }

    /// An angle folded into (-180, 180].
    static func relative(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
