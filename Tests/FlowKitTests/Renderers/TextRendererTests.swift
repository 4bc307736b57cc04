import Testing
import FlowKit
import ScreenModel

@Suite struct TextRendererTests {
    private func render(_ sections: [Component], options: TextRenderer.Options = .init()) -> String {
        TextRenderer(options: options).render(Screen(park: "GOGA", flow: "home", title: "Golden Gate", sections: sections))
    }

    @Test(arguments: [24, 40, 72, 100])
    func linesFitTheWidthAndHaveNoTrailingSpaces(width: Int) {
        for (name, screen) in GoldenScreens.all {
            let text = TextRenderer(options: .init(width: width)).render(screen)
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(name)")
            for line in text.split(separator: "\n") {
                #expect(!line.hasSuffix(" "), "\(name): '\(line)'")
                // Only an unbreakable word (a URL, `call <number>`) or a layer row may overflow.
                if line.count > width {
                    let words = line.split(separator: " ").filter { !["│", "•", "▶", "▷", "└", "┌"].contains($0) }
                    let unbreakable = words.count == 1 || line.trimmingPrefix(while: { $0 == " " }).hasPrefix("call ")
                    #expect(unbreakable || line.contains("depth"), "\(name) at \(width): '\(line)'")
                }
            }
        }
    }

    @Test func wrapsAtWordBoundaries() {
        let text = render([.text(.init("one two three four five six seven eight nine ten"))], options: .init(width: 24))
        #expect(text.hasSuffix("one two three four five\nsix seven eight nine ten\n"))
    }

    @Test func keepsParagraphBreaks() {
        let text = render([.text(.init("First paragraph.\n\nSecond paragraph."))])
        #expect(text.hasSuffix("First paragraph.\n\nSecond paragraph.\n"))
    }

    @Test func numbersActionsTheFlowLeftWithoutIDs() {
        let text = render([
            .button(.init("A", action: .go("a"))),
            .button(.init("B", action: .go("b", id: "1"))),
        ])
        #expect(text.contains("▶ [2] A → go a\n▶ [1] B → go b\n"))
    }

    @Test func formatsTargetsForTheCommandLine() {
        let sections: [Component] = [
            .button(.init("Go", action: .go("sites", args: ["z": "last", "category": "viewpoint", "name": "Fort Point", "q": #"say "hi""#, "e": ""]))),
            .button(.init("Web", action: .url("https://www.nps.gov/goga/"))),
            .button(.init("Call", style: .secondary, action: .call("+1 415-561-4700"))),
        ]
        let wide = render(sections, options: .init(width: 120))
        #expect(wide.contains(#"[1] Go → go sites category=viewpoint e="" name="Fort Point" q="say \"hi\"" z=last"#))
        // Narrow, the target breaks between arguments only.
        let narrow = render(sections, options: .init(width: 30))
        let lines = narrow.split(separator: "\n")
        #expect(lines.contains(#"      name="Fort Point""#))
        #expect(lines.contains(#"      q="say \"hi\"" z=last"#))
        let text = render(sections)
        #expect(text.contains("▶ [2] Web → https://www.nps.gov/goga/\n"))
        #expect(text.contains("▷ [3] Call → call +1 415-561-4700\n"))
    }

    @Test func colorsOnlyWhenAsked() {
        let sections: [Component] = [
            .text(.init("Heads up", style: .notice)),
            .button(.init("Go", action: .go("sites"))),
        ]
        #expect(!render(sections).contains("\u{1B}["))
        let colored = render(sections, options: .init(colors: true))
        #expect(colored.contains("\u{1B}[33m! Heads up\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[1;36m[1]\u{1B}[0m Go → go sites"))
    }

    @Test func rendersInvalidScreensWithoutTrapping() {
        let text = render([
            .onboarding(.init(pages: [])),
            .onboarding(.init(pages: [.init(title: "", body: "", background: [
                .init(image: "", position: .init(x: .nan, y: -.infinity), depth: 1e300),
            ])])),
            .carousel(.init()),
            .list(.init()),
            .text(.init("")),
            .card(.init(title: "")),
        ], options: .init(width: 0))
        #expect(text.contains("x nan  y -inf  depth 1e+300"))
        #expect(text.contains("∅ (no items)"))
    }

    @Test func listDetailGoesBelowWhenTheTitleIsTooLong() {
        let title = String(repeating: "Redwood ", count: 8) + "Grove"
        let text = render([.list(.init(items: [.init(title: title, detail: "12 mi")]))], options: .init(width: 40))
        #expect(text.contains("\n  12 mi\n") || text.contains("  12 mi\n"))
    }
}
