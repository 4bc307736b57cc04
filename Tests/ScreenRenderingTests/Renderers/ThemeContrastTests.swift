import ScreenModel
import Testing
@testable import ScreenRendering

/// A theme's text reads on its colours as the HTML pages draw them, by WCAG 2's contrast.
@Suite struct ThemeContrastTests {
    static let defaults = Theme(primary: "#2E5E4E", accent: "#E0A526", background: "#F7F4EC")

    @Test func theRatioIsWCAGs() {
        #expect(ThemeContrast.ratio("#000000", "#FFFFFF") == 21)
        #expect(ThemeContrast.ratio("#FFFFFF", "#FFFFFF") == 1)
        // WCAG's own example pair: #777777 on white is 4.48:1, just below AA.
        let grey = ThemeContrast.ratio("#777777", "#FFFFFF") ?? 0
        #expect(grey > 4.47 && grey < 4.49)
        #expect(ThemeContrast.ratio("red", "#FFFFFF") == nil)
    }

    @Test func theDefaultThemeReads() {
        #expect(ThemeContrast.problems(Self.defaults).isEmpty)
    }

    @Test func aLightPrimaryFailsForHeadingsOnTheBackground() {
        var theme = Self.defaults
        theme.primary = "#9CC5A1"
        let problems = ThemeContrast.problems(theme)
        #expect(problems.map(\.setting) == ["theme.primary"])
        #expect(
            problems.first?.message
                == "headings, links and secondary buttons (primary) on the background has a contrast of 1.7:1, below the 4.5:1 WCAG AA asks of text (#9CC5A1 on #F7F4EC)"
        )
    }

    /// A mid grey is too dark for dark text and too light for white: nothing reads on it.
    @Test func aMidGreyAccentAndADarkBackgroundFail() {
        var theme = Self.defaults
        theme.accent = "#777777"
        theme.background = "#444444"
        let settings = ThemeContrast.problems(theme).map(\.setting)
        #expect(settings.contains("theme.accent"))
        #expect(settings.filter { $0 == "theme.background" }.count == 2, "body text and captions: \(settings)")
    }
}
