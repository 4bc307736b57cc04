import Testing
import ScreenRendering
import ScreenModel

@Suite struct JSONRendererTests {
    @Test func endsWithOneNewlineAndKeepsSlashes() {
        let screen = Screen(park: "GOGA", flow: "home", title: "T", sections: [.button(.init("W", action: .url("https://www.nps.gov/goga/")))])
        let json = JSONRenderer().render(screen)
        #expect(json.hasSuffix("}\n"))
        #expect(json.contains("https://www.nps.gov/goga/"))
        #expect(!json.contains(#"\/"#))
    }

    @Test func writesEmptyContainersOnOneLine() {
        let json = JSONRenderer().render(Screen(park: "GOGA", flow: "home", title: "T"))
        #expect(json.contains(#""sections" : []"#))
    }

    @Test func nonFiniteNumbersDoNotAbortRendering() {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "T",
            sections: [
                .onboarding(.init(pages: [.init(title: "P", body: "", background: [.init(image: "a", position: .init(x: .nan, y: 0), depth: .infinity)])]))
            ])
        let json = JSONRenderer().render(screen)
        #expect(json.contains(#""x" : "NaN""#))
    }
}
