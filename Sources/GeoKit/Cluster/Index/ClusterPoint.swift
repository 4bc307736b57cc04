/// A point to cluster: a WGS84 position and what its clusters aggregate.
public struct ClusterPoint: Sendable, Equatable {
    /// Degrees east, in [-180, 180].
    public var longitude: Double
    /// Degrees north, within the Web Mercator limit ±85.0511287798°.
    public var latitude: Double
    /// Aggregated by clusters as a count per category (`nil`: counted in no category).
    public var category: String?
    /// Aggregated by clusters as a sum (`nil` adds nothing); must be finite.
    public var value: Double?

    /// A point from its position and optional aggregated properties.
    /// - Parameters:
    ///   - longitude: Degrees east, in [-180, 180].
    ///   - latitude: Degrees north, in [-85.0511287798, 85.0511287798].
    ///   - category: Counted per category in clusters (default `nil`).
    ///   - value: Summed in clusters (default `nil`).
    public init(longitude: Double, latitude: Double, category: String? = nil, value: Double? = nil) {
        self.longitude = longitude
        self.latitude = latitude
        self.category = category
        self.value = value
    }
}
