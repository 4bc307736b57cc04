import FlowAssets
import ScreenModel
import Testing

struct ImagePlanTests {
    typealias Layer = Component.Onboarding.Layer

    static func layer(_ image: String) -> Layer { Layer(image: image, position: .init(x: 0.5, y: 0.5), depth: 0) }

    static let screen = Screen(
        park: "GRTE", flow: "onboarding", title: "Welcome",
        sections: [
            .image(.init(url: "later.png", alt: "", priority: .low)),
            .image(.init(url: "below.png", alt: "")),
            .onboarding(
                .init(pages: [
                    .init(title: "1", body: "", background: [layer("sky.svg"), layer("range.svg")]),
                    .init(title: "2", body: "", background: [layer("dusk.svg"), layer("range.svg")], action: .go("home")),
                ])),
            .card(.init(title: "Card", image: .init(url: "hero.png", alt: "", priority: .high))),
            .carousel(.init(cards: [.init(title: "A", image: .init(url: "a.png", alt: "")), .init(title: "B", image: .init(url: "sky.svg", alt: ""))])),
        ])

    @Test func onScreenFirstThenTheRestThenLowThenTheNextScreen() {
        let next = Screen(
            park: "GRTE", flow: "home", title: "Home",
            sections: [
                .image(.init(url: "home.png", alt: "")), .image(.init(url: "a.png", alt: "")),
            ])
        let plan = ImagePlan(screen: Self.screen, next: [next])
        #expect(
            plan.items.map(\.reference) == [
                "sky.svg", "range.svg", "hero.png",  // page 1's layers back to front, then a high image, in reading order
                "below.png", "dusk.svg", "a.png",  // normal images and page 2's new layer, in reading order
                "later.png",  // low
                "home.png",  // the next screen's, a.png already planned
            ])
        #expect(plan.items.map(\.stage) == [.onScreen, .onScreen, .onScreen, .screen, .screen, .screen, .later, .next])
        #expect(plan.items.map(\.rank) == Array(1...8))
        #expect(plan.items[0].path == "sections[3].pages[1].background[1].image")
        #expect(plan.items[7].flow == "home")
        #expect(plan.items[2].path == "sections[4].image.url")
    }

    @Test func aScreenWithoutPicturesPlansNothing() {
        #expect(ImagePlan(screen: Screen(park: "GOGA", flow: "x", title: "x", sections: [.text(.init("hi"))])).items.isEmpty)
    }
}
