import Testing
import ScreenModel

@Suite struct ScreenActionsTests {
    private let screen = Screen(
        park: "GOGA", flow: "home", title: "Golden Gate",
        sections: [
            .button(.init("Website", action: .url("https://www.nps.gov/goga/"))),
            .list(
                .init(items: [
                    .init(title: "Fort Point", action: .go("site", args: ["id": "fort-point"], id: "2")),
                    .init(title: "No action"),
                    .init(title: "Lands End", action: .go("site", args: ["id": "lands-end"])),
                ])),
            .card(.init(title: "Ferry", action: .url("https://www.alcatrazcruises.com/", id: "ferry"))),
            .carousel(.init(cards: [.init(title: "Trails", action: .go("sites"))])),
            .onboarding(
                .init(pages: [
                    .init(title: "One", body: ""),
                    .init(title: "Two", body: "", action: .go("home", id: "4")),
                    .init(title: "Three", body: "", action: .go("home")),
                ])),
        ])

    @Test func listsEveryActionWithItsPathInDocumentOrder() {
        #expect(
            screen.actions.map(\.path) == [
                "sections[1].action",
                "sections[2].items[1].action",
                "sections[2].items[3].action",
                "sections[3].action",
                "sections[4].cards[1].action",
                "sections[5].pages[2].action",
                "sections[5].pages[3].action",
            ])
        #expect(screen.actions.map(\.action.id) == [nil, "2", nil, "ferry", nil, "4", nil])
    }

    @Test func numbersActionsSkippingIDsTheFlowChose() {
        let numbered = screen.assigningActionIDs()
        #expect(numbered.actions.map(\.action.id) == ["1", "2", "3", "ferry", "5", "4", "6"])
        #expect(numbered.assigningActionIDs() == numbered)
        #expect(ScreenValidator().validate(numbered) == [])
    }

    @Test func findsAnActionByID() {
        let numbered = screen.assigningActionIDs()
        #expect(numbered.action(withID: "3")?.action.target == .go(flow: "site", args: ["id": "lands-end"]))
        #expect(numbered.action(withID: "ferry")?.path == "sections[3].action")
        #expect(numbered.action(withID: "99") == nil)
    }
}
