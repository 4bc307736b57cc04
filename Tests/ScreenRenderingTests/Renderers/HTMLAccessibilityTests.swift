import Foundation
import ScreenModel
import ScreenSamples
import Testing

@testable import ScreenRendering

/// What the HTML renderer gives a screen reader and a keyboard: landmarks, headings that
/// never skip a level, a name for every picture (or none, on purpose, for decoration), and no
/// focus order of its own.
@Suite struct HTMLAccessibilityTests {
    static func html(_ screen: Screen) -> String { HTMLRenderer().render(screen) }

    /// The heading levels of `html`, in document order.
    static func headingLevels(_ html: String) -> [Int] {
        html.components(separatedBy: "<h").dropFirst().compactMap { rest in
            guard let digit = rest.first, let level = Int(String(digit)), rest.dropFirst().first == " " || rest.dropFirst().first == ">" else { return nil }
            return level
        }
    }

    @Test(arguments: GoldenScreens.all.map(\.name))
    func everyGoldenScreenHasLandmarksAndHeadingsInOrder(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen).assigningActionIDs()
        let html = Self.html(screen)
        #expect(html.contains("<header class=\"bar\">\n        <h1>"))
        #expect(html.contains("<main class=\"screen\" tabindex=\"0\">"))
        let levels = Self.headingLevels(html)
        #expect(levels.first == 1 && levels.filter { $0 == 1 }.count == 1, "one h1, the screen's title: \(levels)")
        for (before, after) in zip(levels, levels.dropFirst()) {
            #expect(after <= before + 1, "\(name): h\(before) then h\(after)")
        }
        #expect(html.range(of: #"tabindex="[1-9]"#, options: .regularExpression) == nil, "no focus order of its own")
    }

    @Test func aSectionThatComesFirstStillFollowsTheTitle() {
        let screen = Screen(
            park: "GOGA", flow: "sites", title: "Fort Point",
            sections: [
                .card(.init(title: "A card alone")),
                .carousel(.init(cards: [.init(title: "Untitled carousel's card")])),
                .carousel(.init(title: "Nearby", cards: [.init(title: "Titled carousel's card")])),
            ])
        let html = Self.html(screen)
        #expect(html.contains("<h2 class=\"card-title\">A card alone</h2>"))
        #expect(html.contains("<h2 class=\"card-title\">Untitled carousel&apos;s card</h2>"))
        #expect(html.contains("<h2 class=\"section-title\">Nearby</h2>"))
        #expect(html.contains("<h3 class=\"card-title\">Titled carousel&apos;s card</h3>"))
    }

    @Test func aPictureIsNamedByItsAltAndADecorativeOneIsHidden() {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "Golden Gate",
            sections: [
                .image(.init(url: "https://www.nps.gov/goga/bridge.jpg", alt: "The bridge in fog")),
                .image(.init(url: "https://www.nps.gov/goga/texture.jpg", alt: "")),
            ])
        let html = Self.html(screen)
        #expect(html.contains("class=\"image image-normal\" role=\"img\" aria-label=\"The bridge in fog\""))
        #expect(html.contains("class=\"image image-normal\" aria-hidden=\"true\" style="))
        #expect(!html.contains("aria-label=\"\""), "no empty name")
    }

    @Test(arguments: ["goga-map", "goga-ar", "goga-timeline"])
    func aPictureDrawnFromDataIsOneImageNamedByWhatItShows(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        let html = Self.html(screen)
        let component = try #require(screen.sections.first { ["map", "ar", "timeline"].contains($0.type) })
        let text = try #require(PictureDescription.text(of: component, on: screen))
        #expect(html.contains("role=\"img\" aria-label=\"\(SVGMarkup.escape(text))\""))
    }
}
