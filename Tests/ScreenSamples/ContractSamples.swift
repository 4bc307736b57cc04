import Foundation
import ScreenModel

/// Screens made from the screen contract alone (``ScreenModel/ScreenContract``), as JSON
/// text: together they set every field of every definition, optional ones included, and
/// take every variant of every `oneOf`. A path that drops a field the contract has (the
/// Codable model, the fast Lua reader, the JSON writer) fails on them, whatever the
/// golden and random screens happen to use.
///
/// Values are the least a decoder accepts: inside their bounds, a choice other than its
/// default (a default is omitted when written), the example of a string with a pattern, a
/// string naming its field. They need not pass ``ScreenModel/ScreenValidator`` (times in order, south below
/// north): the checks here are about fields, not sense.
public enum ContractSamples {
    /// How many screens: enough for each field holding one of a `oneOf` (a button's
    /// action: five kinds) to take every variant once.
    public static var count: Int { 6 }

    /// The screens' JSON texts.
    public static func screenTexts(definitions: [SchemaDefinition] = ScreenContract.definitions) -> [String] {
        let writer = Writer(definitions: definitions)
        return (0..<count).map { writer.value(ScreenContract.root.node, index: $0, field: "screen") }
    }

    /// The screens, decoded by the Codable model (``ContractTests`` holds it to the contract).
    public static func screens() throws -> [Screen] {
        try screenTexts().map { try JSONDecoder().decode(Screen.self, from: Data($0.utf8)) }
    }

    /// JSON for one node of the contract; `definitions` resolve references.
    public struct Writer {
        let definitions: [String: SchemaNode]

        public init(definitions: [SchemaDefinition]) {
            var byName: [String: SchemaNode] = [:]
            for definition in definitions { byName[definition.name] = definition.node }
            self.definitions = byName
        }

        /// The `index`-th sample of `node`, for a field named `field`.
        public func value(_ node: SchemaNode, index: Int, field: String) -> String {
            switch node.shape {
            case .string(let minLength, let pattern):
                if pattern != nil { return "\"" + (node.examples.first ?? "") + "\"" }
                let text = "\(field) \(index)"
                return "\"" + text + String(repeating: "x", count: max(0, (minLength ?? 0) - text.count)) + "\""
            case .number(let bounds): return Self.number(in: bounds)
            case .integer(let bounds): return "\(Int((bounds.minimum ?? 0) + 2))"
            case .boolean: return "true"
            case .constant(let value): return "\"\(value)\""
            case .choice(let values, let defaultValue):
                let others = values.filter { $0 != defaultValue }
                return "\"\(others[index % others.count])\""
            case .array(let items, let prefixItems, let minItems, _):
                if !prefixItems.isEmpty {
                    return "[" + prefixItems.map { value($0, index: index, field: field) }.joined(separator: ", ") + "]"
                }
                guard let items else { return "[]" }
                // Every variant of the elements in one list, and at least as many as required.
                let count = max(minItems ?? 1, variants(of: items), 1)
                return "[" + (0..<count).map { value(items, index: index * count + $0, field: field) }.joined(separator: ", ") + "]"
            case .object(let properties):
                return "{" + properties.map { "\"\($0.name)\": \(value($0.node, index: index, field: $0.name))" }.joined(separator: ", ") + "}"
            case .map(let values):
                return "{\"key\": \(value(values, index: index, field: field))}"
            case .reference(let name):
                guard let target = definitions[name] else { return "null" }
                return value(target, index: index, field: field)
            case .oneOf(let variants):
                return value(variants[index % variants.count], index: index / variants.count, field: field)
            }
        }

        /// How many variants a list's element has (a component: ten).
        func variants(of node: SchemaNode) -> Int {
            switch node.shape {
            case .oneOf(let variants): variants.count
            case .reference(let name): definitions[name].map(variants(of:)) ?? 1
            default: 1
            }
        }

        /// A number inside `bounds`: their middle, or a step inside the one bound there is.
        static func number(in bounds: SchemaNode.Bounds) -> String {
            let low = bounds.minimum ?? bounds.exclusiveMinimum, high = bounds.maximum ?? bounds.exclusiveMaximum
            let value: Double =
                switch (low, high) {
                case (let low?, let high?): (low + high) / 2
                case (let low?, nil): low + 2
                case (nil, let high?): high - 2
                case (nil, nil): 2.5
                }
            return value == value.rounded() ? "\(Int(value))" : "\(value)"
        }
    }
}
