/// One node of the screen contract: the part of JSON Schema (2020-12) the contract uses,
/// as Swift values. Each payload type describes its fields with these beside its code
/// (`Component.Button.contract`); ``ScreenContract`` collects them, `flowrun stubs` writes
/// `schema/screen.schema.json` and the editor stubs from them, and the tests check the
/// Swift model, the fast Lua reader and the JSON writer against them.
public struct SchemaNode: Sendable, Equatable {
    /// What a value must be.
    public indirect enum Shape: Sendable, Equatable {
        /// A string of at least `minLength` characters, matching `pattern` when one is given.
        case string(minLength: Int?, pattern: String?)
        /// A number within `bounds`.
        case number(Bounds)
        /// A whole number within `bounds`.
        case integer(Bounds)
        /// `true` or `false`.
        case boolean
        /// Exactly this string: the `type` or `kind` that selects a variant.
        case constant(String)
        /// One of these strings; `defaultValue` is what an absent field means.
        case choice([String], defaultValue: String?)
        /// A list: every element `items`, or positional `prefixItems`, with bounds on the count.
        case array(items: SchemaNode?, prefixItems: [SchemaNode], minItems: Int?, maxItems: Int?)
        /// An object with exactly these properties (no others).
        case object([SchemaProperty])
        /// An object whose every value is `values`, under any key.
        case map(values: SchemaNode)
        /// Another definition of the contract, by name (`action`).
        case reference(String)
        /// Exactly one of these, told apart by their `type` or `kind` constant.
        case oneOf([SchemaNode])
    }

    /// Limits on a number; nil where there is none.
    public struct Bounds: Sendable, Equatable {
        public var minimum: Double?
        public var maximum: Double?
        public var exclusiveMinimum: Double?
        public var exclusiveMaximum: Double?

        public init(minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil) {
            self.minimum = minimum
            self.maximum = maximum
            self.exclusiveMinimum = exclusiveMinimum
            self.exclusiveMaximum = exclusiveMaximum
        }

        /// No limits.
        public static let none = Bounds()
    }

    /// What the value must be.
    public var shape: Shape
    /// What it means, for authors and app developers (the schema's `description`).
    public var description: String?
    /// Values that are valid (the schema's `examples`): every string with a pattern has one,
    /// which the tests use and check against the pattern.
    public var examples: [String]

    public init(_ shape: Shape, description: String? = nil, examples: [String] = []) {
        self.shape = shape
        self.description = description
        self.examples = examples
    }
}

/// One field of an object in the contract.
public struct SchemaProperty: Sendable, Equatable {
    /// The key in JSON and in the flow's Lua table.
    public var name: String
    /// What its value must be.
    public var node: SchemaNode
    /// Whether every object must have it; optional fields are omitted, never null.
    public var isRequired: Bool

    /// A field every object has.
    public static func required(_ name: String, _ node: SchemaNode) -> SchemaProperty {
        SchemaProperty(name: name, node: node, isRequired: true)
    }

    /// A field an object may leave out.
    public static func optional(_ name: String, _ node: SchemaNode) -> SchemaProperty {
        SchemaProperty(name: name, node: node, isRequired: false)
    }
}

/// A named definition of the contract (`buttonComponent`), referred to by
/// ``SchemaNode/reference(_:description:)``.
public struct SchemaDefinition: Sendable, Equatable {
    /// The name under `$defs`.
    public var name: String
    /// What it is.
    public var node: SchemaNode

    public init(_ name: String, _ node: SchemaNode) {
        self.name = name
        self.node = node
    }

    /// The properties, when the definition is an object; empty otherwise.
    public var properties: [SchemaProperty] {
        if case .object(let properties) = node.shape { properties } else { [] }
    }
}

// The contract's vocabulary, short enough to read as a table of fields.
extension SchemaNode {
    public static func string(minLength: Int? = nil, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.string(minLength: minLength, pattern: nil), description: description)
    }

    /// A string matching `pattern` (a regular expression as JSON Schema reads it), such as `example`.
    public static func string(pattern: String, example: String, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.string(minLength: nil, pattern: pattern), description: description, examples: [example])
    }

    public static func number(
        minimum: Double? = nil, maximum: Double? = nil, exclusiveMinimum: Double? = nil, exclusiveMaximum: Double? = nil,
        _ description: String? = nil
    ) -> SchemaNode {
        SchemaNode(
            .number(Bounds(minimum: minimum, maximum: maximum, exclusiveMinimum: exclusiveMinimum, exclusiveMaximum: exclusiveMaximum)),
            description: description)
    }

    public static func integer(minimum: Double? = nil, maximum: Double? = nil, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.integer(Bounds(minimum: minimum, maximum: maximum)), description: description)
    }

    public static func boolean(_ description: String? = nil) -> SchemaNode {
        SchemaNode(.boolean, description: description)
    }

    public static func constant(_ value: String, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.constant(value), description: description)
    }

    public static func choice(_ values: [String], default defaultValue: String? = nil, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.choice(values, defaultValue: defaultValue), description: description)
    }

    /// The cases of a Swift enum as the choice, so the two cannot differ.
    public static func choice<T: RawRepresentable & CaseIterable>(
        _ type: T.Type, default defaultValue: T? = nil, _ description: String? = nil
    ) -> SchemaNode where T.RawValue == String {
        choice(type.allCases.map(\.rawValue), default: defaultValue?.rawValue, description)
    }

    public static func array(
        of items: SchemaNode, minItems: Int? = nil, maxItems: Int? = nil, _ description: String? = nil
    ) -> SchemaNode {
        SchemaNode(.array(items: items, prefixItems: [], minItems: minItems, maxItems: maxItems), description: description)
    }

    /// A fixed-length list whose positions each have their own node (`[longitude, latitude]`).
    public static func tuple(_ positions: [SchemaNode], _ description: String? = nil) -> SchemaNode {
        SchemaNode(
            .array(items: nil, prefixItems: positions, minItems: positions.count, maxItems: positions.count), description: description)
    }

    public static func object(_ properties: [SchemaProperty], _ description: String? = nil) -> SchemaNode {
        SchemaNode(.object(properties), description: description)
    }

    public static func map(of values: SchemaNode, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.map(values: values), description: description)
    }

    public static func reference(_ name: String, _ description: String? = nil) -> SchemaNode {
        SchemaNode(.reference(name), description: description)
    }

    public static func oneOf(_ names: [String], _ description: String? = nil) -> SchemaNode {
        SchemaNode(.oneOf(names.map { SchemaNode(.reference($0)) }), description: description)
    }
}

extension SchemaDefinition {
    /// A component's definition (`buttonComponent`): its `type` constant, then `properties`.
    public static func component(_ type: String, _ properties: [SchemaProperty], _ description: String? = nil) -> SchemaDefinition {
        SchemaDefinition(
            ScreenContract.definitionName(ofComponentType: type),
            .object([.required("type", .constant(type))] + properties, description))
    }

    /// A component made of a part that is also used without its `type` (a card in a carousel).
    public static func component(_ type: String, from part: SchemaDefinition) -> SchemaDefinition {
        component(type, part.properties)
    }
}
