import LuaKit
import ScreenModel

/// Reads the screen a flow returned straight from its Lua table, without Codable: a warm
/// run's screen is a few dozen small records, and decoding each through the `Decoder`
/// protocols (containers, boxed keys, generic metadata) cost more than the flow's own Lua.
///
/// It accepts less than the Codable path (`LuaValueDecoder` with the types' `init(from:)`),
/// never more: at anything it is not sure of — a field the type does not have, a value of
/// another type, a missing field, a list with holes, a table that is both a list and a
/// record, an unknown `type` or `kind` — it gives up (`nil`), and the runtime decodes the
/// table through the Codable path, which gives the same screen or the message for the
/// mistake. `ScreenReaderTests` checks that both paths give the same screen for every golden
/// and fixture screen and for randomized ones, and that the reader reads them all.
enum ScreenReader {
    /// The screen in `table`, or nil when the Codable path must decide.
    static func screen(_ table: LuaTable) -> Screen? {
        try? screen(Record(.table(table), keys: ["schema", "park", "flow", "title", "subtitle", "theme", "sections"]))
    }

    private static func screen(_ r: Record) throws(GiveUp) -> Screen {
        Screen(park: try r.string("park"), flow: try r.string("flow"), title: try r.string("title"),
               subtitle: try r.optionalString("subtitle"), sections: try r.list("sections", component),
               schema: try r.string("schema"), theme: try r.optional("theme", theme))
    }

    private static func theme(_ value: LuaValue) throws(GiveUp) -> Theme {
        let r = try Record(value, keys: ["primary", "accent", "background"])
        return Theme(primary: try r.string("primary"), accent: try r.string("accent"), background: try r.string("background"))
    }

    static func action(_ value: LuaValue) throws(GiveUp) -> Action {
        let target: [String]
        switch value["kind"] {
        case "go": target = ["flow", "args"]
        case "url": target = ["url"]
        case "call": target = ["phone"]
        default: throw GiveUp()
        }
        let r = try Record(value, keys: ["kind", "id", "label"] + target)
        let id = try r.optionalString("id"), label = try r.optionalString("label")
        switch target[0] {
        case "flow": return Action(.go(flow: try r.string("flow"), args: try r.stringMap("args")), label: label, id: id)
        case "url": return Action(.url(try r.string("url")), label: label, id: id)
        default: return Action(.call(phone: try r.string("phone")), label: label, id: id)
        }
    }

    private static func component(_ value: LuaValue) throws(GiveUp) -> Component {
        guard case .string(let type) = value["type"] else { throw GiveUp() }
        switch type {
        case "text":
            let r = try Record(value, keys: ["type", "id", "text", "style"])
            return .text(Component.Text(try r.string("text"), style: try r.choice("style") ?? .body, id: try r.optionalString("id")))
        case "image": return .image(try image(value, keys: ["type"]))
        case "card": return .card(try card(value, keys: ["type"]))
        case "list":
            let r = try Record(value, keys: ["type", "id", "title", "items", "empty"])
            return .list(Component.List(title: try r.optionalString("title"), items: try r.list("items", listItem),
                                        empty: try r.optionalString("empty"), id: try r.optionalString("id")))
        case "carousel":
            let r = try Record(value, keys: ["type", "id", "title", "cards"])
            return .carousel(Component.Carousel(title: try r.optionalString("title"), cards: try r.list("cards") { v throws(GiveUp) in try card(v, keys: []) },
                                                id: try r.optionalString("id")))
        case "button":
            let r = try Record(value, keys: ["type", "id", "label", "style", "action"])
            return .button(Component.Button(try r.string("label"), style: try r.choice("style") ?? .primary,
                                            action: try r.required("action", action), id: try r.optionalString("id")))
        case "onboarding":
            let r = try Record(value, keys: ["type", "id", "pages"])
            return .onboarding(Component.Onboarding(pages: try r.list("pages", page), id: try r.optionalString("id")))
        case "map": return .map(try map(value))
        case "timeline": return .timeline(try timeline(value))
        case "ar": return .ar(try ar(value))
        default: throw GiveUp()
        }
    }

    private static func image(_ value: LuaValue, keys extra: [String]) throws(GiveUp) -> Component.Image {
        let r = try Record(value, keys: extra + ["id", "url", "alt", "placeholder", "priority"])
        return Component.Image(url: try r.string("url"), alt: try r.string("alt"), placeholder: try r.optionalString("placeholder"),
                               priority: try r.choice("priority") ?? .normal, id: try r.optionalString("id"))
    }

    private static func card(_ value: LuaValue, keys extra: [String]) throws(GiveUp) -> Component.Card {
        let r = try Record(value, keys: extra + ["id", "title", "subtitle", "body", "image", "badges", "action"])
        return Component.Card(title: try r.string("title"), subtitle: try r.optionalString("subtitle"), body: try r.optionalString("body"),
                              image: try r.optional("image") { v throws(GiveUp) in try image(v, keys: []) },
                              badges: try r.optionalList("badges", Record.string), action: try r.optional("action", action),
                              id: try r.optionalString("id"))
    }

    private static func listItem(_ value: LuaValue) throws(GiveUp) -> Component.ListItem {
        let r = try Record(value, keys: ["id", "title", "subtitle", "detail", "badge", "action"])
        return Component.ListItem(title: try r.string("title"), subtitle: try r.optionalString("subtitle"),
                                  detail: try r.optionalString("detail"), badge: try r.optionalString("badge"),
                                  action: try r.optional("action", action), id: try r.optionalString("id"))
    }

    private static func page(_ value: LuaValue) throws(GiveUp) -> Component.Onboarding.Page {
        let r = try Record(value, keys: ["title", "body", "background", "action"])
        return Component.Onboarding.Page(title: try r.string("title"), body: try r.string("body"),
                                         background: try r.list("background", layer), action: try r.optional("action", action))
    }

    private static func layer(_ value: LuaValue) throws(GiveUp) -> Component.Onboarding.Layer {
        let r = try Record(value, keys: ["image", "position", "depth", "placeholder"])
        let position = try Record(r.value("position"), keys: ["x", "y"])
        return Component.Onboarding.Layer(image: try r.string("image"),
                                          position: Component.Onboarding.Position(x: try position.double("x"), y: try position.double("y")),
                                          depth: try r.double("depth"), placeholder: try r.optionalString("placeholder"))
    }
}

/// The reader's one answer to anything it is not sure of.
struct GiveUp: Error {}

/// A Lua table read as a record of known fields: any other key, or a list part, gives up.
struct Record {
    private let table: LuaTable

    init(_ value: LuaValue, keys: [String]) throws(GiveUp) {
        guard case .table(let table) = value, table.sequence.isEmpty else { throw GiveUp() }
        var known = true
        table.forEachField { key, _ in
            guard case .string(let name) = key, keys.contains(name) else { known = false; return }
        }
        guard known else { throw GiveUp() }
        self.table = table
    }

    func value(_ key: String) -> LuaValue { table[key] }

    func string(_ key: String) throws(GiveUp) -> String { try Self.string(table[key]) }
    func double(_ key: String) throws(GiveUp) -> Double { try Self.double(table[key]) }
    func integer(_ key: String) throws(GiveUp) -> Int {
        switch table[key] {
        case .integer(let i): if let v = Int(exactly: i) { return v }
        case .number(let d): if let v = Int(exactly: d) { return v }
        default: break
        }
        throw GiveUp()
    }

    func optionalString(_ key: String) throws(GiveUp) -> String? { try optional(key, Self.string) }
    func optionalDouble(_ key: String) throws(GiveUp) -> Double? { try optional(key, Self.double) }

    /// A field that must be present, read by `read`.
    func required<T>(_ key: String, _ read: (LuaValue) throws(GiveUp) -> T) throws(GiveUp) -> T {
        let value = table[key]
        if value == .nil { throw GiveUp() }
        return try read(value)
    }

    /// A field that may be absent (nil).
    func optional<T>(_ key: String, _ read: (LuaValue) throws(GiveUp) -> T) throws(GiveUp) -> T? {
        let value = table[key]
        return value == .nil ? nil : try read(value)
    }

    /// A list that must be present; an empty table is an empty list.
    func list<T>(_ key: String, _ read: (LuaValue) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        try Self.list(table[key], read)
    }

    /// A list that may be absent (empty).
    func optionalList<T>(_ key: String, _ read: (LuaValue) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        let value = table[key]
        return value == .nil ? [] : try Self.list(value, read)
    }

    /// A string that names a case of `T`, if present.
    func choice<T: RawRepresentable>(_ key: String) throws(GiveUp) -> T? where T.RawValue == String {
        guard let raw = try optionalString(key) else { return nil }
        guard let value = T(rawValue: raw) else { throw GiveUp() }
        return value
    }

    /// A map of strings to strings that may be absent (empty).
    func stringMap(_ key: String) throws(GiveUp) -> [String: String] {
        let value = table[key]
        if value == .nil { return [:] }
        guard case .table(let t) = value, t.sequence.isEmpty else { throw GiveUp() }
        var map: [String: String] = [:]
        var valid = true
        t.forEachField { key, value in
            guard case .string(let k) = key, case .string(let v) = value else { valid = false; return }
            map[k] = v
        }
        guard valid else { throw GiveUp() }
        return map
    }

    static func string(_ value: LuaValue) throws(GiveUp) -> String {
        guard case .string(let s) = value else { throw GiveUp() }
        return s
    }

    static func double(_ value: LuaValue) throws(GiveUp) -> Double {
        guard let d = value.doubleValue else { throw GiveUp() }
        return d
    }

    /// A table whose keys are exactly 1...n (a list with holes is the Codable path's).
    static func list<T>(_ value: LuaValue, _ read: (LuaValue) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        guard case .table(let t) = value, t.isSequence else { throw GiveUp() }
        var out: [T] = []
        out.reserveCapacity(t.sequence.count)
        for element in t.sequence { out.append(try read(element)) }
        return out
    }

    /// `[a, b, ...]`: exactly `count` numbers.
    static func numbers(_ value: LuaValue, count: Int) throws(GiveUp) -> [Double] {
        guard case .table(let t) = value, t.isSequence, t.sequence.count == count else { throw GiveUp() }
        var out: [Double] = []
        out.reserveCapacity(count)
        for element in t.sequence { out.append(try double(element)) }
        return out
    }
}
