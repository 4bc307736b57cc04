public import ScreenModel

/// Realistic screens rendered by the golden tests; each name is a fixture's base name.
public enum GoldenScreens {
    public static let all: [(name: String, screen: Screen)] = [
        ("goga-home", gogaHome),
        ("goga-onboarding", gogaOnboarding),
        ("yell-campgrounds-empty", yellCampgroundsEmpty),
        ("goga-forms", gogaForms),
        ("goga-map", gogaMap),
        ("goga-timeline", gogaTimeline),
        ("goga-ar", gogaAR),
    ]

    /// A park home: hero picture, description, notice, website and phone buttons, a
    /// card, a list of sites (one action with a flow-chosen id), a carousel and directions.
    public static let gogaHome = Screen(
        park: "GOGA", flow: "home",
        title: "Golden Gate National Recreation Area",
        subtitle: "Where the city meets the Pacific",
        sections: [
            .image(
                .init(
                    url: "https://www.nps.gov/goga/images/bridge-fog.jpg",
                    alt: "Fog rolling under the Golden Gate Bridge at dawn",
                    placeholder: "#9FB3C1", priority: .high
                )),
            .text(
                .init(
                    """
                    Redwood canyons, wild beaches, Civil War forts and an island prison: \
                    82,000 acres of parkland wrapped around the Golden Gate, most of it a \
                    bus ride from downtown San Francisco.
                    """)),
            .text(
                .init(
                    """
                    Battery Spencer parking is closed for repairs until June 30. Park at \
                    the Golden Gate Bridge Welcome Center and walk the Coastal Trail.
                    """, style: .notice)),
            .button(.init("Plan your visit", action: .url("https://www.nps.gov/goga/planyourvisit/index.htm"))),
            .button(.init("Call the visitor center", style: .secondary, action: .call("+1 415-561-4700"))),
            .card(
                .init(
                    title: "Alcatraz Island",
                    subtitle: "Federal penitentiary, 1934–1963",
                    body: "Ferries leave Pier 33 every 30 minutes. Tours sell out weeks ahead in summer, so book before you come.",
                    image: .init(url: "https://www.nps.gov/alca/images/cellhouse.jpg", alt: "The cellhouse seen from the ferry", placeholder: "#6B7B86"),
                    badges: ["History", "Ferry required"],
                    action: .url("https://www.alcatrazcruises.com/", label: "Book a ferry")
                )),
            .list(
                .init(
                    title: "Popular sites",
                    items: [
                        .init(
                            title: "Golden Gate Bridge Welcome Center",
                            subtitle: "Exhibits, a café and the best view of the south tower",
                            detail: "0.2 mi", badge: "Open",
                            action: .go("site", args: ["id": "welcome-center"])
                        ),
                        .init(
                            title: "Fort Point", subtitle: "Civil War–era fort beneath the bridge",
                            detail: "1.1 mi", action: .go("site", args: ["id": "fort-point"])
                        ),
                        .init(
                            title: "Muir Woods", subtitle: "Old-growth coast redwoods; parking reservations required",
                            detail: "12 mi", badge: "Reservations",
                            action: .go("site", args: ["id": "muir-woods"], id: "3")
                        ),
                        .init(
                            title: "Lands End", subtitle: "Cliffside trail to the ruins of the Sutro Baths",
                            detail: "4.3 mi", action: .go("site", args: ["id": "lands-end"])
                        ),
                    ])),
            .carousel(
                .init(
                    title: "Explore by theme",
                    cards: [
                        .init(
                            title: "Viewpoints", subtitle: "Bridge and bay panoramas", badges: ["12 sites"],
                            action: .go("sites", args: ["category": "viewpoint"])),
                        .init(
                            title: "Trails", subtitle: "From flat bay walks to Marin Headlands climbs",
                            action: .go("sites", args: ["category": "trail"])),
                        .init(
                            title: "History", subtitle: "Forts, batteries and the prison",
                            action: .go("sites", args: ["era": "civil war", "category": "history"], label: "See history")),
                    ])),
            .text(.init("Park information from the National Park Service. Hours change with the season.", style: .caption)),
            .button(
                .init(
                    "Directions to Fort Point", style: .secondary,
                    action: .directions(
                        .init(
                            latitude: 37.81058, longitude: -122.477, name: "Fort Point", address: "Marine Dr, San Francisco, CA")))),
        ]
    )

    /// Three onboarding pages with parallax layers; the last one leads home.
    public static let gogaOnboarding = Screen(
        park: "GOGA", flow: "onboarding", title: "Welcome",
        sections: [
            .onboarding(
                .init(pages: [
                    .init(
                        title: "Welcome to the Golden Gate",
                        body: "Forts, beaches and redwoods, all around the bridge.",
                        background: [
                            .init(image: "onboarding/goga/sky.jpg", position: .init(x: 0.5, y: 0), depth: 0, placeholder: "#9CC3E0"),
                            .init(image: "onboarding/goga/bridge.png", position: .init(x: 0.5, y: 0.62), depth: 0.35, placeholder: "#B5452E"),
                            .init(image: "onboarding/goga/fog.png", position: .init(x: 0.4, y: 0.85), depth: 1),
                        ]
                    ),
                    .init(
                        title: "Find your way",
                        body: "The map shows every site near you, even offline. Tap a cluster to zoom in.",
                        background: [
                            .init(image: "onboarding/goga/headlands.jpg", position: .init(x: 0.5, y: 0.5), depth: 0.1, placeholder: "#5E7F4F"),
                            .init(image: "onboarding/goga/trail-sign.png", position: .init(x: 0.25, y: 0.75), depth: 0.7),
                        ]
                    ),
                    .init(
                        title: "Stay safe on the coast",
                        body: "Sneaker waves and cold currents are common. Stay back from the water's edge, and never turn your back on the ocean.",
                        background: [
                            .init(image: "onboarding/goga/ocean-beach.jpg", position: .init(x: 0.5, y: 1), depth: 0.2, placeholder: "#3B6E8F")
                        ],
                        action: .go("home", label: "Start exploring")
                    ),
                ]))
        ]
    )

    /// A list with no items and its empty-state message, and ways out.
    public static let yellCampgroundsEmpty = Screen(
        park: "YELL", flow: "sites", title: "Campgrounds", subtitle: "Yellowstone National Park",
        sections: [
            .text(.init("Campgrounds with sites open tonight", style: .heading)),
            .list(
                .init(
                    items: [],
                    empty: "No campgrounds have open sites tonight. Check back after 8 a.m., when cancellations are released."
                )),
            .button(.init("Show all campgrounds", action: .go("sites", args: ["category": "campground", "open": "any"]))),
            .button(.init("Call Yellowstone reservations", style: .secondary, action: .call("(307) 344-7311"))),
        ]
    )

    /// Two forms: a search box that submits a go, and a pin's fields (a text, a multiline
    /// note, a choice and a toggle) that submit an act.
    public static let gogaForms: Screen = {
        var title = Component.FormField(.text, name: "title", label: "Title")
        (title.value, title.placeholder, title.maxLength, title.required) = ("Lookout", "Picnic spot", 80, true)
        var note = Component.FormField(.text, name: "note", label: "Note")
        (note.maxLength, note.multiline) = (500, true)
        var kind = Component.FormField(.choice, name: "by", label: "Sort by")
        kind.options = [.init("name", label: "Name"), .init("distance", label: "Distance")]
        kind.value = "distance"
        var share = Component.FormField(.toggle, name: "share", label: "Share with my party")
        share.checked = true
        var search = Component.FormField(.search, name: "q", label: "Search sites")
        search.placeholder = "A name or a kind of place"
        return Screen(
            park: "GOGA", flow: "pins", title: "Lookout", subtitle: "Golden Gate National Recreation Area",
            sections: [
                .form(.init(fields: [search], submit: .go("sites", label: "Search"))),
                .form(
                    .init(
                        fields: [title, note, kind, share], submit: .act("sites", args: ["id": "3"], label: "Save"), title: "Edit the pin",
                        id: "edit")),
            ])
    }()

    /// The map around the Golden Gate at zoom 11.5 on a 390 × 844 phone: four clusters
    /// (largest first, one without an action), seven pins (one without a category), and
    /// the Presidio and Marin Headlands as two boundary rings.
    public static let gogaMap: Screen = {
        typealias Map = Component.Map
        func at(_ latitude: Double, _ longitude: Double) -> Component.Coordinate {
            .init(latitude: latitude, longitude: longitude)
        }
        func zoomIn(_ latitude: Double, _ longitude: Double, to zoom: Int) -> Action {
            .go("map", args: ["center": "\(latitude),\(longitude)", "zoom": String(zoom)], label: "Zoom in")
        }
        func site(_ id: String, _ title: String, _ category: String?, _ coordinate: Component.Coordinate) -> Map.Annotation {
            .pin(
                .init(
                    id: "nps-poi:goga:\(id)", coordinate: coordinate, title: title, category: category,
                    action: .go("sites", args: ["id": "nps-poi:goga:\(id)"])))
        }
        let annotations: [Map.Annotation] = [
            .cluster(
                .init(
                    id: "c-11-42", coordinate: at(37.7900, -122.4570), count: 57, expansionZoom: 14,
                    categories: [.init("historic", count: 30), .init("trail", count: 15), .init("viewpoint", count: 12)],
                    action: zoomIn(37.79, -122.457, to: 14))),
            .cluster(
                .init(
                    id: "c-11-17", coordinate: at(37.8330, -122.4990), count: 23, expansionZoom: 13,
                    categories: [.init("viewpoint", count: 14), .init("historic", count: 6), .init("trail", count: 3)],
                    action: zoomIn(37.833, -122.499, to: 13))),
            .cluster(
                .init(
                    id: "c-11-8", coordinate: at(37.7800, -122.5040), count: 9, expansionZoom: 15,
                    categories: [.init("trail", count: 5), .init("viewpoint", count: 4)],
                    action: zoomIn(37.78, -122.504, to: 15))),
            .cluster(
                .init(
                    id: "c-11-3", coordinate: at(37.7600, -122.5080), count: 4, expansionZoom: 16,
                    categories: [.init("beach", count: 3)])),
            site("0001", "Fort Point", "historic", at(37.8106, -122.4771)),
            site("0002", "Golden Gate Bridge Welcome Center", "visitor-center", at(37.8073, -122.4750)),
            site("0003", "Crissy Field", "beach", at(37.8039, -122.4640)),
            site("0004", "Baker Beach", "beach", at(37.7936, -122.4838)),
            site("0005", "Battery Spencer", "viewpoint", at(37.8277, -122.4818)),
            site("0006", "Alcatraz Island", "historic", at(37.8267, -122.4230)),
            site("0007", "Fort Mason Center", nil, at(37.8066, -122.4310)),
        ]
        let presidio: Map.Ring = [
            at(37.7880, -122.4850), at(37.7880, -122.4470), at(37.8050, -122.4470), at(37.8065, -122.4640),
            at(37.8110, -122.4780), at(37.8070, -122.4850), at(37.7880, -122.4850),
        ]
        let headlands: Map.Ring = [
            at(37.8190, -122.5300), at(37.8250, -122.4800), at(37.8330, -122.4740), at(37.8560, -122.4850),
            at(37.8700, -122.5300), at(37.8190, -122.5300),
        ]
        return Screen(
            park: "GOGA", flow: "map", title: "Golden Gate National Recreation Area", subtitle: "Sites around the bridge",
            sections: [
                .map(
                    .init(
                        camera: .init(center: at(37.805, -122.465), zoom: 11.5),
                        bbox: .init(west: -122.5123, south: 37.7240, east: -122.4177, north: 37.8859),
                        size: .init(width: 390, height: 844),
                        annotations: annotations, boundary: [presidio, headlands], id: "map"
                    )),
                .button(.init("Show as a list", style: .secondary, action: .go("sites", args: ["near": "37.805,-122.465"]))),
            ]
        )
    }()
}
