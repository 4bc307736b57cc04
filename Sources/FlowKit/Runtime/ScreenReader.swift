import LuaKit
import ScreenModel

/// Reads the screen a flow returned straight from its Lua table where it lies on the stack
/// (``LuaKit/LuaSlot``), without copying it into `LuaValue`s or decoding it through Codable:
/// a warm run's screen is a few dozen to a few thousand small tables, and copying and
/// decoding each (containers, boxed keys, generic metadata) cost more than the flow's own Lua.
///
/// It accepts less than the Codable path (`LuaValueDecoder` with the types' `init(from:)`),
/// never more: at anything it is not sure of — a field the type does not have, a value of
/// another type, a missing field, a list with holes, a table that is both a list and a
/// record, an unknown `type` or `kind` — it gives up (`nil`), and the runtime decodes the
/// table through the Codable path, which gives the same screen or the message for the
/// mistake. `ScreenReaderTests` checks that both paths give the same screen for every golden
/// screen and for randomized ones, and that the reader reads them all.
enum ScreenReader {
    /// The screen in `slot`, or nil when the Codable path must decide. `park`, `flow` and
    /// `schema` are the runtime's unless the table sets them (as the runtime fills them in
    /// before the Codable path decodes).
    static func screen(_ slot: LuaSlot, park: String, flow: String) -> Screen? {
        try? screen(Record(slot, keys: ["schema", "park", "flow", "title", "subtitle", "theme", "sections"]), park: park, flow: flow)
    }

    private static func screen(_ r: Record, park: String, flow: String) throws(GiveUp) -> Screen {
        Screen(
            park: try r.optionalString("park") ?? park, flow: try r.optionalString("flow") ?? flow, title: try r.string("title"),
            subtitle: try r.optionalString("subtitle"), sections: try r.list("sections", component),
            schema: try r.optionalString("schema") ?? Screen.schemaID, theme: try r.optional("theme", theme))
    }

    private static func theme(_ value: LuaSlot) throws(GiveUp) -> Theme {
        let r = try Record(value, keys: ["primary", "accent", "background"])
        return Theme(primary: try r.string("primary"), accent: try r.string("accent"), background: try r.string("background"))
    }

    static func action(_ value: LuaSlot) throws(GiveUp) -> Action {
        let target: [String]
        let kind = value.withField("kind", { $0.string() })
        switch kind {
        case "go": target = ["flow", "args", "park"]
        case "act": target = ["flow", "args"]
        case "url": target = ["url"]
        case "call": target = ["phone"]
        case "directions": target = ["lat", "lon", "name", "address"]
        default: throw GiveUp()
        }
        let r = try Record(value, keys: ["kind", "id", "label"] + target)
        let id = try r.optionalString("id"), label = try r.optionalString("label")
        switch target[0] {
        case "flow":
            let flow = try r.string("flow"), args = try r.stringMap("args")
            return Action(kind == "act" ? .act(flow: flow, args: args) : .go(flow: flow, args: args, park: try r.optionalString("park")), label: label, id: id)
        case "url": return Action(.url(try r.string("url")), label: label, id: id)
        case "phone": return Action(.call(phone: try r.string("phone")), label: label, id: id)
        default:
            let place = Action.Destination(
                latitude: try r.double("lat"), longitude: try r.double("lon"), name: try r.string("name"),
                address: try r.optionalString("address"))
            return Action(.directions(place), label: label, id: id)
        }
    }

    private static func component(_ value: LuaSlot) throws(GiveUp) -> Component {
        guard let type = value.withField("type", { $0.string() }) else { throw GiveUp() }
        switch type {
        case "text":
            let r = try Record(value, keys: ["type", "id", "text", "style"])
            return .text(Component.Text(try r.string("text"), style: try r.choice("style") ?? .body, id: try r.optionalString("id")))
        case "image": return .image(try image(value, keys: ["type"]))
        case "card": return .card(try card(value, keys: ["type"]))
        case "list":
            let r = try Record(value, keys: ["type", "id", "title", "items", "empty"])
            return .list(
                Component.List(
                    title: try r.optionalString("title"), items: try r.list("items", listItem),
                    empty: try r.optionalString("empty"), id: try r.optionalString("id")))
        case "carousel":
            let r = try Record(value, keys: ["type", "id", "title", "cards"])
            return .carousel(
                Component.Carousel(
                    title: try r.optionalString("title"), cards: try r.list("cards") { v throws(GiveUp) in try card(v, keys: []) },
                    id: try r.optionalString("id")))
        case "button":
            let r = try Record(value, keys: ["type", "id", "label", "style", "action"])
            return .button(
                Component.Button(
                    try r.string("label"), style: try r.choice("style") ?? .primary,
                    action: try r.required("action", action), id: try r.optionalString("id")))
        case "form":
            let r = try Record(value, keys: ["type", "id", "title", "fields", "submit"])
            return .form(
                Component.Form(
                    fields: try r.list("fields", formField), submit: try r.required("submit", action), title: try r.optionalString("title"),
                    id: try r.optionalString("id")))
        case "onboarding":
            let r = try Record(value, keys: ["type", "id", "pages"])
            return .onboarding(Component.Onboarding(pages: try r.list("pages", page), id: try r.optionalString("id")))
        case "map": return .map(try map(value))
        case "timeline": return .timeline(try timeline(value))
        case "ar": return .ar(try ar(value))
        default: throw GiveUp()
        }
    }

    private static func image(_ value: LuaSlot, keys extra: [String]) throws(GiveUp) -> Component.Image {
        let r = try Record(value, keys: extra + ["id", "url", "alt", "placeholder", "priority"])
        return Component.Image(
            url: try r.string("url"), alt: try r.string("alt"), placeholder: try r.optionalString("placeholder"),
            priority: try r.choice("priority") ?? .normal, id: try r.optionalString("id"))
    }

    private static func card(_ value: LuaSlot, keys extra: [String]) throws(GiveUp) -> Component.Card {
        let r = try Record(value, keys: extra + ["id", "title", "subtitle", "body", "image", "badges", "action"])
        return Component.Card(
            title: try r.string("title"), subtitle: try r.optionalString("subtitle"), body: try r.optionalString("body"),
            image: try r.optional("image") { v throws(GiveUp) in try image(v, keys: []) },
            badges: try r.optionalList("badges", Record.string), action: try r.optional("action", action),
            id: try r.optionalString("id"))
    }

    private static func listItem(_ value: LuaSlot) throws(GiveUp) -> Component.ListItem {
        let r = try Record(value, keys: ["id", "title", "subtitle", "detail", "badge", "action"])
        return Component.ListItem(
            title: try r.string("title"), subtitle: try r.optionalString("subtitle"),
            detail: try r.optionalString("detail"), badge: try r.optionalString("badge"),
            action: try r.optional("action", action), id: try r.optionalString("id"))
    }

    private static func formField(_ value: LuaSlot) throws(GiveUp) -> Component.FormField {
        let r = try Record(
            value,
            keys: ["kind", "name", "label", "placeholder", "value", "checked", "min_length", "max_length", "required", "multiline", "options"])
        guard let kind: Component.FormField.Kind = try r.choice("kind") else { throw GiveUp() }
        var field = Component.FormField(kind, name: try r.string("name"), label: try r.string("label"))
        field.placeholder = try r.optionalString("placeholder")
        field.value = try r.optionalString("value")
        field.checked = try r.optionalBoolean("checked") ?? false
        field.minLength = try r.optional("min_length") { v throws(GiveUp) in try Record.integer(v) }
        field.maxLength = try r.optional("max_length") { v throws(GiveUp) in try Record.integer(v) }
        field.required = try r.optionalBoolean("required") ?? false
        field.multiline = try r.optionalBoolean("multiline") ?? false
        field.options = try r.optionalList("options") { v throws(GiveUp) in
            let o = try Record(v, keys: ["value", "label"])
            return Component.FormField.Option(try o.string("value"), label: try o.string("label"))
        }
        return field
    }

    private static func page(_ value: LuaSlot) throws(GiveUp) -> Component.Onboarding.Page {
        let r = try Record(value, keys: ["title", "body", "background", "action"])
        return Component.Onboarding.Page(
            title: try r.string("title"), body: try r.string("body"),
            background: try r.list("background", layer), action: try r.optional("action", action))
    }

    private static func layer(_ value: LuaSlot) throws(GiveUp) -> Component.Onboarding.Layer {
        let r = try Record(value, keys: ["image", "position", "depth", "placeholder"])
        let position = try r.record("position", keys: ["x", "y"]) { p throws(GiveUp) in
            Component.Onboarding.Position(x: try p.double("x"), y: try p.double("y"))
        }
        return Component.Onboarding.Layer(
            image: try r.string("image"), position: position,
            depth: try r.double("depth"), placeholder: try r.optionalString("placeholder"))
    }
}

/// The reader's one answer to anything it is not sure of.
struct GiveUp: Error {}

/// A Lua table read as a record of known fields: any other key, or a list part, gives up.
struct Record {
    private let slot: LuaSlot

    init(_ slot: LuaSlot, keys: [String]) throws(GiveUp) {
        guard slot.isPlainTable, slot.length == 0 else { throw GiveUp() }
        let known = slot.forEachEntry { key, _ in key.string().map(keys.contains) ?? false }
        guard known else { throw GiveUp() }
        self.slot = slot
    }

    func string(_ key: String) throws(GiveUp) -> String { try slot.withField(key, Self.string) }
    func double(_ key: String) throws(GiveUp) -> Double { try slot.withField(key, Self.double) }
    func integer(_ key: String) throws(GiveUp) -> Int { try slot.withField(key, Self.integer) }
    func optionalBoolean(_ key: String) throws(GiveUp) -> Bool? {
        try optional(key) { v throws(GiveUp) in
            guard let b = v.boolean() else { throw GiveUp() }
            return b
        }
    }

    func optionalString(_ key: String) throws(GiveUp) -> String? { try optional(key, Self.string) }
    func optionalDouble(_ key: String) throws(GiveUp) -> Double? { try optional(key, Self.double) }

    /// A field that must be present, read by `read`.
    func required<T>(_ key: String, _ read: (LuaSlot) throws(GiveUp) -> T) throws(GiveUp) -> T {
        try slot.withField(key) { v throws(GiveUp) in
            if v.isNil { throw GiveUp() }
            return try read(v)
        }
    }

    /// A field that may be absent (nil).
    func optional<T>(_ key: String, _ read: (LuaSlot) throws(GiveUp) -> T) throws(GiveUp) -> T? {
        try slot.withField(key) { v throws(GiveUp) in v.isNil ? nil : try read(v) }
    }

    /// A record field that must be present, with these keys, read by `read`.
    func record<T>(_ key: String, keys: [String], _ read: (Record) throws(GiveUp) -> T) throws(GiveUp) -> T {
        try slot.withField(key) { v throws(GiveUp) in try read(Record(v, keys: keys)) }
    }

    /// A list that must be present; an empty table is an empty list.
    func list<T>(_ key: String, _ read: (LuaSlot) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        try slot.withField(key) { v throws(GiveUp) in try Self.list(v, read) }
    }

    /// A list that may be absent (empty).
    func optionalList<T>(_ key: String, _ read: (LuaSlot) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        try slot.withField(key) { v throws(GiveUp) in v.isNil ? [] : try Self.list(v, read) }
    }

    /// A string that names a case of `T`, if present.
    func choice<T: RawRepresentable>(_ key: String) throws(GiveUp) -> T? where T.RawValue == String {
        guard let raw = try optionalString(key) else { return nil }
        guard let value = T(rawValue: raw) else { throw GiveUp() }
        return value
    }

    /// A map of strings to strings that may be absent (empty).
    func stringMap(_ key: String) throws(GiveUp) -> [String: String] {
        try slot.withField(key) { v throws(GiveUp) in
            if v.isNil { return [:] }
            guard v.isPlainTable, v.length == 0 else { throw GiveUp() }
            var map: [String: String] = [:]
            let valid = v.forEachEntry { key, value in
                guard let k = key.string(), let s = value.string() else { return false }
                map[k] = s
                return true
            }
            guard valid else { throw GiveUp() }
            return map
        }
    }

    static func string(_ value: LuaSlot) throws(GiveUp) -> String {
        guard let s = value.string() else { throw GiveUp() }
        return s
    }

    static func integer(_ value: LuaSlot) throws(GiveUp) -> Int {
        guard let i = value.integer() else { throw GiveUp() }
        return i
    }

    static func double(_ value: LuaSlot) throws(GiveUp) -> Double {
        guard let d = value.number() else { throw GiveUp() }
        return d
    }

    /// A table whose keys are exactly 1...n (a list with holes is the Codable path's).
    static func list<T>(_ value: LuaSlot, _ read: (LuaSlot) throws(GiveUp) -> T) throws(GiveUp) -> [T] {
        guard value.isPlainTable else { throw GiveUp() }
        let count = value.length
        var entries = 0
        value.forEachEntry { _, _ in
            entries += 1; return entries <= count
        }
        guard entries == count else { throw GiveUp() }
        var out: [T] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(try value.withElement(i + 1, read)) }
        return out
    }

    /// `[a, b, ...]`: exactly `count` numbers.
    static func numbers(_ value: LuaSlot, count: Int) throws(GiveUp) -> [Double] {
        guard value.length == count else { throw GiveUp() }
        return try list(value, double)
    }
}
