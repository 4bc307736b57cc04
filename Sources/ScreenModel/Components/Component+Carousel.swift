extension Component {
    /// Cards side by side: `{"type": "carousel", "title": "…", "cards": [card, …]}`,
    /// each card shaped like a card component without `type`.
    public struct Carousel: Hashable, Sendable {
        /// The carousel's identifier (default `nil`).
        public var id: String?
        /// A heading above the cards (default `nil`).
        public var title: String?
        /// The cards, first to last; may be empty.
        public var cards: [Card]

        /// Creates a carousel.
        /// - Parameters:
        ///   - title: a heading (default `nil`).
        ///   - cards: the cards (default `[]`).
        ///   - id: an identifier (default `nil`).
        public init(title: String? = nil, cards: [Card] = [], id: String? = nil) {
            self.id = id
            self.title = title
            self.cards = cards
        }
    }
}

extension Component.Carousel: Codable, ComponentPayload {
    static let type = "carousel"
    var component: Component { .carousel(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .carousel(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, cards
    }

    /// Decodes the carousel's fields from any Decoder; `cards` may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "carousel")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        cards = try c.decodeList(Component.Card.self, forKey: .cards)
    }

    /// Encodes the carousel's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(cards, forKey: .cards)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        cards.validate(at: "\(path()).cards", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        cards.forEachAction(at: "\(path()).cards", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let carouselComponent = SchemaDefinition.component(
        "carousel",
        [
            .optional("id", .string()),
            .optional("title", .string()),
            .required("cards", .array(of: .reference("card"))),
        ])
}
