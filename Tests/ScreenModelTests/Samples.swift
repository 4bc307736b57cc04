import ScreenModel

/// Screens shared by the model tests.
enum Samples {
    /// Every component kind, annotation kind and action kind, with every optional field set.
    static let complete = Screen(
        park: "GOGA", flow: "home", title: "Golden Gate", subtitle: "Where the city meets the Pacific",
        sections: [
            .text(.init("Fort Point is closed on Mondays.", style: .notice, id: "closure")),
            .image(.init(url: "https://www.nps.gov/goga/bridge.jpg", alt: "The bridge in fog", placeholder: "#A3B8C8", priority: .high, id: "hero")),
            .card(
                .init(
                    title: "Alcatraz Island", subtitle: "Federal penitentiary", body: "Ferries leave Pier 33.",
                    image: .init(url: "https://www.nps.gov/alca/cellhouse.jpg", alt: "The cellhouse", placeholder: "#6B7B86", priority: .low, id: "cellhouse"),
                    badges: ["History"], action: .url("https://www.alcatrazcruises.com/", label: "Book", id: "ferry"), id: "alcatraz"
                )),
            .list(
                .init(
                    title: "Sites",
                    items: [
                        .init(
                            title: "Fort Point", subtitle: "Civil War fort", detail: "1.1 mi", badge: "Open",
                            action: .go("site", args: ["id": "fort-point"], label: "Details"), id: "fort-point"),
                        .init(
                            title: "Directions",
                            action: .directions(
                                .init(
                                    latitude: 37.81058, longitude: -122.477, name: "Fort Point",
                                    address: "Marine Dr, San Francisco, CA"), label: "Directions to Fort Point")),
                        .init(title: "Alcatraz", action: .act("favorites", args: ["add": "alcatraz"], label: "Add to favorites")),
                    ], empty: "No sites", id: "sites")),
            .carousel(
                .init(
                    title: "Themes",
                    cards: [
                        .init(
                            title: "Viewpoints", subtitle: "Panoramas", body: "Twelve lookouts.",
                            image: .init(url: "https://www.nps.gov/goga/view.jpg", alt: "A lookout", placeholder: "#FFFFFF", priority: .high, id: "view"),
                            badges: ["12 sites", "Free"], action: .go("sites", args: ["category": "viewpoint"]), id: "viewpoints")
                    ], id: "themes")),
            .button(.init("Call us", style: .secondary, action: .call("+1 415-561-4700", label: "Call"), id: "call")),
            .form(
                .init(
                    fields: [
                        {
                            var title = Component.FormField(.text, name: "title", label: "Title")
                            (title.placeholder, title.value, title.minLength, title.maxLength, title.required, title.multiline) =
                                ("Picnic spot", "Lookout", 2, 80, true, true)
                            return title
                        }(),
                        {
                            var sort = Component.FormField(.choice, name: "by", label: "Sort by")
                            sort.options = [.init("name", label: "Name"), .init("distance", label: "Distance")]
                            sort.value = "distance"
                            return sort
                        }(),
                        {
                            var near = Component.FormField(.toggle, name: "near", label: "Near me only")
                            near.checked = true
                            return near
                        }(),
                        Component.FormField(.search, name: "q", label: "Search"),
                    ], submit: .act("sites", args: ["drop": "1"], label: "Drop a pin"), title: "Drop a pin", id: "drop")),
            .onboarding(
                .init(
                    pages: [
                        .init(
                            title: "Welcome", body: "Forts and beaches.",
                            background: [
                                .init(image: "sky.jpg", position: .init(x: 0.5, y: 0), depth: 0, placeholder: "#9CC3E0")
                            ], action: .go("home", park: "YELL", label: "Start"))
                    ], id: "intro")),
            .map(map),
            .timeline(timeline),
            .ar(ar),
        ],
        theme: Theme(primary: "#C0362C", accent: "#1F4E79", background: "#F7F4EC")
    )

    /// A map with every optional field set: a cluster with categories and an action,
    /// a pin with a category and an action, the same site as a favorite (a pin's layer), a
    /// boundary ring.
    static let map = Component.Map(
        camera: .init(center: .init(latitude: 37.80, longitude: -122.46), zoom: 12),
        bbox: .init(west: -122.5436, south: 37.7536, east: -122.3764, north: 37.8463),
        size: .init(width: 390, height: 844),
        annotations: [
            .cluster(
                .init(
                    id: "c-12-3", coordinate: .init(latitude: 37.8012, longitude: -122.4611), count: 57, expansionZoom: 14,
                    categories: [.init("historic", count: 30, name: "Historic sites"), .init("viewpoint", count: 27)],
                    action: .go("map", args: ["center": "37.8012,-122.4611", "zoom": "14"], label: "Zoom in")
                )),
            .pin(
                .init(
                    id: "nps-poi:goga:0001", coordinate: .init(latitude: 37.8105, longitude: -122.4770), title: "Fort Point",
                    category: "historic", action: .go("sites", args: ["id": "nps-poi:goga:0001"]), categoryName: "Historic site"
                )),
            .pin(
                .init(
                    id: "favorite:nps-poi:goga:0001", coordinate: .init(latitude: 37.8105, longitude: -122.4770), title: "Fort Point",
                    layer: .favorites
                )),
        ],
        boundary: [
            [
                .init(latitude: 37.7, longitude: -122.5), .init(latitude: 37.7, longitude: -122.4),
                .init(latitude: 37.8, longitude: -122.4), .init(latitude: 37.7, longitude: -122.5),
            ]
        ],
        regions: [.circle(id: "nps-poi:goga:0001", name: "Fort Point", center: .init(latitude: 37.8105, longitude: -122.4770), radius: 120)],
        visitor: .init(coordinate: .init(latitude: 37.8078, longitude: -122.4750), accuracy: 12),
        id: "map"
    )

    /// A timeline with every optional field set: an entry with detail, region and
    /// position, one without, a track, an area and a circle region, another person's path,
    /// a fact, a time zone.
    static let timeline = Component.Timeline(
        start: 1_720_104_236, end: 1_720_109_402,
        entries: [
            .init(
                time: 1_720_104_236, kind: .presenceEnter, title: "Entered Golden Gate", detail: "first fix inside",
                region: "goga", position: .init(latitude: 37.8035, longitude: -122.456)),
            .init(time: 1_720_104_448, kind: .enter, title: "Crissy Field"),
        ],
        track: [.init(latitude: 37.8035, longitude: -122.456), .init(latitude: 37.8055, longitude: -122.465)],
        regions: [
            .area(
                id: "goga", name: "Presidio",
                rings: [
                    [
                        .init(latitude: 37.788, longitude: -122.485), .init(latitude: 37.788, longitude: -122.447),
                        .init(latitude: 37.806, longitude: -122.447), .init(latitude: 37.788, longitude: -122.485),
                    ]
                ]),
            .circle(id: "crissy-field", name: "Crissy Field", center: .init(latitude: 37.8047, longitude: -122.465), radius: 180),
        ],
        paths: [.init(id: "ana", name: "Ana", points: [.init(latitude: 37.8036, longitude: -122.457), .init(latitude: 37.8050, longitude: -122.463)])],
        facts: [.init("fixes", value: "1,722")],
        title: "Replay", id: "replay", timezone: "America/Los_Angeles"
    )

    /// An AR view with every optional field set: the camera's altitude, a pin's subtitle
    /// and action, the empty message, the id; one pin stacked above the other.
    static let ar = Component.AR(
        camera: .init(position: .init(latitude: 37.8077, longitude: -122.4750), altitude: 70, heading: 97, pitch: -3, fieldOfView: 60),
        size: .init(width: 390, height: 844), maximumDistance: 6000,
        pins: [
            .init(
                id: "nps-poi:goga:0012", title: "Warming Hut", subtitle: "Café and shop",
                coordinate: .init(latitude: 37.8073, longitude: -122.4696), distance: 476, bearing: 95.4, x: 185.4, y: 450.2,
                label: .init(x: 139.4, y: 410.2, width: 92, height: 28), z: 0,
                action: .go("sites", args: ["id": "nps-poi:goga:0012"])),
            .init(
                id: "nps-poi:goga:0007", title: "Crissy Field",
                coordinate: .init(latitude: 37.8055, longitude: -122.4495), distance: 2254, bearing: 96.2, x: 190.4, y: 414.4,
                label: .init(x: 140.4, y: 382.2, width: 100, height: 28), stack: 1, z: 1),
        ],
        offScreen: [.init(id: "nps-poi:goga:0004", title: "Alcatraz Island", distance: 5033, bearing: 65.2, turn: .left, degrees: 31.8)],
        empty: "Nothing within 6 km this way", id: "ar"
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
