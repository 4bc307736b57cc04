import ScreenModel

// A form and its fields as PrettyJSON writes them: each one's `encode(to:)`, keys in UTF-8
// order (see ScreenJSON.swift).

extension Component.Form {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("fields", fields)
            json.fieldIfPresent("id", id)
            json.field("submit", submit)
            json.fieldIfPresent("title", title)
            json.field("type", "form")
        }
    }
}

extension Component.FormField: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            if checked { json.field("checked", true) }
            json.field("kind", kind.rawValue)
            json.field("label", label)
            json.fieldIfPresent("max_length", maxLength)
            json.fieldIfPresent("min_length", minLength)
            if multiline { json.field("multiline", true) }
            json.field("name", name)
            json.fieldUnlessEmpty("options", options)
            json.fieldIfPresent("placeholder", placeholder)
            if required { json.field("required", true) }
            json.fieldIfPresent("value", value)
        }
    }
}

extension Component.FormField.Option: PrettyJSONWritable {
    func write(to json: inout PrettyJSON) {
        json.object { json in
            json.field("label", label)
            json.field("value", value)
        }
    }
}
