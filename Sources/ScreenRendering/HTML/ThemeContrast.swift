public import ScreenModel

/// Whether a park's theme reads as the HTML renderer draws it: every pair of text and the
/// colour behind it in the style sheet (``HTMLStyle``), against WCAG 2's AA contrast for
/// text, 4.5:1. `flowrun check` reports a theme that fails, at its park.lua line.
public enum ThemeContrast {
    /// WCAG 2 AA for text of ordinary size.
    public static let minimumRatio = 4.5

    /// One pair of colours that does not read.
    public struct Problem: Equatable, Sendable {
        /// The setting to change (`theme.primary`).
        public var setting: String
        /// What fails, with the ratio found and the one needed.
        public var message: String
    }

    /// The pairs of `theme` below ``minimumRatio``, in the order the style sheet draws them.
    public static func problems(_ theme: Theme) -> [Problem] {
        let pairs: [(setting: String, text: String, background: String, what: String)] = [
            ("theme.primary", theme.primary, theme.background, "headings, links and secondary buttons (primary) on the background"),
            ("theme.primary", HTMLStyle.textColor(on: theme.primary), theme.primary, "the title bar's and primary buttons' text on primary"),
            ("theme.accent", HTMLStyle.textColor(on: theme.accent), theme.accent, "badges' text on accent"),
            ("theme.background", HTMLStyle.ink, theme.background, "body text (\(HTMLStyle.ink)) on the background"),
            ("theme.background", HTMLStyle.muted, theme.background, "captions (\(HTMLStyle.muted)) on the background"),
        ]
        return pairs.compactMap { pair in
            guard let ratio = ratio(pair.text, pair.background), ratio < minimumRatio else { return nil }
            return Problem(
                setting: pair.setting,
                message: "\(pair.what) has a contrast of \(format(ratio)):1, below the \(format(minimumRatio)):1 WCAG AA asks of text "
                    + "(\(pair.text) on \(pair.background))")
        }
    }

    /// The WCAG 2 contrast ratio of two `#RRGGBB` colours, 1 to 21; nil for anything else.
    public static func ratio(_ a: String, _ b: String) -> Double? {
        guard let la = HTMLStyle.luminance(a), let lb = HTMLStyle.luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// A ratio as people read it: one decimal, rounded down (4.49 is not 4.5).
    private static func format(_ ratio: Double) -> String {
        let tenths = Int((ratio * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }
}
