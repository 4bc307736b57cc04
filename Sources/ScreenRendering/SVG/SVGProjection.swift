#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// Web Mercator from a map's `bbox` onto a picture of `width × height` points: the box
/// is scaled uniformly to fit and centerd, so shapes keep their proportions. A box
/// with `west > east` crosses the antimeridian; its east edge is unwrapped by 360°,
/// and so is every longitude nearer the box that way.
struct SVGProjection {
    /// The Earth's equatorial circumference in metres (WGS84), the width of the Mercator world.
    static let earthCircumference = 40_075_016.686
    /// The latitude where the Mercator world is square; beyond it y is clamped.
    static let maxLatitude = 85.051_128_779_806_59

    /// The picture's size in points.
    let width: Double
    let height: Double
    /// Points per unit of Mercator x (the world is 1 wide).
    let scale: Double
    /// The longitude in the middle of the box, east unwrapped.
    let centerLongitude: Double
    /// The latitude in the middle of the box, for the scale bar.
    let centerLatitude: Double
    private let originX: Double
    private let originY: Double

    /// A projection of `bbox` onto a picture of `width × height` points.
    init(bbox: Component.Map.BoundingBox, width: Double, height: Double) {
        self.width = width
        self.height = height
        let east = bbox.east < bbox.west ? bbox.east + 360 : bbox.east
        centerLongitude = (bbox.west + east) / 2
        let x0 = Self.x(longitude: bbox.west), x1 = Self.x(longitude: east)
        let y0 = Self.y(latitude: bbox.north), y1 = Self.y(latitude: bbox.south)
        centerLatitude = Self.latitude(y: (y0 + y1) / 2)
        let fit = min(width / max(x1 - x0, 1e-12), height / max(y1 - y0, 1e-12))
        scale = fit.isFinite && fit > 0 ? fit : 1
        originX = (x0 + x1) / 2 - width / 2 / scale
        originY = (y0 + y1) / 2 - height / 2 / scale
    }

    /// Where `coordinate` lands in the picture, in points from the top-left corner.
    func point(_ coordinate: Component.Coordinate) -> (x: Double, y: Double) {
        let longitude = unwrapped(coordinate.longitude)
        return ((Self.x(longitude: longitude) - originX) * scale, (Self.y(latitude: coordinate.latitude) - originY) * scale)
    }

    /// Points that `metres` of ground span at `latitude` (Mercator grows them toward the
    /// poles); 0 where that is meaningless.
    func points(metres: Double, at latitude: Double) -> Double {
        let perPoint = Self.earthCircumference * cos(min(max(latitude, -Self.maxLatitude), Self.maxLatitude) * .pi / 180) / scale
        let points = metres / perPoint
        return points.isFinite && points > 0 ? points : 0
    }

    /// Whether a circle of `radius` around `point` shows in the picture at all.
    func isVisible(_ point: (x: Double, y: Double), radius: Double = 0) -> Bool {
        point.x.isFinite && point.y.isFinite
            && point.x >= -radius && point.x <= width + radius && point.y >= -radius && point.y <= height + radius
    }

    /// Ground metres per point at the box's middle latitude; `nil` when that is meaningless.
    var metresPerPoint: Double? {
        let metres = Self.earthCircumference * cos(centerLatitude * .pi / 180) / scale
        return metres.isFinite && metres > 0 ? metres : nil
    }

    /// `longitude` moved by whole turns to lie within 180° of the box's middle.
    private func unwrapped(_ longitude: Double) -> Double {
        guard longitude.isFinite, centerLongitude.isFinite else { return longitude }
        return longitude + 360 * ((centerLongitude - longitude) / 360).rounded()
    }

    // MARK: - Pure math

    /// Longitude → Mercator x, 0 at 180° W and 1 at 180° E (more beyond, for unwrapped longitudes).
    static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// Latitude → Mercator y, 0 at the north edge of the square world and 1 at the south.
    static func y(latitude: Double) -> Double {
        let clamped = min(max(latitude, -maxLatitude), maxLatitude)
        let s = sin(clamped * .pi / 180)
        return 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
    }

    /// Mercator y → latitude.
    static func latitude(y: Double) -> Double {
        360 * atan(exp((0.5 - y) * 2 * .pi)) / .pi - 90
    }
}
