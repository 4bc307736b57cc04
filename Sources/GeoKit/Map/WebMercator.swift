#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Web Mercator (EPSG:3857) as map clients draw it, computed as supercluster does (the
/// cluster index relies on the bits matching): the world is a square of
/// `tileSize × 2^zoom` points, x from the antimeridian eastwards, y from the north.
public enum WebMercator {
    /// Points across the world at zoom 0 (Mapbox GL's 512).
    public static let tileSize = 512.0
    /// The latitude where the projected world is square: ±85.0511°.
    public static let maxLatitude = 85.051_128_779_806_59

    /// Longitude → x in [0, 1].
    @inline(__always) public static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// Latitude → y in [0, 1] (0 at the north edge), clamped to the projection's limits.
    @inline(__always) public static func y(latitude: Double) -> Double {
        let s = sin(latitude * .pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi
        return min(max(y, 0), 1)
    }

    @inline(__always) public static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    @inline(__always) public static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * .pi / 180
        return 360 * atan(exp(y2)) / .pi - 90
    }

    /// The box a screen of `width × height` points shows around `center` at `zoom`.
    /// Longitudes wrap (the box may cross the antimeridian: west > east); latitudes are
    /// clamped to ±``maxLatitude``.
    public static func viewport(center: Coordinate, zoom: Double, width: Double, height: Double) -> BoundingBox {
        let world = tileSize * pow(2, zoom)
        let cx = x(longitude: center.longitude), cy = y(latitude: center.latitude)
        let halfW = width / 2 / world, halfH = height / 2 / world
        let west = halfW >= 0.5 ? -180 : wrap(longitude(x: cx - halfW))
        let east = halfW >= 0.5 ? 180 : wrap(longitude(x: cx + halfW))
        return BoundingBox(
            west: west, south: latitude(y: min(cy + halfH, 1)),
            east: east, north: latitude(y: max(cy - halfH, 0)))
    }

    /// The largest zoom (in steps of 1/100) at which `box` fits a screen of `width × height`,
    /// and the box's center.
    public static func fit(_ box: BoundingBox, width: Double, height: Double) -> (center: Coordinate, zoom: Double) {
        let east = box.east < box.west ? box.east + 360 : box.east
        let x0 = x(longitude: box.west), x1 = x(longitude: east)
        let y0 = y(latitude: box.north), y1 = y(latitude: box.south)
        let spanX = max(x1 - x0, 1e-12), spanY = max(y1 - y0, 1e-12)
        let zoom = log2(min(width / spanX, height / spanY) / tileSize)
        let center = Coordinate(latitude: latitude(y: (y0 + y1) / 2), longitude: wrap(longitude(x: (x0 + x1) / 2)))
        return (center, (max(0, min(zoom, 30)) * 100).rounded(.down) / 100)
    }

    /// Degrees of longitude per screen point at `zoom`, for simplifying what is drawn.
    public static func degreesPerPoint(zoom: Double) -> Double { 360 / (tileSize * pow(2, zoom)) }

    static func wrap(_ longitude: Double) -> Double {
        var l = longitude
        while l > 180 { l -= 360 }
        while l < -180 { l += 360 }
        return l
    }
}
