import ScreenModel

// The screen model written by PrettyJSON: each type writes the object its `encode(to:)`
// writes, with the same omissions, its keys in UTF-8 order (the order JSONEncoder's
// `.sortedKeys` gives on Linux). A component's `type` is one of its object's keys, so
// it sits among the others in that order, as the Codable path merges it.
//
// A field added to the model and to `encode(to:)` but not here fails `ScreenJSONTests`,
// which compares the two paths on every golden screen and on randomized ones.

extension Screen: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("flow", flow)
            json.field("park", park)
            json.field("schema", schema)
            json.field("sections", sections)
            json.fieldIfPresent("subtitle", subtitle)
            json.fieldIfPresent("theme", theme)
            json.field("title", title)
        }
    }
}

extension Theme: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("accent", accent)
            json.field("background", background)
            json.field("primary", primary)
        }
    }
}

extension Action: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            if case .directions(let place) = target { json.fieldIfPresent("address", place.address) }
            if let (_, args, _) = flowTarget, !args.isEmpty {
                json.key("args")
                json.sortedObject(args)
            }
            if let (flow, _, _) = flowTarget { json.field("flow", flow) }
            json.fieldIfPresent("id", id)
            json.field("kind", kind)
            json.fieldIfPresent("label", label)
            if case .directions(let place) = target {
                json.field("lat", place.latitude)
                json.field("lon", place.longitude)
                json.field("name", place.name)
            }
            if case .go(_, _, let park) = target { json.fieldIfPresent("park", park) }
            if case .call(let phone) = target { json.field("phone", phone) }
            if case .url(let url) = target { json.field("url", url) }
        }
    }
}

extension Component: PrettyJSONWritable {
    /// The payload's object, with its `type` among its keys.
    func write(to json: inout PrettyJSON) {
        switch self {
        case .text(let text): text.write(to: &json)
        case .image(let image): image.write(to: &json, type: "image")
        case .card(let card): card.write(to: &json, type: "card")
        case .list(let list): list.write(to: &json)
        case .carousel(let carousel): carousel.write(to: &json)
        case .button(let button): button.write(to: &json)
        case .form(let form): form.write(to: &json)
        case .onboarding(let onboarding): onboarding.write(to: &json)
        case .map(let map): map.write(to: &json)
        case .timeline(let timeline): timeline.write(to: &json)
        case .ar(let ar): ar.write(to: &json)
        }
    }
}

extension Component.Coordinate: PrettyJSONWritable {
    /// `[longitude, latitude]`.
    func write(to json: inout PrettyJSON) {
        json.array { json in
            json.element(longitude)
            json.element(latitude)
        }
    }
}
