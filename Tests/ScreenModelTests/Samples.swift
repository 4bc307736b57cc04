import ScreenModel

/// Screens shared by the model tests.
enum Samples {
    /// Every component kind and every action kind, with every optional field set.
    static let complete = Screen(
        park: "GOGA", flow: "home", title: "Golden Gate", subtitle: "Where the city meets the Pacific",
        sections: [
            .text(.init("Fort Point is closed on Mondays.", style: .notice, id: "closure")),
            .image(.init(url: "https://www.nps.gov/goga/bridge.jpg", alt: "The bridge in fog", placeholder: "#A3B8C8", priority: .high, id: "hero")),
            .card(.init(
                title: "Alcatraz Island", subtitle: "Federal penitentiary", body: "Ferries leave Pier 33.",
                image: .init(url: "https://www.nps.gov/alca/cellhouse.jpg", alt: "The cellhouse", placeholder: "#6B7B86", priority: .low, id: "cellhouse"),
                badges: ["History"], action: .url("https://www.alcatrazcruises.com/", label: "Book", id: "ferry"), id: "alcatraz"
            )),
            .list(.init(title: "Sites", items: [
                .init(title: "Fort Point", subtitle: "Civil War fort", detail: "1.1 mi", badge: "Open",
                      action: .go("site", args: ["id": "fort-point"], label: "Details"), id: "fort-point"),
            ], empty: "No sites", id: "sites")),
            .carousel(.init(title: "Themes", cards: [
                .init(title: "Viewpoints", subtitle: "Panoramas", body: "Twelve lookouts.",
                      image: .init(url: "https://www.nps.gov/goga/view.jpg", alt: "A lookout", placeholder: "#FFFFFF", priority: .high, id: "view"),
                      badges: ["12 sites", "Free"], action: .go("sites", args: ["category": "viewpoint"]), id: "viewpoints"),
            ], id: "themes")),
            .button(.init("Call us", style: .secondary, action: .call("+1 415-561-4700", label: "Call"), id: "call")),
            .onboarding(.init(pages: [
                .init(title: "Welcome", body: "Forts and beaches.", background: [
                    .init(image: "sky.jpg", position: .init(x: 0.5, y: 0), depth: 0, placeholder: "#9CC3E0"),
                ], action: .go("home", label: "Start")),
            ], id: "intro")),
        ]
    )

    /// A small screen whose JSON is spelled out in the tests.
    static let small = Screen(
        park: "YELL", flow: "home", title: "Yellowstone",
        sections: [
            .text(.init("Old Faithful erupts about every 90 minutes.")),
            .button(.init("Eruption times", action: .url("https://www.nps.gov/yell/", id: "1"))),
        ]
    )

    static let smallJSON = """
        {"schema":"flowrun/screen@1","park":"YELL","flow":"home","title":"Yellowstone","sections":[\
        {"type":"text","text":"Old Faithful erupts about every 90 minutes."},\
        {"type":"button","label":"Eruption times","action":{"kind":"url","id":"1","url":"https://www.nps.gov/yell/"}}]}
        """
}
