extension Component {
    /// One row of a list: `{"title": "…", "subtitle": "…", "detail": "0.4 mi",
    /// "badge": "Open", "action": {…}}`.
    public struct ListItem: Hashable, Sendable {
        /// The row's identifier (default `nil`).
        public var id: String?
        /// The row's main text; must not be empty.
        public var title: String
        /// A line under the title (default `nil`).
        public var subtitle: String?
        /// A short trailing value such as a distance (default `nil`).
        public var detail: String?
        /// A short tag such as "Open" (default `nil`).
        public var badge: String?
        /// What tapping the row does (default `nil`: nothing).
        public var action: Action?

        /// Creates a row.
        /// - Parameters:
        ///   - title: the main text.
        ///   - subtitle: a line under it (default `nil`).
        ///   - detail: a trailing value (default `nil`).
        ///   - badge: a short tag (default `nil`).
        ///   - action: what tapping does (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(
            title: String, subtitle: String? = nil, detail: String? = nil, badge: String? = nil,
            action: Action? = nil, id: String? = nil
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.detail = detail
            self.badge = badge
            self.action = action
        }
    }
}

extension Component.ListItem: Codable, ScreenNode {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, subtitle, detail, badge, action
    }

    /// Decodes the row's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "list item")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        badge = try c.decodeIfPresent(String.self, forKey: .badge)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
    }

    /// Encodes the row's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encodeIfPresent(detail, forKey: .detail)
        try c.encodeIfPresent(badge, forKey: .badge)
        try c.encodeIfPresent(action, forKey: .action)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(title, at: "\(path()).title")
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let listItem = SchemaDefinition(
        "listItem",
        .object(
            [
                .optional("id", .string()),
                .required("title", .string(minLength: 1)),
                .optional("subtitle", .string()),
                .optional("detail", .string("A short trailing value such as a distance.")),
                .optional("badge", .string()),
                .optional("action", .reference("action")),
            ], "A row of a list."))
}
