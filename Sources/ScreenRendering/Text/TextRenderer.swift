public import ScreenModel

/// Renders a screen for people in a terminal: plain text wrapped at word boundaries,
/// with every action shown inline as `[ID] label → target` so it can be followed
/// with `flowrun --follow ID`.
///
/// ```
/// Golden Gate National Recreation Area
/// ════════════════════════════════════
/// Where the city meets the Pacific
///
/// ▶ [1] Plan your visit → go plan
/// ```
///
/// Actions without an id are numbered first (ScreenModel's `Screen.assigningActionIDs()`), so
/// the numbers shown are the ones `--follow` accepts.
public struct TextRenderer: ScreenRenderer {
    /// How the text looks.
    public struct Options: Hashable, Sendable {
        /// Columns to wrap at (default 72; at least 24 is used).
        public var width: Int
        /// Whether to style titles, headings, notices and action ids with ANSI
        /// escapes (default `false`: plain text).
        public var colors: Bool

        /// Creates options.
        /// - Parameters:
        ///   - width: columns to wrap at (default 72).
        ///   - colors: whether to emit ANSI styles (default `false`).
        public init(width: Int = 72, colors: Bool = false) {
            self.width = width
            self.colors = colors
        }
    }

    /// The smallest width used, whatever ``Options/width`` says.
    static let minimumWidth = 24

    /// How the text looks (default ``Options/init(width:colors:)`` with its defaults).
    public var options: Options

    /// Creates a text renderer.
    /// - Parameter options: width and colors (default: 72 columns, no colors).
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The screen as text, one trailing newline, no trailing spaces.
    /// - Parameter screen: the screen to lay out; actions without an id are numbered first.
    public func render(_ screen: Screen) -> String {
        let screen = screen.assigningActionIDs()
        let layout = TextLayout(paint: TextPaint(enabled: options.colors))
        let width = max(options.width, Self.minimumWidth)
        var lines = layout.heading(screen.title, rule: "═", width: width)
        if let subtitle = screen.subtitle {
            lines += TextWrap.lines(subtitle, width: width).map(layout.paint.dim)
        }
        var previous: Component?
        for section in screen.sections {
            if TextLayout.needsBlankLine(between: previous, and: section) { lines.append("") }
            lines += layout.section(section, width: width)
            previous = section
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
