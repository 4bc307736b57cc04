import ScreenModel

// The geofence timeline as PrettyJSON writes it: each type's `encode(to:)`, keys in UTF-8
// order (see ScreenJSON.swift).

extension Component.Timeline {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("end", end)
            json.field("entries", entries)
            json.fieldUnlessEmpty("facts", facts)
            json.fieldIfPresent("id", id)
            json.fieldUnlessEmpty("paths", paths)
            json.fieldUnlessEmpty("regions", regions)
            json.field("start", start)
            json.fieldIfPresent("timezone", timezone)
            json.fieldIfPresent("title", title)
            json.fieldUnlessEmpty("track", track)
            json.field("type", "timeline")
        }
    }
}

extension Component.Timeline.Entry: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("detail", detail)
            json.field("kind", kind.rawValue)
            json.fieldIfPresent("position", position)
            json.fieldIfPresent("region", region)
            json.field("time", time)
            json.field("title", title)
        }
    }
}

extension Component.Timeline.Region: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            switch shape {
            case .circle(let center, let radius):
                json.field("center", center)
                json.field("id", id)
                json.field("name", name)
                json.field("radius", radius)
            case .area(let rings):
                json.field("id", id)
                json.field("name", name)
                json.key("rings")
                json.array(rings) { json, ring in json.array(ring) { json, position in position.write(to: &json) } }
            }
        }
    }
}

extension Component.Timeline.Path: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("id", id)
            json.field("name", name)
            json.field("points", points)
        }
    }
}

extension Component.Timeline.Fact: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("label", label)
            json.field("value", value)
        }
    }
}
