extension Component {
    /// A titled block: `{"type": "card", "title": "…", "subtitle": "…", "body": "…",
    /// "image": {…}, "badges": ["…"], "action": {…}}`. Also a carousel's element, without `type`.
    public struct Card: Hashable, Sendable {
        /// The card's identifier (default `nil`).
        public var id: String?
        /// The card's title; must not be empty.
        public var title: String
        /// A line under the title (default `nil`).
        public var subtitle: String?
        /// Running text (default `nil`).
        public var body: String?
        /// A picture (default `nil`).
        public var image: Image?
        /// Short tags like "Open" or "Accessible" (default `[]`, omitted from JSON when empty).
        public var badges: [String]
        /// What tapping the card does (default `nil`: nothing).
        public var action: Action?

        /// Creates a card.
        /// - Parameters:
        ///   - title: the title.
        ///   - subtitle: a line under it (default `nil`).
        ///   - body: running text (default `nil`).
        ///   - image: a picture (default `nil`).
        ///   - badges: short tags (default `[]`).
        ///   - action: what tapping does (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(
            title: String, subtitle: String? = nil, body: String? = nil, image: Image? = nil,
            badges: [String] = [], action: Action? = nil, id: String? = nil
        ) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.image = image
            self.badges = badges
            self.action = action
        }
    }
}

extension Component.Card: Codable, ComponentPayload {
    static let type = "card"
    var component: Component { .card(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .card(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, subtitle, body, image, badges, action
    }

    /// Decodes the card's fields from any Decoder; `badges` may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "card")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        body = try c.decodeIfPresent(String.self, forKey: .body)
        image = try c.decodeIfPresent(Component.Image.self, forKey: .image)
        badges = try c.decodeListIfPresent(String.self, forKey: .badges)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
    }

    /// Encodes the card's fields, omitting nil values and empty badges.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encodeUnlessEmpty(badges, forKey: .badges)
        try c.encodeIfPresent(action, forKey: .action)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(title, at: "\(path()).title")
        image.validate(at: "\(path()).image", into: &check)
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let cardComponent = SchemaDefinition.component("card", from: card)

    static let card = SchemaDefinition(
        "card",
        .object(
            [
                .optional("id", .string()),
                .required("title", .string(minLength: 1)),
                .optional("subtitle", .string()),
                .optional("body", .string()),
                .optional("image", .reference("image")),
                .optional("badges", .array(of: .string())),
                .optional("action", .reference("action")),
            ], "A carousel's card: a card component without type."))
}
