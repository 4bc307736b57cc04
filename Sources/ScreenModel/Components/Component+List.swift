extension Component {
    /// Rows of items: `{"type": "list", "title": "…", "items": [item, …], "empty": "…"}`.
    public struct List: Hashable, Sendable {
        /// The list's identifier (default `nil`).
        public var id: String?
        /// A heading above the rows (default `nil`).
        public var title: String?
        /// The rows, top to bottom; may be empty.
        public var items: [ListItem]
        /// What to show when `items` is empty, like "No campgrounds are open" (default `nil`).
        public var empty: String?

        /// Creates a list.
        /// - Parameters:
        ///   - title: a heading (default `nil`).
        ///   - items: the rows (default `[]`).
        ///   - empty: the message for no rows (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(title: String? = nil, items: [ListItem] = [], empty: String? = nil, id: String? = nil) {
            self.id = id
            self.title = title
            self.items = items
            self.empty = empty
        }
    }
}

extension Component.List: Codable, ComponentPayload {
    static let type = "list"
    var component: Component { .list(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .list(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, items, empty
    }

    /// Decodes the list's fields from any Decoder; `items` may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "list")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        items = try c.decodeList(Component.ListItem.self, forKey: .items)
        empty = try c.decodeIfPresent(String.self, forKey: .empty)
    }

    /// Encodes the list's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(items, forKey: .items)
        try c.encodeIfPresent(empty, forKey: .empty)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        items.validate(at: "\(path()).items", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        items.forEachAction(at: "\(path()).items", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let listComponent = SchemaDefinition.component(
        "list",
        [
            .optional("id", .string()),
            .optional("title", .string()),
            .required("items", .array(of: .reference("listItem"))),
            .optional("empty", .string("Shown when items is empty.")),
        ])
}
