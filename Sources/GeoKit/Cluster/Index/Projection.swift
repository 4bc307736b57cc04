#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Web Mercator in [0, 1] for the cluster index: `WebMercator`'s functions, which do the
/// same operations in the same order as supercluster's `lngX`/`latY`/`xLng`/`yLat`, so
/// projected values are bit-identical to the reference's.
enum Projection {
    static let maxLatitude = WebMercator.maxLatitude

    @inline(__always) static func x(longitude: Double) -> Double { WebMercator.x(longitude: longitude) }
    @inline(__always) static func y(latitude: Double) -> Double { WebMercator.y(latitude: latitude) }
    @inline(__always) static func longitude(x: Double) -> Double { WebMercator.longitude(x: x) }
    @inline(__always) static func latitude(y: Double) -> Double { WebMercator.latitude(y: y) }

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
