extension Component {
    /// A picture: `{"type": "image", "url": "…", "alt": "…", "placeholder": "#A3B8C8",
    /// "priority": "high"}`. Also used inside a card, without `type`.
    public struct Image: Hashable, Sendable {
        /// When a client should load the picture.
        public enum Priority: String, Codable, Hashable, Sendable, CaseIterable {
            /// Load first: it is on screen at once.
            case high
            /// Load in document order (the default).
            case normal
            /// Load last, or lazily when scrolled to.
            case low
        }

        /// The component's identifier (default `nil`).
        public var id: String?
        /// Where the picture is; must not be empty.
        public var url: String
        /// What the picture shows, for screen readers and the text renderer; `""` marks a
        /// picture that only decorates, which screen readers skip.
        public var alt: String
        /// A `#RRGGBB` color shown while the picture loads (default `nil`).
        public var placeholder: String?
        /// When to load the picture (default ``Priority/normal``, omitted from JSON).
        public var priority: Priority

        /// Creates a picture.
        /// - Parameters:
        ///   - url: where the picture is.
        ///   - alt: what it shows.
        ///   - placeholder: a `#RRGGBB` color shown while loading (default `nil`).
        ///   - priority: when to load it (default `.normal`).
        ///   - id: an identifier (default `nil`).
        public init(url: String, alt: String, placeholder: String? = nil, priority: Priority = .normal, id: String? = nil) {
            self.id = id
            self.url = url
            self.alt = alt
            self.placeholder = placeholder
            self.priority = priority
        }
    }
}

extension Component.Image: Codable, ComponentPayload {
    static let type = "image"
    var component: Component { .image(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .image(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, url, alt, placeholder, priority
    }

    /// Decodes the picture's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "image")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        url = try c.decode(String.self, forKey: .url)
        alt = try c.decode(String.self, forKey: .alt)
        placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
        priority = try c.decodeChoice(Priority.self, forKey: .priority, in: "image priority") ?? .normal
    }

    /// Encodes the picture's fields, omitting nil and default values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(url, forKey: .url)
        try c.encode(alt, forKey: .alt)
        try c.encodeIfPresent(placeholder, forKey: .placeholder)
        try c.encode(priority, forKey: .priority, unless: .normal)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(url, at: "\(path()).url")
        check.checkAlt(alt, url: url, at: "\(path()).alt")
        check.checkPlaceholder(placeholder, at: "\(path()).placeholder")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let imageComponent = SchemaDefinition.component("image", from: image)

    static let image = SchemaDefinition(
        "image",
        .object(
            [
                .optional("id", .string()),
                .required(
                    "url",
                    .string(
                        minLength: 1,
                        "A picture: a path inside the park's assets/ folder (onboarding/sky.svg is parks/<CODE>/assets/onboarding/sky.svg) or a full https:// URL; flowrun check verifies it."
                    )),
                .required(
                    "alt",
                    .string(
                        "What the picture shows, for screen readers, in a sentence; \"\" marks a picture that only decorates (screen readers skip it). Never the file name."
                    )),
                .optional("placeholder", .reference("color", "The #RRGGBB color shown while the picture loads.")),
                .optional("priority", .reference("priority")),
            ], "A picture inside a card: an image component without type."))

    static let priority = SchemaDefinition(
        "priority",
        .choice(Component.Image.Priority.self, default: .normal))
}
