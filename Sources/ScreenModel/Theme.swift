/// A park's colors, carried by every screen so an app paints it as the park asks:
/// `{"primary": "#2E5E4E", "accent": "#E0A526", "background": "#F7F4EC"}` (`theme` in
/// parks/defaults.lua and park.lua).
public struct Theme: Hashable, Sendable, Codable {
    /// Titles, buttons, the park's own marks.
    public var primary: String
    /// Highlights and secondary actions.
    public var accent: String
    /// Behind the sections.
    public var background: String

    /// A theme from three `#RRGGBB` colors.
    public init(primary: String, accent: String, background: String) {
        self.primary = primary
        self.accent = accent
        self.background = background
    }
}

extension Theme {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case primary, accent, background
    }

    /// Decodes the three colors; any other key is an error, as everywhere in a screen.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "theme")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        primary = try c.decode(String.self, forKey: .primary)
        accent = try c.decode(String.self, forKey: .accent)
        background = try c.decode(String.self, forKey: .background)
    }
}

extension Theme: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        for (name, color) in [("primary", primary), ("accent", accent), ("background", background)] {
            check.checkPlaceholder(color, at: "\(path()).\(name)")
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {}
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let theme = SchemaDefinition(
        "theme",
        .object(
            [
                .required("primary", .reference("color")),
                .required("accent", .reference("color")),
                .required("background", .reference("color")),
            ], "The park's colors (park.lua's theme); every screen flowrun prints carries them."))

    static let color = SchemaDefinition(
        "color",
        .string(pattern: "^#[0-9A-Fa-f]{6}$", example: "#2E5E4E", "A color as #RRGGBB."))
}
