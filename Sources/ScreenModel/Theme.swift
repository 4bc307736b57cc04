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

extension Theme: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        for (name, color) in [("primary", primary), ("accent", accent), ("background", background)] {
            check.checkPlaceholder(color, at: "\(path()).\(name)")
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {}
}
