import LuaKit
import ScreenModel

// Maps, timelines and AR views as ScreenReader reads them: the same fields and defaults as
// their `init(from:)`, giving up where those would throw or be lenient.

extension ScreenReader {
    static func coordinate(_ value: LuaSlot) throws(GiveUp) -> Component.Coordinate {
        let numbers = try Record.numbers(value, count: 2)
        return Component.Coordinate(latitude: numbers[1], longitude: numbers[0])
    }

    private static func ring(_ value: LuaSlot) throws(GiveUp) -> [Component.Coordinate] {
        try Record.list(value, coordinate)
    }

    static func map(_ value: LuaSlot) throws(GiveUp) -> Component.Map {
        let r = try Record(value, keys: ["type", "id", "camera", "bbox", "size", "annotations", "boundary", "regions", "visitor"])
        let camera = try r.record("camera", keys: ["center", "zoom"]) { c throws(GiveUp) in
            Component.Map.Camera(center: try c.required("center", coordinate), zoom: try c.double("zoom"))
        }
        let box = try r.required("bbox") { v throws(GiveUp) in try Record.numbers(v, count: 4) }
        return Component.Map(
            camera: camera,
            bbox: Component.Map.BoundingBox(west: box[0], south: box[1], east: box[2], north: box[3]),
            size: try r.record("size", keys: ["width", "height"], size), annotations: try r.list("annotations", annotation),
            boundary: try r.optionalList("boundary", ring), regions: try r.optionalList("regions", region),
            visitor: try r.optional("visitor") { v throws(GiveUp) in
                let visitor = try Record(v, keys: ["coordinate", "accuracy"])
                return Component.Map.Visitor(coordinate: try visitor.required("coordinate", coordinate), accuracy: try visitor.double("accuracy"))
            }, id: try r.optionalString("id"))
    }

    private static func size(_ r: Record) throws(GiveUp) -> Component.Map.Size {
        Component.Map.Size(width: try r.double("width"), height: try r.double("height"))
    }

    private static func annotation(_ value: LuaSlot) throws(GiveUp) -> Component.Map.Annotation {
        switch value.withField("type", { $0.string() }) {
        case "pin":
            let r = try Record(value, keys: ["type", "id", "coordinate", "title", "category", "category_name", "action", "layer"])
            return .pin(
                Component.Map.Pin(
                    id: try r.string("id"), coordinate: try r.required("coordinate", coordinate),
                    title: try r.string("title"), category: try r.optionalString("category"),
                    action: try r.optional("action", action), layer: try r.choice("layer") ?? .sites,
                    categoryName: try r.optionalString("category_name")))
        case "cluster":
            let r = try Record(value, keys: ["type", "id", "coordinate", "count", "expansion_zoom", "categories", "action"])
            return .cluster(
                Component.Map.Cluster(
                    id: try r.string("id"), coordinate: try r.required("coordinate", coordinate), count: try r.integer("count"),
                    expansionZoom: try r.integer("expansion_zoom"),
                    categories: try r.optionalList("categories") { v throws(GiveUp) in
                        let c = try Record(v, keys: ["category", "count", "name"])
                        return Component.Map.CategoryCount(
                            try c.string("category"), count: try c.integer("count"), name: try c.optionalString("name"))
                    },
                    action: try r.optional("action", action)))
        default: throw GiveUp()
        }
    }

    static func timeline(_ value: LuaSlot) throws(GiveUp) -> Component.Timeline {
        let r = try Record(value, keys: ["type", "id", "title", "start", "end", "entries", "track", "regions", "paths", "facts", "timezone"])
        return Component.Timeline(
            start: try r.double("start"), end: try r.double("end"), entries: try r.list("entries", entry),
            track: try r.optionalList("track", coordinate), regions: try r.optionalList("regions", region),
            paths: try r.optionalList("paths") { v throws(GiveUp) in
                let p = try Record(v, keys: ["id", "name", "points"])
                return Component.Timeline.Path(id: try p.string("id"), name: try p.string("name"), points: try p.list("points", coordinate))
            },
            facts: try r.optionalList("facts") { v throws(GiveUp) in
                let f = try Record(v, keys: ["label", "value"])
                return Component.Timeline.Fact(try f.string("label"), value: try f.string("value"))
            },
            title: try r.optionalString("title"), id: try r.optionalString("id"), timezone: try r.optionalString("timezone"))
    }

    private static func entry(_ value: LuaSlot) throws(GiveUp) -> Component.Timeline.Entry {
        let r = try Record(value, keys: ["time", "kind", "title", "detail", "region", "position"])
        guard let kind: Component.Timeline.Entry.Kind = try r.choice("kind") else { throw GiveUp() }
        return Component.Timeline.Entry(
            time: try r.double("time"), kind: kind, title: try r.string("title"),
            detail: try r.optionalString("detail"), region: try r.optionalString("region"),
            position: try r.optional("position", coordinate))
    }

    static func region(_ value: LuaSlot) throws(GiveUp) -> Component.Timeline.Region {
        if !value.withField("rings", { $0.isNil }) {
            let r = try Record(value, keys: ["id", "name", "rings"])
            return Component.Timeline.Region(id: try r.string("id"), name: try r.string("name"), shape: .area(rings: try r.list("rings", ring)))
        }
        let r = try Record(value, keys: ["id", "name", "center", "radius"])
        return Component.Timeline.Region(
            id: try r.string("id"), name: try r.string("name"),
            shape: .circle(center: try r.required("center", coordinate), radius: try r.double("radius")))
    }

    static func ar(_ value: LuaSlot) throws(GiveUp) -> Component.AR {
        let r = try Record(value, keys: ["type", "id", "camera", "size", "max_distance", "pins", "off_screen", "empty"])
        let camera = try r.record("camera", keys: ["position", "altitude", "heading", "pitch", "fov"]) { c throws(GiveUp) in
            Component.AR.Camera(
                position: try c.required("position", coordinate), altitude: try c.optionalDouble("altitude"),
                heading: try c.double("heading"), pitch: try c.double("pitch"), fieldOfView: try c.double("fov"))
        }
        return Component.AR(
            camera: camera,
            size: try r.record("size", keys: ["width", "height"], size), maximumDistance: try r.double("max_distance"), pins: try r.list("pins", arPin),
            offScreen: try r.list("off_screen", offScreen), empty: try r.optionalString("empty"), id: try r.optionalString("id"))
    }

    private static func arPin(_ value: LuaSlot) throws(GiveUp) -> Component.AR.Pin {
        let r = try Record(value, keys: ["id", "title", "subtitle", "coordinate", "distance", "bearing", "x", "y", "label", "stack", "z", "action"])
        let label = try r.record("label", keys: ["x", "y", "width", "height"]) { l throws(GiveUp) in
            Component.AR.LabelBox(x: try l.double("x"), y: try l.double("y"), width: try l.double("width"), height: try l.double("height"))
        }
        return Component.AR.Pin(
            id: try r.string("id"), title: try r.string("title"), subtitle: try r.optionalString("subtitle"),
            coordinate: try r.required("coordinate", coordinate), distance: try r.double("distance"), bearing: try r.double("bearing"),
            x: try r.double("x"), y: try r.double("y"),
            label: label,
            stack: try r.integer("stack"), z: try r.integer("z"), action: try r.optional("action", action))
    }

    private static func offScreen(_ value: LuaSlot) throws(GiveUp) -> Component.AR.OffScreen {
        let r = try Record(value, keys: ["id", "title", "distance", "bearing", "turn", "degrees"])
        guard let turn: Component.AR.OffScreen.Turn = try r.choice("turn") else { throw GiveUp() }
        return Component.AR.OffScreen(
            id: try r.string("id"), title: try r.string("title"), distance: try r.double("distance"),
            bearing: try r.double("bearing"), turn: turn, degrees: try r.double("degrees"))
    }
}
