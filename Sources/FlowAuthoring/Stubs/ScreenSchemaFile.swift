import Formats
public import ScreenModel

/// Writes `schema/screen.schema.json`, the screen contract as JSON Schema (2020-12) for app
/// clients, from ``ScreenModel/ScreenContract``: the root's fields, then every definition
/// under `$defs` in the contract's order. Objects allow no other keys; optional fields are
/// omitted, never null. `flowrun stubs` writes it and `--check` reports it stale.
public enum ScreenSchemaFile {
    /// The generated file's path, relative to the project root.
    public static let file = "schema/screen.schema.json"

    /// The file's whole text for `definitions` (the contract's, unless a test adds one).
    public static func text(
        root: SchemaDefinition = ScreenContract.root, definitions: [SchemaDefinition] = ScreenContract.definitions
    )
        -> String
    {
        var out = "{\n"
        out += "  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"
        out += "  \"$id\": \(JSONValue.quoted(ScreenContract.id)),\n"
        out += "  \"title\": \(JSONValue.quoted(ScreenContract.title)),\n"
        out += members(of: root.node, indent: 1) + ",\n"
        out += "  \"$defs\": {\n"
        out += definitions.map { "    \(JSONValue.quoted($0.name)): \(node($0.node, indent: 2))" }.joined(separator: ",\n")
        out += "\n  }\n}\n"
        return out
    }

    /// A node as JSON: inline when it holds no object of fields, else one field a line.
    private static func node(_ node: SchemaNode, indent: Int) -> String {
        if case .object = node.shape {
            return "{\n" + members(of: node, indent: indent + 1) + "\n" + String(repeating: "  ", count: indent) + "}"
        }
        return "{ " + keywords(node, indent: indent).map { "\(JSONValue.quoted($0.key)): \($0.value)" }.joined(separator: ", ") + " }"
    }

    /// An object node's keywords, one a line at `indent`, `properties` last and one field a line.
    private static func members(of object: SchemaNode, indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent)
        guard case .object(let properties) = object.shape else { return "" }
        var lines: [String] = []
        if let description = object.description { lines.append("\(pad)\"description\": \(JSONValue.quoted(description))") }
        lines.append("\(pad)\"type\": \"object\"")
        lines.append("\(pad)\"additionalProperties\": false")
        let required = properties.filter(\.isRequired).map { JSONValue.quoted($0.name) }
        if !required.isEmpty { lines.append("\(pad)\"required\": [\(required.joined(separator: ", "))]") }
        let fields = properties.map { "\(pad)  \(JSONValue.quoted($0.name)): \(node($0.node, indent: indent + 1))" }
        lines.append("\(pad)\"properties\": {\n" + fields.joined(separator: ",\n") + "\n\(pad)}")
        return lines.joined(separator: ",\n")
    }

    /// The keywords of a node that is not an object of fields, in a fixed order, its
    /// description last.
    private static func keywords(_ node: SchemaNode, indent: Int) -> [(key: String, value: String)] {
        var out: [(key: String, value: String)] = []
        switch node.shape {
        case .string(let minLength, let pattern):
            out.append(("type", "\"string\""))
            if let minLength { out.append(("minLength", "\(minLength)")) }
            if let pattern { out.append(("pattern", JSONValue.quoted(pattern))) }
            if !node.examples.isEmpty { out.append(("examples", "[" + node.examples.map(JSONValue.quoted).joined(separator: ", ") + "]")) }
        case .number(let bounds), .integer(let bounds):
            if case .integer = node.shape { out.append(("type", "\"integer\"")) } else { out.append(("type", "\"number\"")) }
            let limits = [
                ("minimum", bounds.minimum), ("maximum", bounds.maximum), ("exclusiveMinimum", bounds.exclusiveMinimum),
                ("exclusiveMaximum", bounds.exclusiveMaximum),
            ]
            for case (let key, let value?) in limits { out.append((key, number(value))) }
        case .boolean:
            out.append(("type", "\"boolean\""))
        case .constant(let value):
            out.append(("const", JSONValue.quoted(value)))
        case .choice(let values, let defaultValue):
            out.append(("enum", "[" + values.map(JSONValue.quoted).joined(separator: ", ") + "]"))
            if let defaultValue { out.append(("default", JSONValue.quoted(defaultValue))) }
        case .array(let items, let prefixItems, let minItems, let maxItems):
            out.append(("type", "\"array\""))
            if let items { out.append(("items", self.node(items, indent: indent))) }
            if !prefixItems.isEmpty { out.append(("prefixItems", "[" + prefixItems.map { self.node($0, indent: indent) }.joined(separator: ", ") + "]")) }
            if let minItems { out.append(("minItems", "\(minItems)")) }
            if let maxItems { out.append(("maxItems", "\(maxItems)")) }
        case .object:
            break  // written by members(of:indent:)
        case .map(let values):
            out.append(("type", "\"object\""))
            out.append(("additionalProperties", self.node(values, indent: indent)))
        case .reference(let name):
            out.append(("$ref", JSONValue.quoted("#/$defs/" + name)))
        case .oneOf(let variants):
            out.append(("oneOf", "[" + variants.map { self.node($0, indent: indent) }.joined(separator: ", ") + "]"))
        }
        if let description = node.description { out.append(("description", JSONValue.quoted(description))) }
        return out
    }

    /// A whole number without a fraction (`90`), any other as Swift writes it (`0.5`).
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

}
