import Foundation

/// Spherical (Web) Mercator in [0, 1] as supercluster computes it, in float64: x grows east
/// from the antimeridian, y grows south from the northern limit. Same operations in the same
/// order as supercluster's `lngX`/`latY`/`xLng`/`yLat`, so projected values are bit-identical.
enum Projection {
    /// The latitude where the projected world is square, atan(sinh(π)) in degrees.
    static let maxLatitude = 85.051_128_779_806_59

    @inline(__always) static func x(longitude: Double) -> Double { longitude / 360 + 0.5 }

    /// y in [0, 1], clamped as supercluster does.
    @inline(__always) static func y(latitude: Double) -> Double {
        let s = sin(latitude * Double.pi / 180)
        let y = 0.5 - 0.25 * log((1 + s) / (1 - s)) / Double.pi
        return y < 0 ? 0 : (y > 1 ? 1 : y)
    }

    @inline(__always) static func longitude(x: Double) -> Double { (x - 0.5) * 360 }

    @inline(__always) static func latitude(y: Double) -> Double {
        let y2 = (180 - y * 360) * Double.pi / 180
        return 360 * atan(exp(y2)) / Double.pi - 90
    }

    /// Cluster radius at `zoom` in projected units, as supercluster: radius / (extent · 2^zoom).
    @inline(__always) static func radius(_ options: ClusterOptions, zoom: Int) -> Double {
        options.radius / (options.extent * pow(2, Double(zoom)))
    }

    /// Grid cells per projected unit at `zoom`: cells a little wider than the radius (so two
    /// points within the radius are never two cells apart after rounding), and at most 2^31
    /// across so a cell coordinate fits 32 bits.
    @inline(__always) static func cellScale(_ options: ClusterOptions, zoom: Int) -> Double {
        min((1 - 0x1p-20) / radius(options, zoom: zoom), 0x1p31)
    }
}
