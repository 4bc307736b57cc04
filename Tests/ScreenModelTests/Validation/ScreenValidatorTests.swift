import Testing
import ScreenModel

@Suite struct ScreenValidatorTests {
    private func issues(_ sections: [Component], knownFlows: Set<String>? = nil) -> [String] {
        let screen = Screen(park: "GOGA", flow: "home", title: "Golden Gate", sections: sections)
        return ScreenValidator(knownFlows: knownFlows).validate(screen).map(\.description)
    }

    @Test func completeSampleIsValid() {
        #expect(ScreenValidator(knownFlows: ["favorites", "home", "map", "site", "sites"]).validate(Samples.complete) == [])
        // An act leads to a flow as a go does: an unknown one is named with its path.
        let unknown = ScreenValidator(knownFlows: ["home", "map", "site", "sites", "ar"]).validate(Samples.complete).map(\.description)
        #expect(unknown.count == 1 && unknown.first?.hasPrefix("sections[4].items[3].action.flow: unknown flow 'favorites'") == true)
    }

    @Test func themeColorsAreChecked() {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "Golden Gate",
            theme: Theme(primary: "red", accent: "#1F4E79", background: "#F7F4E"))
        #expect(
            ScreenValidator().validate(screen).map(\.description) == [
                "theme.primary: 'red' is not a color of the form #RRGGBB",
                "theme.background: '#F7F4E' is not a color of the form #RRGGBB",
            ])
    }

    @Test func screenFields() {
        let screen = Screen(park: "", flow: " ", title: "", schema: "flowrun/screen@2")
        #expect(
            ScreenValidator().validate(screen).map(\.description) == [
                "schema: expected 'flowrun/screen@1', got 'flowrun/screen@2'",
                "park: must not be empty",
                "flow: must not be empty",
                "title: must not be empty",
            ])
    }

    @Test func reportsEveryIssueInDocumentOrderWithPaths() {
        let found = issues([
            .text(.init("")),
            .list(
                .init(items: [
                    .init(title: "Fort Point", action: .url("ftp://nps.gov")),
                    .init(title: "", action: .call("555-12")),
                ])),
            .card(.init(title: "C", image: .init(url: "", alt: "a", placeholder: "blue"))),
        ])
        #expect(
            found == [
                "sections[1].text: must not be empty",
                "sections[2].items[1].action.url: 'ftp://nps.gov' is not an absolute http(s) URL (it must start with http:// or https://)",
                "sections[2].items[2].title: must not be empty",
                "sections[2].items[2].action.phone: '555-12' has 5 digits; a phone number needs 7–15 (or is an emergency number of 3 digits alone, such as 911)",
                "sections[3].image.url: must not be empty",
                "sections[3].image.placeholder: 'blue' is not a color of the form #RRGGBB",
            ])
    }

    @Test(arguments: [
        "https://www.nps.gov/goga/", "http://nps.gov", "https://example.com:8443/a?b=c#d",
        "https://user@host.org/x", "http://[::1]:8080/", "https://xn--bcher-kva.example",
    ])
    func acceptsHTTPURLs(url: String) {
        #expect(issues([.button(.init("B", action: .url(url)))]) == [])
    }

    @Test(arguments: [
        "", "nps.gov", "/relative", "https://", "https:///path", "mailto:ranger@nps.gov", "ftp://nps.gov",
        "https://nps .gov", "https://host:port/", "HTTPS://NPS.GOV", "https://:80/", "javascript:alert(1)",
    ])
    func rejectsOtherURLs(url: String) {
        let found = issues([.button(.init("B", action: .url(url)))])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("sections[1].action.url: ") == true)
    }

    @Test(arguments: ["+1 415-561-4700", "(307) 344-7311", "4155614700", "+44 20 7946 0958", "555.1234", "+123456789012345", "911", "112"])
    func acceptsPhoneNumbers(phone: String) {
        #expect(issues([.button(.init("B", action: .call(phone)))]) == [])
    }

    @Test func rejectsBadPhoneNumbers() {
        #expect(
            issues([.button(.init("B", action: .call("call 415")))]) == [
                "sections[1].action.phone: 'call 415' contains 'c'; a phone number holds only digits, spaces and + - ( ) ."
            ])
        #expect(
            issues([.button(.init("B", action: .call("+1234567890123456")))]) == [
                "sections[1].action.phone: '+1234567890123456' has 16 digits; a phone number needs 7–15 (or is an emergency number of 3 digits alone, such as 911)"
            ])
        #expect(issues([.button(.init("B", action: .call("１２３４５６７")))]).count == 1)
        // Three digits are an emergency number only as digits alone.
        #expect(issues([.button(.init("B", action: .call("+911")))]).count == 1)
        #expect(issues([.button(.init("B", action: .call("91")))]).count == 1)
    }

    @Test func goActionsNeedAKnownFlow() {
        let sections: [Component] = [
            .button(.init("A", action: .go(""))),
            .button(.init("B", action: .go("sitse"))),
            .button(.init("C", action: .go("zzz"))),
            .button(.init("D", action: .go("sites"))),
        ]
        #expect(issues(sections) == ["sections[1].action.flow: must not be empty"])
        #expect(
            issues(sections, knownFlows: ["home", "sites", "map"]) == [
                "sections[1].action.flow: must not be empty",
                "sections[2].action.flow: unknown flow 'sitse'; did you mean 'sites'?",
                "sections[3].action.flow: unknown flow 'zzz'; known flows: home, map, sites",
            ])
    }

    @Test func aGoToAnotherParkNamesAKnownParkAndLeavesItsFlowsToIt() {
        let sections: [Component] = [
            .button(.init("A", action: .go("home", park: "YELL"))),
            .button(.init("B", action: .go("geysers", park: "YELL"))),  // YELL's own flow: not this park's to know
            .button(.init("C", action: .go("home", park: "YELLO"))),
            .button(.init("D", action: .go("home", park: " "))),
            .button(.init("E", action: .go("geysers", park: "GOGA"))),  // this park: its flows count
        ]
        let validator = ScreenValidator(knownFlows: ["home", "sites"], knownParks: ["GOGA", "GRTE", "YELL", "YOSE"])
        #expect(
            validator.validate(Screen(park: "GOGA", flow: "parks", title: "Parks", sections: sections)).map(\.description) == [
                "sections[3].action.park: unknown park 'YELLO'; did you mean 'YELL'?",
                "sections[4].action.park: must not be empty",
                "sections[5].action.flow: unknown flow 'geysers'; known flows: home, sites",
            ])
        let none = ScreenValidator(knownParks: [])
        #expect(
            none.validate(Screen(park: "GOGA", flow: "parks", title: "P", sections: [sections[0]])).map(\.description)
                == ["sections[1].action.park: unknown park 'YELL'; there are none"])
        let many = ScreenValidator(knownParks: ["GOGA", "GRTE"])
        #expect(
            many.validate(Screen(park: "GOGA", flow: "parks", title: "P", sections: [.button(.init("Z", action: .go("home", park: "ZION")))]))
                .map(\.description) == ["sections[1].action.park: unknown park 'ZION'; parks: GOGA, GRTE"])
    }

    @Test func directionsNeedAPositionOnTheEarthAndAName() {
        typealias Place = Action.Destination
        let found = issues([
            .button(.init("A", action: .directions(Place(latitude: 37.81058, longitude: -122.477, name: "Fort Point", address: "Marine Dr")))),
            .button(.init("B", action: .directions(Place(latitude: 137.8, longitude: -122.477, name: "Fort Point")))),
            .button(.init("C", action: .directions(Place(latitude: .nan, longitude: 200, name: " ", address: "")))),
        ])
        #expect(
            found == [
                "sections[2].action.lat: latitude 137.8 is outside -90...90",
                "sections[3].action.lat: latitude nan is outside -90...90",
                "sections[3].action.lon: longitude 200 is outside -180...180",
                "sections[3].action.name: must not be empty",
                "sections[3].action.address: must not be empty",
            ])
    }

    @Test func actionIDsAreUniqueAcrossTheScreen() {
        let found = issues([
            .button(.init("A", action: .go("a", id: "more"))),
            .carousel(.init(cards: [.init(title: "C", action: .go("c", id: "more"))])),
            .button(.init("B", action: .go("b", id: ""))),
        ])
        #expect(
            found == [
                "sections[2].cards[1].action.id: action id 'more' is already used by sections[1].action",
                "sections[3].action.id: must not be empty",
            ])
    }

    @Test func onboardingLayers() {
        typealias Layer = Component.Onboarding.Layer
        let found = issues([
            .onboarding(.init(pages: [])),
            .onboarding(
                .init(pages: [
                    .init(
                        title: "P", body: "",
                        background: [
                            Layer(image: "a.jpg", position: .init(x: 0, y: 1), depth: 0.5),
                            Layer(image: "", position: .init(x: -0.1, y: .nan), depth: 1.5, placeholder: "#12345G"),
                            Layer(image: "c.jpg", position: .init(x: .infinity, y: 0.5), depth: 1),
                        ], action: .url("https://nps.gov"))
                ])),
        ])
        #expect(
            found == [
                "sections[1].pages: an onboarding needs at least one page",
                "sections[2].pages[1].background[2].image: must not be empty",
                "sections[2].pages[1].background[2].position.x: -0.1 is outside 0...1",
                "sections[2].pages[1].background[2].position.y: nan is outside 0...1",
                "sections[2].pages[1].background[2].depth: 1.5 is outside 0...1",
                "sections[2].pages[1].background[2].placeholder: '#12345G' is not a color of the form #RRGGBB",
                "sections[2].pages[1].background[3].position.x: inf is outside 0...1",
            ])
    }

    @Test func titlesAndLabelsMustNotBeEmpty() {
        let found = issues([
            .card(.init(title: "")),
            .button(.init("", action: .go("x"))),
            .carousel(.init(cards: [.init(title: " ")])),
        ])
        #expect(
            found == [
                "sections[1].title: must not be empty",
                "sections[2].label: must not be empty",
                "sections[3].cards[1].title: must not be empty",
            ])
    }
}
