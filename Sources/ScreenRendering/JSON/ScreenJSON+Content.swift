import ScreenModel

// Text, pictures, cards, lists, buttons and onboarding as PrettyJSON writes them: each one's
// `encode(to:)`, keys in UTF-8 order (see ScreenJSON.swift).

extension Component.Text {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("id", id)
            if style != .body { json.field("style", style.rawValue) }
            json.field("text", text)
            json.field("type", "text")
        }
    }
}

extension Component.Image {
    /// `type` is nil for a card's picture, which is not a component of its own.
    func write(to json: inout PrettyJSON, type: String?) {
        json.object { json in
            json.field("alt", alt)
            json.fieldIfPresent("id", id)
            json.fieldIfPresent("placeholder", placeholder)
            if priority != .normal { json.field("priority", priority.rawValue) }
            json.fieldIfPresent("type", type)
            json.field("url", url)
        }
    }
}

extension Component.Card {
    /// `type` is nil for a carousel's card, which is not a component of its own.
    func write(to json: inout PrettyJSON, type: String?) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.fieldUnlessEmpty("badges", badges)
            json.fieldIfPresent("body", body)
            json.fieldIfPresent("id", id)
            if let image {
                json.key("image")
                image.write(to: &json, type: nil)
            }
            json.fieldIfPresent("subtitle", subtitle)
            json.field("title", title)
            json.fieldIfPresent("type", type)
        }
    }
}

extension Component.List {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("empty", empty)
            json.fieldIfPresent("id", id)
            json.field("items", items)
            json.fieldIfPresent("title", title)
            json.field("type", "list")
        }
    }
}

extension Component.ListItem: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.fieldIfPresent("badge", badge)
            json.fieldIfPresent("detail", detail)
            json.fieldIfPresent("id", id)
            json.fieldIfPresent("subtitle", subtitle)
            json.field("title", title)
        }
    }
}

extension Component.Carousel {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.key("cards")
            json.array(cards) { json, card in card.write(to: &json, type: nil) }
            json.fieldIfPresent("id", id)
            json.fieldIfPresent("title", title)
            json.field("type", "carousel")
        }
    }
}

extension Component.Button {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("action", action)
            json.fieldIfPresent("id", id)
            json.field("label", label)
            if style != .primary { json.field("style", style.rawValue) }
            json.field("type", "button")
        }
    }
}

extension Component.Onboarding {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("id", id)
            json.field("pages", pages)
            json.field("type", "onboarding")
        }
    }
}

extension Component.Onboarding.Page: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("action", action)
            json.field("background", background)
            json.field("body", body)
            json.field("title", title)
        }
    }
}

extension Component.Onboarding.Layer: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("depth", depth)
            json.field("image", image)
            json.fieldIfPresent("placeholder", placeholder)
            json.field("position", position)
        }
    }
}

extension Component.Onboarding.Position: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("x", x)
            json.field("y", y)
        }
    }
}
