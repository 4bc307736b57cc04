import ScreenSamples
import Testing
import ScreenRendering
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
                // Only an unbreakable word (a URL, `call <number>`, a directions position) or a layer row may overflow.
                if line.count > width {
                    let words = line.split(separator: " ").filter { !["│", "•", "▶", "▷", "└", "┌"].contains($0) }
                    let start = line.trimmingPrefix(while: { $0 == " " })
                    let unbreakable = words.count == 1 || start.hasPrefix("call ") || (start.hasPrefix("(") && start.hasSuffix(")"))
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
        let text = render(
            [
                .onboarding(.init(pages: [])),
                .onboarding(
                    .init(pages: [
                        .init(
                            title: "", body: "",
                            background: [
                                .init(image: "", position: .init(x: .nan, y: -.infinity), depth: 1e300)
                            ])
                    ])),
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

    // MARK: - Maps

    @Test func mapListsClustersThenPinsWithTheirActions() {
        let map = Component.Map(
            camera: .init(center: .init(latitude: 37.80, longitude: -122.46), zoom: 12),
            bbox: .init(west: -122.5436, south: 37.7536, east: -122.3764, north: 37.8463),
            size: .init(width: 390, height: 844),
            annotations: [
                .pin(
                    .init(
                        id: "nps-poi:goga:0001", coordinate: .init(latitude: 37.8105, longitude: -122.4770), title: "Fort Point",
                        category: "historic", action: .go("sites", args: ["id": "nps-poi:goga:0001"]))),
                .cluster(
                    .init(
                        id: "c-12-3", coordinate: .init(latitude: 37.8012, longitude: -122.4611), count: 57, expansionZoom: 14,
                        categories: [.init("historic", count: 30), .init("viewpoint", count: 27)],
                        action: .go("map", args: ["center": "37.8012,-122.4611", "zoom": "14"], label: "Zoom in"))),
            ]
        )
        #expect(
            render([.map(map)]).hasSuffix(
                """

                Map · zoom 12 · 390×844 pt · 37.7536,-122.5436 → 37.8463,-122.3764
                ◉ 57 sites · historic 30, viewpoint 27 · splits at zoom 14
                  [2] Zoom in → go map center=37.8012,-122.4611 zoom=14
                • Fort Point · historic · 37.8105, -122.4770
                  [1] → go sites id=nps-poi:goga:0001

                """))
    }

    @Test func mapListsTheVisitorsLayersAfterTheSites() {
        let fort = Component.Coordinate(latitude: 37.8105, longitude: -122.4770)
        let map = Component.Map(
            camera: .init(center: fort, zoom: 16), bbox: .init(west: -122.48, south: 37.80, east: -122.47, north: 37.82),
            size: .init(width: 390, height: 844),
            annotations: [
                .pin(
                    .init(
                        id: "pin:4", coordinate: .init(latitude: 37.809, longitude: -122.4752), title: "Picnic spot",
                        action: .go("pins", args: ["id": "4"]), layer: .own)),
                .pin(.init(id: "favorite:nps-poi:goga:0001", coordinate: fort, title: "Fort Point", category: "historic", layer: .favorites)),
                .pin(.init(id: "nps-poi:goga:0001", coordinate: fort, title: "Fort Point", category: "historic")),
            ]
        )
        #expect(
            render([.map(map)]).hasSuffix(
                """
                • Fort Point · historic · 37.8105, -122.4770
                ★ Fort Point · favorite · historic · 37.8105, -122.4770
                ◆ Picnic spot · your pin · 37.8090, -122.4752
                  [1] → go pins id=4

                """))
    }

    @Test func mapWithoutAnnotationsSaysSo() {
        let map = Component.Map(
            camera: .init(center: .init(latitude: 44.6, longitude: -110.5), zoom: 9.25),
            bbox: .init(west: -111.2, south: 44.1, east: -109.8, north: 45.1), size: .init(width: 1024.5, height: 768)
        )
        let text = render([.map(map)], options: .init(width: 40))
        #expect(
            text.contains(
                """
                Map · zoom 9.25 · 1024.5×768 pt ·
                44.1000,-111.2000 → 45.1000,-109.8000
                ∅ No sites in this view.
                """))
    }

    @Test func brokenMapNumbersRenderWithoutTrapping() {
        let map = Component.Map(
            camera: .init(center: .init(latitude: .nan, longitude: 0), zoom: .infinity),
            bbox: .init(west: 1e300, south: -.infinity, east: .nan, north: 0), size: .init(width: -1, height: .nan),
            annotations: [
                .cluster(
                    .init(
                        id: "", coordinate: .init(latitude: 0, longitude: 0), count: Int.min, expansionZoom: Int.max,
                        categories: [.init("", count: -1)])),
                .pin(.init(id: "", coordinate: .init(latitude: .nan, longitude: -.infinity), title: "")),
            ]
        )
        let text = render([.map(map)], options: .init(width: 0))
        #expect(text.contains("zoom inf"))
        #expect(text.contains("nan, -inf"))
    }
}
