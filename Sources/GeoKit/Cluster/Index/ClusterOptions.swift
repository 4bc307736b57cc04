/// How a ``ClusterIndex`` groups points; the defaults are supercluster's.
///
/// | option | default | meaning |
/// |---|---|---|
/// | `radius` | 40 | cluster radius, in pixels of a tile `extent` wide |
/// | `extent` | 512 | tile extent in pixels (`radius` is relative to it) |
/// | `minZoom` | 0 | lowest zoom that has clusters |
/// | `maxZoom` | 16 | highest zoom that has clusters; above it queries return points |
/// | `minPoints` | 2 | fewest points that make a cluster |
/// | `nodeSize` | 64 | kept for parity with supercluster (its KD-tree leaf size); no effect here |
public struct ClusterOptions: Sendable, Equatable {
    /// Cluster radius in pixels (default `40`).
    public var radius: Double = 40
    /// Tile extent in pixels; the radius is relative to it (default `512`).
    public var extent: Double = 512
    /// Lowest zoom with clusters, in [0, 30] (default `0`); queries below it are answered at it.
    public var minZoom: Int = 0
    /// Highest zoom with clusters, in [minZoom, 30] (default `16`); queries above it return points.
    public var maxZoom: Int = 16
    /// Fewest points in a cluster, at least 2 (default `2`).
    public var minPoints: Int = 2
    /// supercluster's KD-tree leaf size, at least 2 (default `64`). Accepted and checked for parity;
    /// this index keeps a hierarchy and hash grids instead of KD-trees, so it changes nothing
    /// (it never changed results in supercluster either, only speed).
    public var nodeSize: Int = 64

    /// Options from the given values; every argument defaults to supercluster's value.
    /// - Parameters:
    ///   - radius: Cluster radius in pixels (default `40`).
    ///   - extent: Tile extent in pixels (default `512`).
    ///   - minZoom: Lowest zoom with clusters (default `0`).
    ///   - maxZoom: Highest zoom with clusters (default `16`).
    ///   - minPoints: Fewest points in a cluster (default `2`).
    ///   - nodeSize: supercluster's KD-tree leaf size, no effect here (default `64`).
    public init(
        radius: Double = 40, extent: Double = 512, minZoom: Int = 0, maxZoom: Int = 16,
        minPoints: Int = 2, nodeSize: Int = 64
    ) {
        self.radius = radius
        self.extent = extent
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.nodeSize = nodeSize
    }

    /// The highest zoom any option or query may name.
    public static let zoomLimit = 30

    // MARK: - Validation

    /// Checks every field; the first bad one is named in the error.
    public func validate() throws(ClusterError) {
        try Self.checkPositive(radius, "radius")
        try Self.checkPositive(extent, "extent")
        for (name, zoom) in [("minZoom", minZoom), ("maxZoom", maxZoom)] where !(0...Self.zoomLimit).contains(zoom) {
            throw ClusterError(.invalidOptions, "options: \(name) \(zoom) out of range [0, \(Self.zoomLimit)]")
        }
        guard minZoom <= maxZoom else {
            throw ClusterError(.invalidOptions, "options: minZoom \(minZoom) is greater than maxZoom \(maxZoom)")
        }
        guard minPoints >= 2, minPoints <= Int(Int32.max) else {
            throw ClusterError(.invalidOptions, "options: minPoints \(minPoints) out of range [2, \(Int32.max)]")
        }
        guard nodeSize >= 2 else {
            throw ClusterError(.invalidOptions, "options: nodeSize \(nodeSize) is less than 2")
        }
    }

    private static func checkPositive(_ value: Double, _ name: String) throws(ClusterError) {
        guard !value.isNaN else { throw ClusterError(.invalidOptions, "options: \(name) nan is not a number") }
        guard value.isFinite else {
            throw ClusterError(.invalidOptions, "options: \(name) \(ClusterError.text(value)) is not finite")
        }
        guard value > 0 else {
            throw ClusterError(.invalidOptions, "options: \(name) \(ClusterError.text(value)) is not greater than 0")
        }
    }
}
