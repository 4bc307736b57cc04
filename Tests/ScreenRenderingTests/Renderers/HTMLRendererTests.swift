import ScreenSamples
import Foundation
import Testing
import ScreenModel
@testable import ScreenRendering

/// `HTMLRenderer` draws a screen as a phone would show it, as one self-contained document.
/// What a screen holds is data: nothing in it reaches the page as markup, style or script.
@Suite struct HTMLRendererTests {
    static func html(_ screen: Screen) -> String { HTMLRenderer().render(screen) }

    @Test(arguments: GoldenScreens.all.map(\.name))
    func everyGoldenScreenIsACompleteDocument(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen).assigningActionIDs()
        let html = Self.html(screen)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(html.contains("<div class=\"phone\" data-park=\"\(screen.park)\" data-flow=\"\(screen.flow)\">"))
        #expect(!html.contains("<script"), "no script of its own")
        // In HTML `<div/>` opens a div and swallows what follows: every div is closed.
        #expect(html.components(separatedBy: "<div").count == html.components(separatedBy: "</div>").count)
        #expect(html == Self.html(screen), "the same bytes every time")
    }

    @Test func eachComponentKindHasItsPlace() throws {
        let all = GoldenScreens.all.map { Self.html($0.screen) }.joined()
        for mark in [
            "class=\"image image-high\"", "class=\"text-body\"", "class=\"card\"", "class=\"list\"", "class=\"carousel\"",
            "class=\"button-row\"", "class=\"onboarding\"", "class=\"layer\"", "class=\"picture picture-map\"",
            "class=\"picture picture-timeline\"", "class=\"picture picture-ar\"", "<svg", "class=\"badge\"",
        ] {
            #expect(all.contains(mark), "\(mark)")
        }
    }

    /// A timeline reads in a phone: its map a square as wide as the screen, then its facts
    /// and every entry as text, with the park's clock, what happened and where.
    @Test func aTimelineIsAMapAboveItsEntriesAsText() throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == "goga-timeline" }?.screen)
        let html = Self.html(screen)
        #expect(html.contains("<figure class=\"picture picture-timeline\" role=\"img\" aria-label=\"Map of Geofence replay"))
        #expect(html.contains("viewBox=\"0 0 390 430\""), "the map alone, square with its scale bar's strip, no sidebar beside it")
        #expect(html.contains("<h2 class=\"section-title\">Geofence replay · Crissy Field to the bridge</h2>"))
        #expect(html.contains("<dt>missed enters</dt>") && html.contains("<dd>1 (Torpedo Wharf)</dd>"))
        #expect(html.contains("<h3 class=\"timeline-count\">18 entries</h3>"), "under the timeline's own heading")
        #expect(html.components(separatedBy: "<li class=\"entry ").count == 19)
        // 212 s after the start, at the park's clock, with the region's name.
        let entry = try #require(html.components(separatedBy: "<li class=\"entry entry-enter\">").dropFirst().first)
        #expect(entry.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<time class=\"entry-time\">"))
        #expect(entry.contains("<span class=\"entry-title\">Crissy Field</span>"))
        #expect(entry.contains("<span class=\"entry-detail\">enter · Crissy Field · 18 m inside, accuracy 6 m</span>"))
    }

    @Test func textIsEscapedNeverMarkup() {
        let screen = Screen(
            park: "GOGA", flow: "x", title: "<script>alert(1)</script>", subtitle: "a & b",
            sections: [
                .text(.init("<img src=x onerror=alert(1)> \"quoted\"")),
                .list(.init(title: "</ul>", items: [.init(title: "<b>bold</b>")])),
            ])
        let html = Self.html(screen)
        #expect(!html.contains("<script>") && !html.contains("<img") && !html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("a &amp; b"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;"))
    }

    @Test func onlyWebAddressesBecomeLinksOrPictures() {
        let screen = Screen(
            park: "GOGA", flow: "x", title: "t",
            sections: [
                .button(.init("Evil", action: Action(.url("javascript:alert(1)")))),
                .button(.init("Site", action: Action(.url("https://www.nps.gov/goga/")))),
                .button(.init("Call", action: Action(.call(phone: "+1 (415) 561-4700")))),
                .image(.init(url: "https://example.org/a\") ; background: red; (\"", alt: "x")),
                .image(.init(url: "javascript:alert(1)", alt: "y")),
            ])
        let html = Self.html(screen)
        #expect(!html.contains("javascript:alert(1)\""), "no javascript: link")
        #expect(html.contains("href=\"https://www.nps.gov/goga/\""))
        #expect(html.contains("href=\"tel:+14155614700\""))
        // The quote and parentheses that would end url("…") are escaped for CSS, then for the attribute.
        #expect(html.contains("url(&quot;https://example.org/a\\&quot;\\) ; background: red; \\(\\&quot;&quot;)"))
        #expect(html.contains("url(&quot;&quot;)"))
    }

    @Test func goActionsCarryTheirFlowAndArgsForThePreview() {
        let screen = Screen(
            park: "GOGA", flow: "x", title: "t",
            sections: [
                .button(.init("Zoom in", action: Action(.go(flow: "map", args: ["center": "37.8,-122.4", "zoom": "14"]), id: "3")))
            ])
        #expect(Self.html(screen).contains(##"data-kind="go" data-action="3" href="#map" data-flow="map" data-args="center=37.8%2C-122.4&amp;zoom=14""##))
    }

    @Test func directionsAreAGeoLinkWithThePlaceForThePreview() {
        let place = Action.Destination(latitude: 37.81058, longitude: -122.477, name: "Fort <Point>", address: "Marine Dr, San Francisco, CA")
        let screen = Screen(
            park: "GOGA", flow: "x", title: "t",
            sections: [
                .button(.init("Directions", action: Action(.directions(place), id: "2")))
            ])
        #expect(
            Self.html(screen).contains(
                ##"data-kind="directions" data-action="2" href="geo:37.81058,-122.47700" "##
                    + ##"data-directions="Fort &lt;Point&gt;, Marine Dr, San Francisco, CA (37.81058, -122.47700)""##))
    }

    @Test func theParksThemePaintsTheFrameAndABadColourFallsBack() {
        var screen = Screen(park: "GOGA", flow: "x", title: "t", theme: Theme(primary: "#C0362C", accent: "#F2A900", background: "#FBF7F0"))
        #expect(Self.html(screen).contains(":root { --primary: #C0362C; --accent: #F2A900; --paper: #FBF7F0;"))
        screen.theme = Theme(primary: "red; } body { display: none", accent: "#F2A900", background: "#FBF7F0")
        let html = Self.html(screen)
        #expect(html.contains(":root { --primary: #2E5E4E; --accent: #F2A900;") && !html.contains("display: none"))
    }

    /// Text on the theme's colours (badges on the accent, the bar on the primary) is white
    /// or near-black, whichever contrasts more: dark text on Golden Gate's bay blue did not read.
    @Test func textOnAThemeColourIsWhiteOrDarkByContrast() {
        #expect(HTMLStyle.textColor(on: "#1F4E79") == "#FFFFFF")  // GOGA's bay blue
        #expect(HTMLStyle.textColor(on: "#F2A900") == "#1F1A0E")  // a golden yellow
        #expect(HTMLStyle.textColor(on: "#FFFFFF") == "#1F1A0E")
        #expect(HTMLStyle.textColor(on: "#000000") == "#FFFFFF")
        let screen = Screen(park: "GOGA", flow: "x", title: "t", theme: Theme(primary: "#C0362C", accent: "#1F4E79", background: "#FBF7F0"))
        #expect(Self.html(screen).contains("--on-primary: #FFFFFF; --on-accent: #FFFFFF; }"))
    }

    @Test func theFrameSizeIsTheRenderers() {
        let html = HTMLRenderer(frame: .init(width: 360, height: 640)).render(Screen(park: "GOGA", flow: "x", title: "t"))
        #expect(html.contains(".phone { width: 360px; height: 640px;"))
    }

    @Test(arguments: 0..<4)
    func randomizedScreensRenderWithBalancedDivs(seed: UInt64) {
        var screens = RandomScreens(seed: seed)
        for _ in 0..<40 {
            let html = Self.html(screens.screen())
            #expect(html.hasSuffix("</html>\n"))
            #expect(html.components(separatedBy: "<div").count == html.components(separatedBy: "</div>").count)
        }
    }
}
