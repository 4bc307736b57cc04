import Formats
/// One GeoJSON feature as read, before a site or boundary reader applies its own rules.
struct Feature: Sendable {
    /// The 0-based index in the collection's `features`; `nil` when the file is a single
    /// Feature or a bare geometry.
    var index: Int?
    /// The feature's own `id` member (RFC 7946 §3.2), not `properties.id`.
    var id: JSONValue?
    /// The geometry; `nil` for `"geometry": null` or a missing member.
    var geometry: Geometry?
    /// The `properties` object; empty for `null` or a missing member.
    var properties: [String: JSONValue]

    /// The feature's name for messages: `properties.name`, else its `id`, else `properties.id`.
    var label: String? {
        if case .string(let name)? = properties["name"], !name.isBlank { return name }
        for candidate in [id, properties["id"]] {
            switch candidate {
            case .string(let text)? where !text.isBlank: return text
            case .number(let number)?: return GeoError.text(number)
            default: continue
            }
        }
        return nil
    }

    /// `error` located at this feature (when it is one of a collection).
    func locate(_ error: GeoError) -> GeoError {
        guard let index else { return error }
        return error.inFeature(index, label: label)
    }
}
