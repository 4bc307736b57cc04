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
/// left out.
///
/// Distances and bearings are for drawing: sites within 12 km · cos φ of the camera take a
/// flat earth tangent at the mid-latitude, within 2e-7 of the geodesic (relative in distance,
/// radians in bearing: 0.1 mm at 500 m, far below a pixel), with the camera's sine and cosine
/// computed once per frame. That keeps a frame of 10,000 sites well under a millisecond.
/// Farther sites (a distance limit over 12 km · cos φ) go through the full ``Geodesic``; for
/// exact figures use ``Geodesic/inverse(from:to:precision:)`` (1e-9).
///
/// Why the flat earth's error stays below 2e-7: the formula is exact to first order, so its
/// error is second order in the separation in radians of longitude at the mid-latitude,
/// s / (a cos φₘ): the neglected terms are the curvature of the meridians' convergence and of
/// the radii across the line. Measured against Karney's solution (latitudes 0…89.9°, all
/// azimuths, up to the gate) the relative distance error is at most 0.047 (s / a)² / cos² φₘ
/// and the bearing error 0.034 (s / a)² / cos² φₘ rad; the gate s < ``shortLineRatio`` · a ·
/// cos φₘ bounds (s / a)² / cos² φₘ by 3.53e-6, so the errors by 1.7e-7 and 1.2e-7 rad
/// (`ARProjectorTests` re-measures this at the gate). The mid-latitude terms are expanded to
/// second order in half the latitude difference h (h < 1e-3 rad there: the dropped h³ terms
/// are below 2e-10 relative). The gate shrinks to nothing at the poles, where cos φₘ → 0.
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
    private let cosPitch: Double, sinPitch: Double
    private let sinLatitude: Double, cosLatitude: Double
    private let shortLineReach: Double
    private let sinHeading: Double, cosHeading: Double
    private let hintCosine: Double  // cos of the widest relative bearing that earns a hint

    /// Mean Earth radius for the curvature drop, metres.
    static let earthRadius = 6_371_008.8

    /// The flat-earth path's reach: a · cos φₘ times this (11.99 km · cos φₘ on WGS84).
    static let shortLineRatio = 1.88e-3

    /// - Throws: ``GeoError`` when the distance limit is not a positive finite number.
    public init(pose: CameraPose, maximumDistance: Double = 5000, hintMargin: Double = 45) throws(GeoError) {
        guard maximumDistance.isFinite, maximumDistance > 0 else {
            throw GeoError(.invalidArgument, "maximum distance \(GeoError.text(maximumDistance)) must be a positive number of metres")
        }
        self.pose = pose
        self.maximumDistance = maximumDistance
        self.hintMargin = max(0, hintMargin)
        focal = pose.width / 2 / tan(pose.fieldOfView / 2 * .pi / 180)
        // 10% under the short-line limit at the camera: beyond the domain, sites are farther than this.
        shortLineReach = 0.9 * Self.shortLineRatio * LocalMetric.semiMajorAxis * cos(pose.position.latitude * .pi / 180)
        sinHeading = sin(pose.heading * .pi / 180)
        cosHeading = cos(pose.heading * .pi / 180)
        hintCosine = cos(min(90, pose.fieldOfView / 2 + max(0, hintMargin)) * .pi / 180)
        sinLatitude = sin(pose.position.latitude * .pi / 180)
        cosLatitude = cos(pose.position.latitude * .pi / 180)
        cosPitch = cos(pose.pitch * .pi / 180)
        sinPitch = sin(pose.pitch * .pi / 180)
    }

    /// Projects one site, or nil when it is behind the camera, beyond the distance limit, at
    /// the camera, or off screen by more than the hint margin.
    public func place(_ site: Coordinate, altitude: Double? = nil, index: Int = 0) -> Placement? {
        // Outside the short-line domain a site is over ~12 km · cos φ away: skip it unless the limit reaches that far.
        guard let line = shortLine(to: site) ?? (maximumDistance > shortLineReach ? farLine(to: site) : nil),
            line.distance <= maximumDistance
        else { return nil }
        // The bearing relative to the heading, as sine and cosine: no trigonometry per site.
        let sinDelta = line.sinBearing * cosHeading - line.cosBearing * sinHeading
        let cosDelta = line.cosBearing * cosHeading + line.sinBearing * sinHeading
        guard cosDelta > 0 else { return nil }  // behind the camera: |δ| ≥ 90°
        var cosElevation = 1.0, sinElevation = 0.0
        if let altitude, let cameraAltitude = pose.altitude {
            let rise = altitude - cameraAltitude - line.distance * line.distance / (2 * Self.earthRadius)
            let hypotenuse = (line.distance * line.distance + rise * rise).squareRoot()
            cosElevation = line.distance / hypotenuse
            sinElevation = rise / hypotenuse
        }
        // Direction in camera axes: forward, right, up; then tilt by the pitch.
        let forward0 = cosElevation * cosDelta, right = cosElevation * sinDelta, up0 = sinElevation
        let forward = forward0 * cosPitch + up0 * sinPitch
        let up = up0 * cosPitch - forward0 * sinPitch
        guard forward > 1e-9 else { return nil }
        let x = pose.width / 2 + focal * right / forward
        let y = pose.height / 2 - focal * up / forward
        let onScreen = x >= 0 && x <= pose.width && y >= 0 && y <= pose.height
        if !onScreen && cosDelta < hintCosine { return nil }
        var bearing = atan2(line.sinBearing, line.cosBearing) * 180 / .pi
        if bearing < 0 { bearing += 360 }
        if bearing >= 360 { bearing = 0 }
        return Placement(
            index: index, distance: line.distance, bearing: bearing,
            relativeBearing: Self.relative(bearing - pose.heading), x: x, y: y, isOnScreen: onScreen)
    }

    /// Projects every site; the result is in input order, without the sites left out.
    public func place(_ sites: [Coordinate], altitudes: [Double?]? = nil) -> [Placement] {
        var out: [Placement] = []
        for (i, site) in sites.enumerated() {
            if let p = place(site, altitude: altitudes?[i] ?? nil, index: i) { out.append(p) }
        }
        return out
    }

    /// A site's distance and the sine and cosine of its initial bearing.
    struct Line {
        var distance: Double
        var sinBearing: Double
        var cosBearing: Double
    }

    /// The flat-earth line (see the type's comment), nil at the camera or out of its domain.
    @inline(__always)
    func shortLine(to site: Coordinate) -> Line? {
        let a = LocalMetric.semiMajorAxis, e2 = LocalMetric.flattening * (2 - LocalMetric.flattening)
        let c = pose.position
        let dLat = (site.latitude - c.latitude) * .pi / 180
        let dLon = LocalMetric.wrapped(site.longitude - c.longitude) * .pi / 180
        let h = dLat / 2
        guard abs(h) < 1e-3 else { return nil }
        let k = 1 - h * h / 2
        let sinMid = sinLatitude * k + cosLatitude * h, cosMid = cosLatitude * k - sinLatitude * h
        let w2 = 1 - e2 * sinMid * sinMid
        let primeVertical = a / w2.squareRoot()
        let meridian = primeVertical * (1 - e2) / w2
        let east = primeVertical * cosMid * dLon, north = meridian * dLat
        let distance = (east * east + north * north).squareRoot()
        guard distance > 0, distance < Self.shortLineRatio * a * cosMid else { return nil }
        // The midpoint azimuth turned back by half the meridian convergence γ (|γ| < 1e-3 rad
        // here, so sin γ ≈ γ − γ³/6 and cos γ ≈ 1 − γ²/2 are exact to 1e-15).
        let gamma = dLon * sinMid / 2
        let sinGamma = gamma - gamma * gamma * gamma / 6, cosGamma = 1 - gamma * gamma / 2
        let sinMidAzimuth = east / distance, cosMidAzimuth = north / distance
        return Line(
            distance: distance,
            sinBearing: sinMidAzimuth * cosGamma - cosMidAzimuth * sinGamma,
            cosBearing: cosMidAzimuth * cosGamma + sinMidAzimuth * sinGamma)
    }

    /// The full geodesic for sites beyond the short-line domain; nil at the camera.
    private func farLine(to site: Coordinate) -> Line? {
        let solution = Geodesic.wgs84.inverse(from: pose.position, to: site, precision: .full)
        guard solution.distance > 0 else { return nil }
        let radians = solution.initialBearing * .pi / 180
        return Line(distance: solution.distance, sinBearing: sin(radians), cosBearing: cos(radians))
    }

    /// An angle folded into (-180, 180].
    static func relative(_ degrees: Double) -> Double {
        // A bearing minus a heading, both in [0, 360], needs no division (fmod is ~10% of a frame).
        var d = abs(degrees) < 360 ? degrees : degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
