public import Formats
/// A point of interest of a park, read from its `sites.geojson`.
///
/// The GeoJSON feature's `properties` supply ``id``, ``name``, ``category`` and
/// ``description``; every other property stays in ``properties``.
public struct Site: Sendable, Hashable, Codable, Identifiable {
    /// Unique within the file: the feature's `id`, else `properties.id` (`nps-poi:goga:0005`).
    public let id: String
    /// The display name; never empty.
    public let name: String
    /// The kind of place (`viewpoint`, `trailhead`, …); `"other"` when the file gives none.
    public let category: String
    /// A one-line description, when the file has one.
    public let description: String?
    /// Where the site is.
    public let coordinate: Coordinate
    /// The remaining properties (`nps_type`, `source`, …), without the four above.
    public let properties: [String: JSONValue]

    /// A site from its parts (for tests and code-built catalogs); not validated.
    /// - Parameters:
    ///   - id: Unique id.
    ///   - name: Display name.
    ///   - category: Kind of place. Default: `"other"`.
    ///   - description: One-line description. Default: `nil`.
    ///   - coordinate: Position.
    ///   - properties: Other properties. Default: none.
    public init(
        id: String, name: String, category: String = "other", description: String? = nil,
        coordinate: Coordinate, properties: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.description = description
        self.coordinate = coordinate
        self.properties = properties
    }
}
