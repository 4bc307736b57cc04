extension Component.Map {
    /// Several sites drawn as one bubble: `{"type": "cluster", "id": "c-12-3",
    /// "coordinate": [-122.4611, 37.8012], "count": 57, "expansion_zoom": 14,
    /// "categories": [{"category": "historic", "count": 30}, …], "action": {…}}`.
    public struct Cluster: Hashable, Sendable {
        /// The cluster's identifier, unique within its map.
        public var id: String
        /// Where the bubble sits (the sites' center).
        public var coordinate: Component.Coordinate
        /// How many sites it holds; at least 2.
        public var count: Int
        /// The zoom level, within 0...30, at which the cluster splits apart.
        public var expansionZoom: Int
        /// How many of its sites fall in each category, largest first (default `[]`,
        /// omitted from JSON when empty).
        public var categories: [CategoryCount]
        /// What tapping it does, usually zooming in (default `nil`: nothing).
        public var action: Action?

        /// Creates a cluster.
        /// - Parameters:
        ///   - id: its identifier, unique within the map.
        ///   - coordinate: where it sits.
        ///   - count: how many sites it holds (at least 2).
        ///   - expansionZoom: the zoom level where it splits (0...30).
        ///   - categories: counts per category (default `[]`).
        ///   - action: what tapping does (default `nil`).
        public init(
            id: String, coordinate: Component.Coordinate, count: Int, expansionZoom: Int,
            categories: [CategoryCount] = [], action: Action? = nil
        ) {
            self.id = id
            self.coordinate = coordinate
            self.count = count
            self.expansionZoom = expansionZoom
            self.categories = categories
            self.action = action
        }
    }

    /// How many sites of one category a cluster holds: `{"category": "picnic_area",
    /// "name": "Picnic areas", "count": 30}`.
    public struct CategoryCount: Hashable, Sendable {
        /// The category, like `historic`; must not be empty.
        public var category: String
        /// How many sites; at least 1.
        public var count: Int
        /// The category as the park names it for people (`Picnic areas`), when the flow
        /// gives it; renderers show it in the id's place (default `nil`).
        public var name: String?

        /// Creates a count; `count` must be at least 1.
        public init(_ category: String, count: Int, name: String? = nil) {
            self.category = category
            self.count = count
            self.name = name
        }

        /// What people read for the category: its name, else its id.
        public var label: String { name ?? category }
    }
}

extension Component.Map.Cluster: Codable, AnnotationPayload {
    static let type = "cluster"
    var annotation: Component.Map.Annotation { .cluster(self) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, coordinate, count
        case expansionZoom = "expansion_zoom"
        case categories, action
    }

    /// Decodes the cluster's fields from any Decoder; `categories` may be missing or an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "cluster")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        coordinate = try c.decode(Component.Coordinate.self, forKey: .coordinate)
        count = try c.decode(Int.self, forKey: .count)
        expansionZoom = try c.decode(Int.self, forKey: .expansionZoom)
        categories = try c.decodeListIfPresent(Component.Map.CategoryCount.self, forKey: .categories)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
    }

    /// Encodes the cluster's fields, omitting empty categories and a nil action.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(coordinate, forKey: .coordinate)
        try c.encode(count, forKey: .count)
        try c.encode(expansionZoom, forKey: .expansionZoom)
        try c.encodeUnlessEmpty(categories, forKey: .categories)
        try c.encodeIfPresent(action, forKey: .action)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        coordinate.validate(at: "\(path()).coordinate", into: &check)
        if count < 2 { check.report("\(path()).count", "a cluster holds at least 2 sites, got \(count)") }
        check.checkRange(Double(expansionZoom), within: Component.Map.zoomRange, at: "\(path()).expansion_zoom")
        categories.validate(at: "\(path()).categories", into: &check)
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

extension Component.Map.CategoryCount: Codable, ScreenNode {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case category, count, name
    }

    /// Decodes `category`, `count` and `name` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "category count")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        category = try c.decode(String.self, forKey: .category)
        count = try c.decode(Int.self, forKey: .count)
        name = try c.decodeIfPresent(String.self, forKey: .name)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(category, at: "\(path()).category")
        if count < 1 { check.report("\(path()).count", "must be at least 1, got \(count)") }
        if let name { check.requireNonEmpty(name, at: "\(path()).name") }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let clusterAnnotation = SchemaDefinition(
        "clusterAnnotation",
        .object(
            [
                .required("type", .constant("cluster")),
                .required("id", .reference("annotationID")),
                .required("coordinate", .reference("coordinate")),
                .required("count", .integer(minimum: 2, "How many sites the cluster holds.")),
                .required("expansion_zoom", .integer(minimum: 0, maximum: 30, "The zoom level where the cluster splits apart.")),
                .optional("categories", .array(of: .reference("categoryCount"), "Sites per category, largest first.")),
                .optional("action", .reference("action")),
            ], "Several sites drawn as one, with how many and where it splits apart."))

    static let categoryCount = SchemaDefinition(
        "categoryCount",
        .object(
            [
                .required("category", .string(minLength: 1)),
                .required("count", .integer(minimum: 1)),
                .optional("name", .string(minLength: 1, "The category as the park names it for people (\"Picnic areas\"), shown in the id's place.")),
            ], "How many sites of one category a cluster holds."))
}
