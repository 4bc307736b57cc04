extension Component {
    /// A paragraph or heading: `{"type": "text", "text": "…", "style": "heading"}`.
    public struct Text: Hashable, Sendable {
        /// How the text is presented.
        public enum Style: String, Codable, Hashable, Sendable, CaseIterable {
            /// The largest text, once per screen at most.
            case title
            /// Starts a group of sections.
            case heading
            /// Running text (the default).
            case body
            /// Small print under a picture or section.
            case caption
            /// Something the visitor must not miss: closures, warnings.
            case notice
        }

        /// The component's identifier (default `nil`).
        public var id: String?
        /// The text; must not be empty.
        public var text: String
        /// How the text is presented (default ``Style/body``, omitted from JSON).
        public var style: Style

        /// Creates a text component.
        /// - Parameters:
        ///   - text: the text.
        ///   - style: its presentation (default `.body`).
        ///   - id: an identifier (default `nil`).
        public init(_ text: String, style: Style = .body, id: String? = nil) {
            self.id = id
            self.text = text
            self.style = style
        }
    }
}

extension Component.Text: Codable, ComponentPayload {
    static let type = "text"
    var component: Component { .text(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .text(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, text, style
    }

    /// Decodes the text fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "text")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        text = try c.decode(String.self, forKey: .text)
        style = try c.decodeChoice(Style.self, forKey: .style, in: "text style") ?? .body
    }

    /// Encodes the text fields, omitting nil and default values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(text, forKey: .text)
        try c.encode(style, forKey: .style, unless: .body)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(text, at: "\(path()).text")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let textComponent = SchemaDefinition.component(
        "text",
        [
            .optional("id", .string()),
            .required("text", .string(minLength: 1)),
            .optional("style", .choice(Component.Text.Style.self, default: .body)),
        ])
}
