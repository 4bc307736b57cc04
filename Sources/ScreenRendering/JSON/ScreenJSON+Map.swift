import ScreenModel

// The map as PrettyJSON writes it: each type's `encode(to:)`, keys in UTF-8 order (see
// ScreenJSON.swift). Most of a map screen's bytes are its boundary's coordinates.

extension Component.Map {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("annotations", annotations)
            json.key("bbox")
            json.array { json in
                json.element(bbox.west)
                json.element(bbox.south)
                json.element(bbox.east)
                json.element(bbox.north)
            }
            if !boundary.isEmpty {
                json.key("boundary")
                json.array(boundary) { json, ring in json.array(ring) { json, position in position.write(to: &json) } }
            }
            json.field("camera", camera)
            json.fieldIfPresent("id", id)
            json.fieldUnlessEmpty("regions", regions)
            json.field("size", size)
            json.field("type", "map")
            json.fieldIfPresent("visitor", visitor)
        }
    }
}

extension Component.Map.Visitor: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("accuracy", accuracy)
            json.field("coordinate", coordinate)
        }
    }
}

extension Component.Map.Camera: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("center", center)
            json.field("zoom", zoom)
        }
    }
}

extension Component.Map.Size: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("height", height)
            json.field("width", width)
        }
    }
}

extension Component.Map.Annotation: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        switch self {
        case .cluster(let cluster): cluster.write(to: &json)
        case .pin(let pin): pin.write(to: &json)
        }
    }
}

extension Component.Map.Cluster {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.fieldUnlessEmpty("categories", categories)
            json.field("coordinate", coordinate)
            json.field("count", count)
            json.field("expansion_zoom", expansionZoom)
            json.field("id", id)
            json.field("type", "cluster")
        }
    }
}

extension Component.Map.CategoryCount: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("category", category)
            json.field("count", count)
            json.fieldIfPresent("name", name)
        }
    }
}

extension Component.Map.Pin {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.fieldIfPresent("category", category)
            json.fieldIfPresent("category_name", categoryName)
            json.field("coordinate", coordinate)
            json.field("id", id)
            if layer != .sites { json.field("layer", layer.rawValue) }
            json.field("title", title)
            json.field("type", "pin")
        }
    }
}
