import BenchData
public import ScreenModel

/// Seeded random screens for ScreenJSONTests: every component, annotation, action and region
/// kind, every optional field sometimes nil and sometimes set, lists empty and not, and the
/// strings and numbers where JSON writers differ (escapes, non-ASCII, key order, `-0`,
/// exponents, NaN). Not valid screens: JSON rendering does not validate.
public struct RandomScreens {
    private var rng: SplitMix64

    public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    public mutating func screen() -> Screen {
        Screen(
            park: string(), flow: string(), title: string(), subtitle: maybe { $0.string() },
            sections: list(upTo: 5) { $0.component() }, schema: chance(0.9) ? Screen.schemaID : string(),
            theme: maybe { Theme(primary: $0.string(), accent: $0.string(), background: $0.string()) })
    }

    public mutating func component() -> Component {
        switch int(in: 0...10) {
        case 0: .text(.init(string(), style: pick(Component.Text.Style.allCases), id: maybe { $0.string() }))
        case 1: .image(image())
        case 2: .card(card())
        case 3:
            .list(
                .init(
                    title: maybe { $0.string() }, items: list(upTo: 4) { $0.listItem() }, empty: maybe { $0.string() },
                    id: maybe { $0.string() }))
        case 4: .carousel(.init(title: maybe { $0.string() }, cards: list(upTo: 3) { $0.card() }, id: maybe { $0.string() }))
        case 5: .button(.init(string(), style: pick(Component.Button.Style.allCases), action: action(), id: maybe { $0.string() }))
        case 6: .onboarding(.init(pages: list(upTo: 3) { $0.page() }, id: maybe { $0.string() }))
        case 7: .map(map())
        case 8: .timeline(timeline())
        case 9: .form(.init(fields: list(upTo: 4) { $0.formField() }, submit: action(), title: maybe { $0.string() }, id: maybe { $0.string() }))
        default: .ar(ar())
        }
    }

    // MARK: Components

    private mutating func image() -> Component.Image {
        .init(
            url: string(), alt: string(), placeholder: maybe { $0.string() }, priority: pick(Component.Image.Priority.allCases),
            id: maybe { $0.string() })
    }

    private mutating func card() -> Component.Card {
        .init(
            title: string(), subtitle: maybe { $0.string() }, body: maybe { $0.string() }, image: maybe { $0.image() },
            badges: list(upTo: 3) { $0.string() }, action: maybe { $0.action() }, id: maybe { $0.string() })
    }

    private mutating func listItem() -> Component.ListItem {
        .init(
            title: string(), subtitle: maybe { $0.string() }, detail: maybe { $0.string() }, badge: maybe { $0.string() },
            action: maybe { $0.action() }, id: maybe { $0.string() })
    }

    private mutating func formField() -> Component.FormField {
        var field = Component.FormField(pick(Component.FormField.Kind.allCases), name: string(), label: string())
        field.placeholder = maybe { $0.string() }
        field.value = maybe { $0.string() }
        field.checked = chance(0.5)
        field.minLength = maybe { $0.int(in: 0...5) }
        field.maxLength = maybe { $0.int(in: 1...4000) }
        field.required = chance(0.5)
        field.multiline = chance(0.5)
        field.options = list(upTo: 3) { Component.FormField.Option($0.string(), label: $0.string()) }
        return field
    }

    private mutating func page() -> Component.Onboarding.Page {
        .init(
            title: string(), body: string(),
            background: list(upTo: 3) {
                Component.Onboarding.Layer(
                    image: $0.string(), position: .init(x: $0.number(), y: $0.number()), depth: $0.number(),
                    placeholder: $0.maybe { $0.string() })
            }, action: maybe { $0.action() })
    }

    private mutating func map() -> Component.Map {
        .init(
            camera: .init(center: coordinate(), zoom: number()),
            bbox: .init(west: number(), south: number(), east: number(), north: number()),
            size: size(), annotations: list(upTo: 4) { $0.annotation() }, boundary: list(upTo: 2) { $0.ring() },
            regions: list(upTo: 2) { $0.region() }, visitor: maybe { .init(coordinate: $0.coordinate(), accuracy: $0.number()) },
            id: maybe { $0.string() })
    }

    private mutating func annotation() -> Component.Map.Annotation {
        if chance(0.5) {
            return .cluster(
                .init(
                    id: string(), coordinate: coordinate(), count: integer(), expansionZoom: integer(),
                    categories: list(upTo: 3) { Component.Map.CategoryCount($0.string(), count: $0.integer(), name: $0.maybe { $0.string() }) },
                    action: maybe { $0.action() }))
        }
        return .pin(
            .init(
                id: string(), coordinate: coordinate(), title: string(), category: maybe { $0.string() },
                action: maybe { $0.action() }, layer: pick(Component.Map.Pin.Layer.allCases), categoryName: maybe { $0.string() }))
    }

    private mutating func timeline() -> Component.Timeline {
        .init(
            start: number(), end: number(),
            entries: list(upTo: 4) {
                Component.Timeline.Entry(
                    time: $0.number(), kind: $0.pick(Component.Timeline.Entry.Kind.allCases), title: $0.string(),
                    detail: $0.maybe { $0.string() }, region: $0.maybe { $0.string() },
                    position: $0.maybe { $0.coordinate() })
            }, track: list(upTo: 4) { $0.coordinate() }, regions: list(upTo: 3) { $0.region() },
            paths: list(upTo: 2) { Component.Timeline.Path(id: $0.string(), name: $0.string(), points: $0.list(upTo: 3) { $0.coordinate() }) },
            facts: list(upTo: 3) { Component.Timeline.Fact($0.string(), value: $0.string()) },
            title: maybe { $0.string() }, id: maybe { $0.string() }, timezone: maybe { $0.string() })
    }

    private mutating func region() -> Component.Timeline.Region {
        chance(0.5)
            ? .circle(id: string(), name: string(), center: coordinate(), radius: number())
            : .area(id: string(), name: string(), rings: list(upTo: 2) { $0.ring() })
    }

    private mutating func ar() -> Component.AR {
        .init(
            camera: .init(
                position: coordinate(), altitude: maybe { $0.number() }, heading: number(), pitch: number(),
                fieldOfView: number()),
            size: size(), maximumDistance: number(),
            pins: list(upTo: 3) {
                Component.AR.Pin(
                    id: $0.string(), title: $0.string(), subtitle: $0.maybe { $0.string() },
                    coordinate: $0.coordinate(), distance: $0.number(), bearing: $0.number(), x: $0.number(),
                    y: $0.number(), label: .init(x: $0.number(), y: $0.number(), width: $0.number(), height: $0.number()),
                    stack: $0.integer(), z: $0.integer(), action: $0.maybe { $0.action() })
            },
            offScreen: list(upTo: 3) {
                Component.AR.OffScreen(
                    id: $0.string(), title: $0.string(), distance: $0.number(), bearing: $0.number(),
                    turn: $0.pick(Component.AR.OffScreen.Turn.allCases), degrees: $0.number())
            }, empty: maybe { $0.string() }, id: maybe { $0.string() })
    }

    private mutating func action() -> Action {
        let label = maybe { $0.string() }, id = maybe { $0.string() }
        let choice = int(in: 0...4)
        switch choice {
        case 0, 4:
            var args: [String: String] = [:]
            for _ in 0..<int(in: 0...4) { args[key()] = string() }
            return choice == 4 ? .act(string(), args: args, label: label, id: id) : .go(string(), args: args, park: maybe { $0.string() }, label: label, id: id)
        case 1: return .url(string(), label: label, id: id)
        case 2: return .call(string(), label: label, id: id)
        default:
            return .directions(.init(latitude: number(), longitude: number(), name: string(), address: maybe { $0.string() }), label: label, id: id)
        }
    }

    private mutating func ring() -> [Component.Coordinate] { list(upTo: 5) { $0.coordinate() } }
    private mutating func coordinate() -> Component.Coordinate { .init(latitude: number(), longitude: number()) }
    private mutating func size() -> Component.Map.Size { .init(width: number(), height: number()) }

    // MARK: Values

    /// Pieces where JSON writers part ways: every escape, DEL, `/`, non-ASCII, combining marks,
    /// U+2028, brackets and newlines that a line-based pass could misread.
    public static let fragments: [String] = [
        "", "a", "Fort Point", "Muir Woods", "\"", "\\", "/", "https://www.nps.gov/goga/", "\n", "\r\n", "\t", "\u{8}", "\u{C}",
        "\u{0}", "\u{1}", "\u{1B}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "🌉", "日本", "\u{2028}", "\u{FEFF}", "[", "{", "]",
        "}", " : ", ",", "[\n\n  ]", "  ", "nan", "-0",
    ]

    /// Keys whose UTF-8 order differs from other orders (case, `_`, digits, non-ASCII, prefixes).
    public static let keys: [String] = ["center", "zoom", "a", "B", "Z", "aa", "a_b", "a b", "A", "10", "9", "", "é", "z\u{0}", "_", "~"]

    private mutating func string() -> String {
        (0..<int(in: 0...3)).map { _ in pick(Self.fragments) }.joined()
    }

    private mutating func key() -> String { pick(Self.keys) + (chance(0.3) ? pick(Self.keys) : "") }

    /// Numbers across the ways `description` writes them.
    private mutating func number() -> Double {
        switch int(in: 0...7) {
        case 0:
            return pick([
                0, -0.0, 1, -1, 100, 1e-5, 1e-7, 0.1, 1e16, 1e21, 1.5e300, 5e-324, 2.2250738585072014e-308,
                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, 37.80031879856716,
            ])
        case 1: return Double(int(in: -100_000...100_000))
        case 2: return Double(bitPattern: rng.next())
        case 3: return Double(int(in: -1_000_000...1_000_000)) / 1000
        default: return Double.random(in: -180...180, using: &rng)
        }
    }

    private mutating func integer() -> Int {
        chance(0.1) ? pick([Int.min, Int.max, 0, -1]) : int(in: -1000...100_000)
    }

    // MARK: Choices

    private mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    private mutating func pick<T>(_ values: [T]) -> T { values[int(in: 0...(values.count - 1))] }

    private mutating func maybe<T>(_ make: (inout RandomScreens) -> T) -> T? {
        chance(0.5) ? make(&self) : nil
    }

    private mutating func list<T>(upTo count: Int, _ make: (inout RandomScreens) -> T) -> [T] {
        (0..<int(in: 0...count)).map { _ in make(&self) }
    }
}
