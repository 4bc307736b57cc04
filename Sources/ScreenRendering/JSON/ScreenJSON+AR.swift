import ScreenModel

// The AR view as PrettyJSON writes it: each type's `encode(to:)`, keys in UTF-8 order (see
// ScreenJSON.swift).

extension Component.AR {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("camera", camera)
            json.fieldIfPresent("empty", empty)
            json.fieldIfPresent("id", id)
            json.field("max_distance", maximumDistance)
            json.field("off_screen", offScreen)
            json.field("pins", pins)
            json.field("size", size)
            json.field("type", "ar")
        }
    }
}

extension Component.AR.Camera: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("altitude", altitude)
            json.field("fov", fieldOfView)
            json.field("heading", heading)
            json.field("pitch", pitch)
            json.field("position", position)
        }
    }
}

extension Component.AR.Pin: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.field("bearing", bearing)
            json.field("coordinate", coordinate)
            json.field("distance", distance)
            json.field("id", id)
            json.field("label", label)
            json.field("stack", stack)
            json.fieldIfPresent("subtitle", subtitle)
            json.field("title", title)
            json.field("x", x)
            json.field("y", y)
            json.field("z", z)
        }
    }
}

extension Component.AR.LabelBox: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("height", height)
            json.field("width", width)
            json.field("x", x)
            json.field("y", y)
        }
    }
}

extension Component.AR.OffScreen: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("bearing", bearing)
            json.field("degrees", degrees)
            json.field("distance", distance)
            json.field("id", id)
            json.field("title", title)
            json.field("turn", turn.rawValue)
        }
    }
}
