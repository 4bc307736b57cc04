import Foundation
import ScreenModel
import ScreenSamples
import Testing

/// The screen contract is the one description of every component's fields; the Codable
/// model is held to it here, field by field, on screens built from the contract alone.
@Suite struct ContractTests {
    static let all = [ScreenContract.root] + ScreenContract.definitions

    @Test func everyReferenceResolvesAndEveryDefinitionIsReached() {
        var reached: Set<String> = [ScreenContract.root.name]
        var queue = [ScreenContract.root.node]
        while let node = queue.popLast() {
            for name in Self.references(in: node) where reached.insert(name).inserted {
                guard let definition = ScreenContract.definition(named: name) else {
                    Issue.record("a reference to '\(name)', which the contract does not define")
                    continue
                }
                queue.append(definition.node)
            }
        }
        #expect(Set(Self.all.map(\.name)) == reached)
        #expect(Set(Self.all.map(\.name)).count == Self.all.count, "each definition once")
    }

    @Test func theComponentUnionIsTheRegistry() {
        guard case .oneOf(let variants)? = ScreenContract.definition(named: "component")?.node.shape else {
            Issue.record("component is not a oneOf")
            return
        }
        #expect(variants.map { $0.shape } == Component.knownTypes.map { .reference(ScreenContract.definitionName(ofComponentType: $0)) })
        for type in Component.knownTypes {
            let definition = ScreenContract.definition(named: ScreenContract.definitionName(ofComponentType: type))
            #expect(definition?.properties.first == .required("type", .constant(type)), "\(type)")
        }
    }

    /// Decoding and encoding again gives back exactly what the contract wrote: the model has
    /// every field, optional ones included, and writes no other.
    @Test(arguments: 0..<ContractSamples.count)
    func theModelKeepsEveryFieldOfTheContract(_ index: Int) throws {
        let text = ContractSamples.screenTexts()[index]
        let screen = try JSONDecoder().decode(Screen.self, from: Data(text.utf8))
        let again = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
        #expect(try JSONValue(parsing: again) == JSONValue(parsing: text), "\(text.prefix(300))")
    }

    /// The generated schema accepts what the contract describes.
    @Test func theSchemaAcceptsTheContractsScreens() throws {
        let schemaText = try String(contentsOf: SchemaTests.packageRoot.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)
        let schema = JSONSchemaSubset(root: try JSONValue(parsing: schemaText))
        for text in ContractSamples.screenTexts() {
            let errors = schema.errors(in: try JSONValue(parsing: text))
            #expect(errors == [], "\(errors.prefix(5))")
        }
    }

    /// At every object of the screens, a key the contract does not have is refused, and so
    /// is the absence of each field the contract requires.
    @Test func everyObjectRefusesAnUnknownKeyAndAMissingRequiredOne() throws {
        let sample = try JSONValue(parsing: ContractSamples.screenTexts()[0])
        var objects = 0
        for (path, object) in Self.objects(in: sample, at: []) {
            objects += 1
            var members = object
            members["unexpected"] = .number(1)
            #expect(!Self.decodes(Self.replacing(at: path, in: sample, with: .object(members))), "\(Self.text(path)): an unknown key")
            for name in object.keys.sorted() where Self.isRequired(name, amid: Set(object.keys)) {
                var without = object
                without[name] = nil
                #expect(!Self.decodes(Self.replacing(at: path, in: sample, with: .object(without))), "\(Self.text(path)): without \(name)")
            }
        }
        #expect(objects > 40)
    }

    // MARK: - Helpers

    static func references(in node: SchemaNode) -> [String] {
        switch node.shape {
        case .reference(let name): [name]
        case .array(let items, let prefix, _, _): (items.map(references) ?? []) + prefix.flatMap(references)
        case .object(let properties): properties.flatMap { references(in: $0.node) }
        case .map(let values): references(in: values)
        case .oneOf(let variants): variants.flatMap(references)
        default: []
        }
    }

    /// Whether `name` is required by the one object definition whose fields are `keys`
    /// (a sample sets every field, so its keys name its definition).
    static func isRequired(_ name: String, amid keys: Set<String>) -> Bool {
        let definition = all.first { Set($0.properties.map(\.name)) == keys }
        return definition?.properties.first { $0.name == name }?.isRequired ?? false
    }

    /// Every object of `value` that is a record of the contract (not an `args` map), with its path.
    static func objects(in value: JSONValue, at path: [PathStep]) -> [([PathStep], [String: JSONValue])] {
        switch value {
        case .object(let members):
            let own: [([PathStep], [String: JSONValue])] = path.last == .key("args") ? [] : [(path, members)]
            return own + members.keys.sorted().flatMap { objects(in: members[$0] ?? .null, at: path + [.key($0)]) }
        case .array(let elements):
            return elements.indices.flatMap { objects(in: elements[$0], at: path + [.index($0)]) }
        default: return []
        }
    }

    enum PathStep: Equatable, CustomStringConvertible {
        case key(String), index(Int)
        var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    static func text(_ path: [PathStep]) -> String { "$" + path.map(\.description).joined() }

    static func replacing(at path: [PathStep], in value: JSONValue, with new: JSONValue) -> JSONValue {
        guard let step = path.first else { return new }
        let rest = Array(path.dropFirst())
        switch (step, value) {
        case (.key(let key), .object(var members)):
            members[key] = replacing(at: rest, in: members[key] ?? .null, with: new)
            return .object(members)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(at: rest, in: elements[index], with: new)
            return .array(elements)
        default: return value
        }
    }

    static func decodes(_ value: JSONValue) -> Bool {
        (try? JSONDecoder().decode(Screen.self, from: Data(value.text.utf8))) != nil
    }
}

extension JSONValue {
    /// The value as JSON text, keys sorted.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? "\(Int64(value))" : "\(value)"
        case .string(let value):
            let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        case .array(let elements): return "[" + elements.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { JSONValue.string($0).text + ":" + (members[$0] ?? .null).text }.joined(separator: ",") + "}"
        }
    }
}
