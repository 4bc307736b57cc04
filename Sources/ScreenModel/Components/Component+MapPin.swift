extension Component.Map {
    /// One place on the map: `{"type": "pin", "id": "nps-poi:goga:0001",
    /// "coordinate": [-122.4770, 37.8105], "title": "Fort Point", "category": "historic",
    /// "action": {…}}`; a visitor's favorite or own pin says so with `"layer"`.
    public struct Pin: Hashable, Sendable {
        /// Which layer a pin belongs to: apps draw each layer in a style of its own, over the sites.
        public enum Layer: String, Codable, Hashable, Sendable, CaseIterable {
            /// One of the park's sites (the default).
            case sites
            /// A site the visitor keeps as a favorite.
            case favorites
            /// A pin the visitor dropped.
            case own
        }

        /// The pin's identifier, unique within its map (usually the site's id).
        public var id: String
        /// Where the site is.
        public var coordinate: Component.Coordinate
        /// The site's name; must not be empty.
        public var title: String
        /// The site's category, like `historic`, which picks its color (default `nil`).
        public var category: String?
        /// The category as the park names it for people (`Picnic area`), when the flow gives
        /// it; renderers show it in the id's place (default `nil`).
        public var categoryName: String?
        /// What tapping it does, usually opening the site (default `nil`: nothing).
        public var action: Action?
        /// The layer it is drawn on (default ``Layer/sites``, omitted from JSON).
        public var layer: Layer

        /// Creates a pin.
        /// - Parameters:
        ///   - id: its identifier, unique within the map.
        ///   - coordinate: where the site is.
        ///   - title: the site's name.
        ///   - category: the site's category (default `nil`).
        ///   - action: what tapping does (default `nil`).
        ///   - layer: the layer it is drawn on (default `.sites`).
        ///   - categoryName: the category's name for people (default `nil`).
        public init(
            id: String, coordinate: Component.Coordinate, title: String, category: String? = nil, action: Action? = nil,
            layer: Layer = .sites, categoryName: String? = nil
        ) {
            self.id = id
            self.coordinate = coordinate
            self.title = title
            self.category = category
            self.categoryName = categoryName
            self.action = action
            self.layer = layer
        }
    }
}

extension Component.Map.Pin: Codable, AnnotationPayload {
    static let type = "pin"
    var annotation: Component.Map.Annotation { .pin(self) }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, coordinate, title, category
        case categoryName = "category_name"
        case action, layer
    }

    /// Decodes the pin's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "pin")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        coordinate = try c.decode(Component.Coordinate.self, forKey: .coordinate)
        title = try c.decode(String.self, forKey: .title)
        category = try c.decodeIfPresent(String.self, forKey: .category)
        categoryName = try c.decodeIfPresent(String.self, forKey: .categoryName)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
        layer = try c.decodeChoice(Layer.self, forKey: .layer, in: "pin layer") ?? .sites
    }

    /// Encodes the pin's fields, omitting nil and default values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(coordinate, forKey: .coordinate)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(category, forKey: .category)
        try c.encodeIfPresent(categoryName, forKey: .categoryName)
        try c.encodeIfPresent(action, forKey: .action)
        try c.encode(layer, forKey: .layer, unless: .sites)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        coordinate.validate(at: "\(path()).coordinate", into: &check)
        check.requireNonEmpty(title, at: "\(path()).title")
        if let category { check.requireNonEmpty(category, at: "\(path()).category") }
        if let categoryName { check.requireNonEmpty(categoryName, at: "\(path()).category_name") }
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let pinAnnotation = SchemaDefinition(
        "pinAnnotation",
        .object(
            [
                .required("type", .constant("pin")),
                .required("id", .reference("annotationID")),
                .required("coordinate", .reference("coordinate")),
                .required("title", .string(minLength: 1)),
                .optional("category", .string(minLength: 1)),
                .optional("category_name", .string(minLength: 1, "The category as the park names it for people (\"Picnic area\"), shown in the id's place.")),
                .optional("action", .reference("action")),
                .optional(
                    "layer",
                    .choice(
                        Component.Map.Pin.Layer.self, default: .sites,
                        "The layer it is drawn on, each in a style of its own over the sites: the park's sites, the visitor's favorites, or the pins the visitor dropped."
                    )),
            ], "One place drawn on a map: a site, or the visitor's favorite or own pin (its layer)."))
}
