extension Component.Onboarding {
    /// A point on the page in unit coordinates: `{"x": 0.5, "y": 0}`, where (0, 0) is
    /// the top-left corner and (1, 1) the bottom-right.
    public struct Position: Hashable, Sendable, Codable {
        /// From the left edge (0) to the right edge (1).
        public var x: Double
        /// From the top edge (0) to the bottom edge (1).
        public var y: Double

        /// Creates a position; both coordinates must be within 0...1.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case x, y
        }

        /// Decodes `x` and `y` from any Decoder.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "position")
            let c = try decoder.container(keyedBy: CodingKeys.self)
            x = try c.decode(Double.self, forKey: .x)
            y = try c.decode(Double.self, forKey: .y)
        }
    }

    /// One background picture of a page: `{"image": "…", "position": {"x": 0.5, "y": 1},
    /// "depth": 0.4, "placeholder": "#2E4A3F"}`.
    public struct Layer: Hashable, Sendable {
        /// Where the picture is; must not be empty.
        public var image: String
        /// Where the picture's center sits on the page.
        public var position: Position
        /// Parallax, within 0...1: 0 stays fixed (far away), 1 moves with the finger.
        public var depth: Double
        /// A `#RRGGBB` color shown while the picture loads (default `nil`).
        public var placeholder: String?

        /// Creates a layer.
        /// - Parameters:
        ///   - image: where the picture is.
        ///   - position: where its center sits.
        ///   - depth: parallax within 0...1.
        ///   - placeholder: a `#RRGGBB` color shown while loading (default `nil`).
        public init(image: String, position: Position, depth: Double, placeholder: String? = nil) {
            self.image = image
            self.position = position
            self.depth = depth
            self.placeholder = placeholder
        }
    }
}

extension Component.Onboarding.Layer: Codable, ScreenNode {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case image, position, depth, placeholder
    }

    /// Decodes a layer from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "background layer")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        image = try c.decode(String.self, forKey: .image)
        position = try c.decode(Component.Onboarding.Position.self, forKey: .position)
        depth = try c.decode(Double.self, forKey: .depth)
        placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
    }

    /// Encodes the layer's fields, omitting a nil placeholder.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(image, forKey: .image)
        try c.encode(position, forKey: .position)
        try c.encode(depth, forKey: .depth)
        try c.encodeIfPresent(placeholder, forKey: .placeholder)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(image, at: "\(path()).image")
        check.checkUnitInterval(position.x, at: "\(path()).position.x")
        check.checkUnitInterval(position.y, at: "\(path()).position.y")
        check.checkUnitInterval(depth, at: "\(path()).depth")
        check.checkPlaceholder(placeholder, at: "\(path()).placeholder")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let layer = SchemaDefinition(
        "layer",
        .object(
            [
                .required(
                    "image",
                    .string(
                        minLength: 1,
                        "A picture: a path inside the park's assets/ folder (onboarding/sky.svg is parks/<CODE>/assets/onboarding/sky.svg) or a full https:// URL; flowrun check verifies it. Layers are drawn over the whole page, back to front."
                    )),
                .required("position", .reference("position")),
                .required("depth", .reference("unit", "Parallax: 0 stays fixed (far), 1 moves with the finger.")),
                .optional("placeholder", .reference("color", "The #RRGGBB color shown while the picture loads.")),
            ],
            "One picture of an onboarding page's background, moved by parallax: drawn over the whole page with its center at position (a full-page layer sits at x = 0.5, y = 0.5), transparent where the layers behind show."
        ))

    static let position = SchemaDefinition(
        "position",
        .object(
            [
                .required("x", .reference("unit")),
                .required("y", .reference("unit")),
            ], "Where a layer's center sits: (0, 0) top-left, (1, 1) bottom-right."))

    static let unit = SchemaDefinition(
        "unit",
        .number(minimum: 0, maximum: 1))
}
