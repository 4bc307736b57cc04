#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// A local equirectangular projection for areas a walk covers: ground metres east
/// (longitude scaled by the cosine of the middle latitude) and north, on a sphere of
/// the Earth's mean radius, scaled uniformly so the box around everything drawn fits
/// a `side × side` square inside `padding`, and centerd there. Longitudes are unwrapped
/// towards the first one, so a walk across the antimeridian stays in one piece.
struct SVGLocalProjection {
    /// Ground metres in one degree of latitude (mean Earth radius 6,371,008.8 m).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180
    /// The least span shown, in metres, so a single fix or a tiny box is not blown up …
    static let minimumSpan = 200.0
    /// … unless every circle drawn is small: then ten times the largest one's radius, and
    /// no less than this, so a building's exhibits (circles of a few metres) fill the picture.
    static let minimumIndoorSpan = 20.0
    /// The largest circle radius counted when fitting, in metres (a quarter of the Earth).
    static let maximumRadius = 10_000_000.0

    /// The square's side in points.
    let side: Double
    /// Points per ground metre.
    let scale: Double
    private let referenceLongitude: Double
    private let metresPerDegreeEast: Double
    private let center: (x: Double, y: Double)

    /// A projection fitting `coordinates` and the `circles` (center and radius in metres)
    /// into the square; `nil` when none of them has a finite position.
    init?(
        fitting coordinates: [Component.Coordinate], circles: [(center: Component.Coordinate, radius: Double)],
        side: Double, padding: Double
    ) {
        let circles = circles.filter { Self.isFinite($0.center) }
        let all = coordinates.filter(Self.isFinite) + circles.map(\.center)
        guard let first = all.first else { return nil }
        let latitudes = all.map { min(max($0.latitude, -89.9), 89.9) }
        let middle = ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2
        let east = Self.metresPerDegree * cos(middle * .pi / 180)
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        func include(_ coordinate: Component.Coordinate, radius: Double) {
            let p = Self.metres(coordinate, referenceLongitude: first.longitude, metresPerDegreeEast: east)
            box = (min(box.minX, p.x - radius), min(box.minY, p.y - radius), max(box.maxX, p.x + radius), max(box.maxY, p.y + radius))
        }
        for coordinate in all { include(coordinate, radius: 0) }
        for (center, radius) in circles {
            include(center, radius: radius.isFinite ? min(max(radius, 0), Self.maximumRadius) : 0)
        }
        let least = circles.map(\.radius).filter(\.isFinite).max().map { min(max(10 * $0, Self.minimumIndoorSpan), Self.minimumSpan) }
        let span = max(box.maxX - box.minX, box.maxY - box.minY, least ?? Self.minimumSpan)
        self.side = side
        scale = max(side - 2 * padding, 1) / span
        referenceLongitude = first.longitude
        metresPerDegreeEast = east
        center = ((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2)
    }

    /// Where `coordinate` lands in the square, in points from its top-left corner.
    func point(_ coordinate: Component.Coordinate) -> (x: Double, y: Double) {
        let m = Self.metres(coordinate, referenceLongitude: referenceLongitude, metresPerDegreeEast: metresPerDegreeEast)
        return (side / 2 + (m.x - center.x) * scale, side / 2 - (m.y - center.y) * scale)
    }

    /// `metres` on the ground as points in the picture.
    func points(metres: Double) -> Double { metres * scale }

    /// Ground metres per point, for the scale bar.
    var metresPerPoint: Double { 1 / scale }

    // MARK: - Pure math

    /// Ground metres east of `referenceLongitude` (unwrapped towards it) and north of the equator.
    static func metres(
        _ coordinate: Component.Coordinate, referenceLongitude: Double, metresPerDegreeEast: Double
    ) -> (x: Double, y: Double) {
        var longitude = coordinate.longitude
        if longitude.isFinite { longitude += 360 * ((referenceLongitude - longitude) / 360).rounded() }
        return ((longitude - referenceLongitude) * metresPerDegreeEast, coordinate.latitude * metresPerDegree)
    }

    /// The diagonal of the box around `coordinates` in these ground metres (longitudes
    /// unwrapped towards the first), for comparing sizes; 0 without a finite one.
    static func span(_ coordinates: [Component.Coordinate]) -> Double {
        let finite = coordinates.filter(isFinite)
        guard let first = finite.first else { return 0 }
        let latitudes = finite.map(\.latitude)
        let east = metresPerDegree * cos(((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2 * .pi / 180)
        let points = finite.map { metres($0, referenceLongitude: first.longitude, metresPerDegreeEast: east) }
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        return hypot((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
    }

    static func isFinite(_ coordinate: Component.Coordinate) -> Bool {
        coordinate.latitude.isFinite && coordinate.longitude.isFinite
    }
}
