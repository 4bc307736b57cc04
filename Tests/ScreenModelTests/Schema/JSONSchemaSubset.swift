import Foundation

/// A validator for the part of JSON Schema 2020-12 that `schema/screen.schema.json`
/// uses: type, const, enum, required, properties, additionalProperties, items,
/// prefixItems, oneOf, $ref into $defs, minimum, exclusiveMinimum, maximum, exclusiveMaximum,
/// minLength, minItems, maxItems, pattern.
/// Annotations ($schema, $id, title, description, default, examples) are ignored; any other
/// keyword is reported by ``unsupportedKeywords()`` so the schema cannot rely on
/// a rule these tests would silently skip.
struct JSONSchemaSubset {
    /// An object that matched a schema with `properties`: which keys the schema
    /// names and which the instance has.
    struct ObjectMatch: Hashable {
        var definition: String
        var schemaKeys: Set<String>
        var instanceKeys: Set<String>
    }

    static let keywords: Set<String> = [
        "type", "const", "enum", "required", "properties", "additionalProperties", "items", "prefixItems", "oneOf",
        "$ref", "$defs", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "minLength", "minItems", "maxItems", "pattern",
        "$schema", "$id", "title", "description", "default", "examples",
    ]

    let root: JSONValue

    /// Why `instance` does not validate; empty when it does.
    func errors(in instance: JSONValue) -> [String] {
        var errors: [String] = []
        var matches: [ObjectMatch] = []
        check(instance, against: root, definition: "(root)", path: "$", errors: &errors, matches: &matches)
        return errors
    }

    /// The objects of a valid `instance` and the schema each matched.
    func objectMatches(in instance: JSONValue) -> [ObjectMatch] {
        var errors: [String] = []
        var matches: [ObjectMatch] = []
        check(instance, against: root, definition: "(root)", path: "$", errors: &errors, matches: &matches)
        return matches
    }

    /// Keywords in the schema that this validator does not implement.
    func unsupportedKeywords() -> [String] {
        var found: [String] = []
        walkSchema(root, path: "#", found: &found)
        return found
    }

    /// The definition `#/$defs/name` points to.
    func definition(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/") else { return nil }
        return root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
    }

    // MARK: - Private

    private func check(
        _ value: JSONValue, against schema: JSONValue, definition: String, path: String,
        errors: inout [String], matches: inout [ObjectMatch]
    ) {
        guard let rules = schema.object else { return errors.append("\(path): schema is not an object") }
        var definition = definition
        if let reference = rules["$ref"]?.string {
            guard let target = self.definition(reference) else { return errors.append("\(path): cannot resolve \(reference)") }
            definition = String(reference.split(separator: "/").last ?? "")
            check(value, against: target, definition: definition, path: path, errors: &errors, matches: &matches)
        }
        if let type = rules["type"]?.string, !Self.has(value, type: type) {
            errors.append("\(path): expected \(type)")
            return
        }
        if let constant = rules["const"], value != constant { errors.append("\(path): expected const \(constant)") }
        if let choices = rules["enum"]?.array, !choices.contains(value) { errors.append("\(path): \(value) not in enum") }
        if case .string(let text) = value {
            checkString(text, rules: rules, path: path, errors: &errors)
        }
        if case .number(let number) = value {
            if case .number(let low)? = rules["minimum"], number < low { errors.append("\(path): \(number) < minimum \(low)") }
            if case .number(let low)? = rules["exclusiveMinimum"], number <= low { errors.append("\(path): \(number) <= exclusiveMinimum \(low)") }
            if case .number(let high)? = rules["maximum"], number > high { errors.append("\(path): \(number) > maximum \(high)") }
            if case .number(let high)? = rules["exclusiveMaximum"], number >= high { errors.append("\(path): \(number) >= exclusiveMaximum \(high)") }
        }
        if case .array(let elements) = value {
            if case .number(let least)? = rules["minItems"], Double(elements.count) < least { errors.append("\(path): fewer than \(least) items") }
            if case .number(let most)? = rules["maxItems"], Double(elements.count) > most { errors.append("\(path): more than \(most) items") }
            // 2020-12: prefixItems checks the leading elements by position, items the rest.
            let prefix = rules["prefixItems"]?.array ?? []
            for (index, element) in elements.enumerated() {
                guard let schema = index < prefix.count ? prefix[index] : rules["items"] else { continue }
                check(element, against: schema, definition: definition, path: "\(path)[\(index)]", errors: &errors, matches: &matches)
            }
        }
        if case .object(let members) = value {
            checkObject(members, rules: rules, definition: definition, path: path, errors: &errors, matches: &matches)
        }
        if let branches = rules["oneOf"]?.array {
            checkOneOf(value, branches: branches, definition: definition, path: path, errors: &errors, matches: &matches)
        }
    }

    private func checkString(_ text: String, rules: [String: JSONValue], path: String, errors: inout [String]) {
        if case .number(let least)? = rules["minLength"], Double(text.unicodeScalars.count) < least {
            errors.append("\(path): shorter than \(least)")
        }
        if let pattern = rules["pattern"]?.string {
            guard let regex = try? Regex(pattern) else { return errors.append("\(path): bad pattern \(pattern)") }
            if text.firstMatch(of: regex) == nil { errors.append("\(path): '\(text)' does not match \(pattern)") }
        }
    }

    private func checkObject(
        _ members: [String: JSONValue], rules: [String: JSONValue], definition: String, path: String,
        errors: inout [String], matches: inout [ObjectMatch]
    ) {
        for case .string(let key) in rules["required"]?.array ?? [] where members[key] == nil {
            errors.append("\(path): missing required '\(key)'")
        }
        let properties = rules["properties"]?.object ?? [:]
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
            if let schema = properties[key] {
                check(member, against: schema, definition: definition, path: "\(path).\(key)", errors: &errors, matches: &matches)
            } else if rules["additionalProperties"] == .bool(false) {
                errors.append("\(path): unexpected key '\(key)'")
            } else if let extra = rules["additionalProperties"], extra.object != nil {
                check(member, against: extra, definition: definition, path: "\(path).\(key)", errors: &errors, matches: &matches)
            }
        }
        if rules["properties"] != nil {
            matches.append(ObjectMatch(definition: definition, schemaKeys: Set(properties.keys), instanceKeys: Set(members.keys)))
        }
    }

    private func checkOneOf(
        _ value: JSONValue, branches: [JSONValue], definition: String, path: String,
        errors: inout [String], matches: inout [ObjectMatch]
    ) {
        var passing: [[ObjectMatch]] = []
        var closest: [String]?
        for branch in branches {
            var branchErrors: [String] = []
            var branchMatches: [ObjectMatch] = []
            check(value, against: branch, definition: definition, path: path, errors: &branchErrors, matches: &branchMatches)
            if branchErrors.isEmpty {
                passing.append(branchMatches)
            } else if closest == nil || branchErrors.count < closest?.count ?? 0 {
                closest = branchErrors
            }
        }
        if passing.count == 1 {
            matches += passing[0]
        } else if passing.isEmpty {
            errors.append("\(path): matches no oneOf branch; closest: \((closest ?? []).joined(separator: "; "))")
        } else {
            errors.append("\(path): matches \(passing.count) oneOf branches")
        }
    }

    private func walkSchema(_ schema: JSONValue, path: String, found: inout [String]) {
        guard let rules = schema.object else { return }
        for (keyword, value) in rules.sorted(by: { $0.key < $1.key }) {
            if !Self.keywords.contains(keyword) { found.append("\(path)/\(keyword)") }
            switch keyword {
            case "properties", "$defs":
                for (name, child) in value.object ?? [:] { walkSchema(child, path: "\(path)/\(keyword)/\(name)", found: &found) }
            case "items", "additionalProperties":
                walkSchema(value, path: "\(path)/\(keyword)", found: &found)
            case "oneOf", "prefixItems":
                for (index, child) in (value.array ?? []).enumerated() { walkSchema(child, path: "\(path)/\(keyword)/\(index)", found: &found) }
            default:
                break
            }
        }
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number):
            true
        case ("integer", .number(let number)):
            number.rounded() == number
        default:
            false
        }
    }
}
