/// One result of a ``ClusterIndex`` query: a cluster or a single point.
///
/// It holds no arrays, so queries into a reused `[ClusterItem]` allocate nothing. Aggregates are
/// read with ``ClusterIndex/categoryCounts(of:)`` and ``ClusterIndex/valueSum(of:)``.
public struct ClusterItem: Sendable, Equatable {
    /// For a point, its point id (its index in input order, then insert order: 0 or more); for a
    /// cluster, its cluster id, always negative: `-1 - (32 × p + z)`, where `z` is the zoom where
    /// it formed and `p` the smallest point id in it.
    public var id: Int
    /// Whether this is a cluster (`count` ≥ 2) rather than a point.
    public var isCluster: Bool
    /// Degrees east: a point's own longitude, or a cluster's weighted center.
    public var longitude: Double
    /// Degrees north: a point's own latitude, or a cluster's weighted center.
    public var latitude: Double
    /// Points in it (1 for a point).
    public var count: Int

    /// An item from its fields.
    /// - Parameters:
    ///   - id: Point id or cluster id.
    ///   - isCluster: Whether it is a cluster.
    ///   - longitude: Degrees east.
    ///   - latitude: Degrees north.
    ///   - count: Points in it.
    public init(id: Int, isCluster: Bool, longitude: Double, latitude: Double, count: Int) {
        self.id = id
        self.isCluster = isCluster
        self.longitude = longitude
        self.latitude = latitude
        self.count = count
    }
}
