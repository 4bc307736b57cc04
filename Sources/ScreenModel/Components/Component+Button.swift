extension Component {
    /// A single action as a button: `{"type": "button", "label": "…", "style": "secondary",
    /// "action": {…}}`.
    public struct Button: Hashable, Sendable {
        /// How prominent the button is.
        public enum Style: String, Codable, Hashable, Sendable, CaseIterable {
            /// The main thing to do on the screen (the default).
            case primary
            /// An alternative, shown with less weight.
            case secondary
        }

        /// The button's identifier (default `nil`).
        public var id: String?
        /// What the button says; must not be empty.
        public var label: String
        /// How prominent it is (default ``Style/primary``, omitted from JSON).
        public var style: Style
        /// What pressing it does.
        public var action: Action

        /// Creates a button.
        /// - Parameters:
        ///   - label: what it says.
        ///   - style: its prominence (default `.primary`).
        ///   - action: what pressing it does.
        ///   - id: an identifier (default `nil`).
        public init(_ label: String, style: Style = .primary, action: Action, id: String? = nil) {
            self.id = id
            self.label = label
            self.style = style
            self.action = action
        }
    }
}

extension Component.Button: Codable, ComponentPayload {
    static let type = "button"
    var component: Component { .button(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .button(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, label, style, action
    }

    /// Decodes the button's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "button")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        label = try c.decode(String.self, forKey: .label)
        style = try c.decodeChoice(Style.self, forKey: .style, in: "button style") ?? .primary
        action = try c.decode(Action.self, forKey: .action)
    }

    /// Encodes the button's fields, omitting nil and default values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(style, forKey: .style, unless: .primary)
        try c.encode(action, forKey: .action)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(label, at: "\(path()).label")
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let buttonComponent = SchemaDefinition.component(
        "button",
        [
            .optional("id", .string()),
            .required("label", .string(minLength: 1)),
            .optional("style", .choice(Component.Button.Style.self, default: .primary)),
            .required("action", .reference("action")),
        ])
}
