@testable import FlowAuthoring
import ScreenModel
import Foundation
import Testing
@testable import FlowKit

/// `meta/screen.gen.lua` follows `schema/screen.schema.json`: every component, action and
/// object of the schema is a class with every property, read here from the schema itself.
@Suite struct ScreenStubTests {
    static func schemaText() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(ScreenStub.schemaFile), encoding: .utf8)
    }

    static func schema(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func defs(_ schema: [String: Any]) throws -> [String: [String: Any]] {
        try #require(schema["$defs"] as? [String: [String: Any]])
    }

    /// The definitions a union's `oneOf` names, in order.
    static func variants(_ node: [String: Any]?) -> [String] {
        ((node?["oneOf"] as? [[String: Any]]) ?? []).compactMap { ($0["$ref"] as? String)?.replacingOccurrences(of: "#/$defs/", with: "") }
    }

    /// Checks that `fields` are `node`'s properties, optional as `required` says, with their descriptions.
    static func expectFields(
        _ fields: [String: StubText.Field]?, of node: [String: Any], optional extra: Set<String> = [],
        _ name: String
    ) {
        let properties = (node["properties"] as? [String: [String: Any]]) ?? [:]
        let required = Set((node["required"] as? [String]) ?? [])
        #expect(Set(fields?.keys.map { $0 } ?? []) == Set(properties.keys), "\(name)")
        for (key, property) in properties {
            #expect(fields?[key]?.optional == (!required.contains(key) || extra.contains(key)), "\(name).\(key)")
            if let description = property["description"] as? String {
                #expect(fields?[key]?.doc.first?.hasPrefix(description) == true, "\(name).\(key)")
            }
            if let tag = property["const"] as? String { #expect(fields?[key]?.type == "\"\(tag)\"", "\(name).\(key)") }
        }
    }

    @Test func everyComponentAndActionIsAClassInItsUnion() throws {
        let text = try Self.schemaText()
        let defs = try Self.defs(try Self.schema(text))
        let stub = StubText(try ScreenStub.text(schema: text))
        for (union, alias, tag) in [("component", "flowrun.Component", "type"), ("action", "flowrun.Action", "kind")] {
            let variants = Self.variants(defs[union])
            #expect(variants.count >= 3, "\(union)")
            #expect(stub.aliases[alias] == variants.map(ScreenStub.className))
            for def in variants {
                let fields = stub.classes[ScreenStub.className(def)]
                #expect(fields?[tag]?.optional == false, "\(def).\(tag)")
                #expect(stub.order[ScreenStub.className(def)]?.first == tag, "\(def): the discriminator comes first")
                Self.expectFields(fields, of: defs[def] ?? [:], def)
            }
        }
    }

    @Test func everyObjectOfTheSchemaIsAClassAndEveryOneOfAnAlias() throws {
        let text = try Self.schemaText()
        let schema = try Self.schema(text)
        let stub = StubText(try ScreenStub.text(schema: text))
        for (def, node) in try Self.defs(schema) {
            if node["properties"] != nil {
                Self.expectFields(stub.classes[ScreenStub.className(def)], of: node, def)
            } else if node["oneOf"] != nil {
                #expect(stub.aliases[ScreenStub.className(def)] == Self.variants(node).map(ScreenStub.className), "\(def)")
            } else {
                #expect(stub.classes[ScreenStub.className(def)] == nil, "\(def) is a scalar, written into its fields")
            }
        }
        // A flow may leave out what the runtime fills in.
        Self.expectFields(stub.classes["flowrun.Screen"], of: schema, optional: ScreenStub.filledByHost, "screen")
    }

    /// The schema's types, bounds and defaults, as LuaLS writes them.
    @Test func typesBoundsAndDefaultsFollowTheSchema() throws {
        let stub = StubText(try ScreenStub.text(schema: try Self.schemaText()))
        let cases: [(String, String, String)] = [
            ("flowrun.Screen", "sections", "flowrun.Component[]"),
            ("flowrun.TextComponent", "style", "\"title\"|\"heading\"|\"body\"|\"caption\"|\"notice\""),
            ("flowrun.MapComponent", "bbox", "[number, number, number, number]"),
            ("flowrun.MapComponent", "boundary", "[number, number][][]"),
            ("flowrun.MapComponent", "annotations", "flowrun.Annotation[]"),
            ("flowrun.GoAction", "args", "table<string, string>"),
            ("flowrun.ClusterAnnotation", "count", "integer"),
            ("flowrun.CardComponent", "badges", "string[]"),
        ]
        for (type, field, lua) in cases { #expect(stub.classes[type]?[field]?.type == lua, "\(type).\(field)") }
        #expect(stub.classes["flowrun.Size"]?["width"]?.doc == ["Screen points. In (0, 10000]."])
        #expect(stub.classes["flowrun.Camera"]?["zoom"]?.doc == ["Web Mercator zoom level; may be fractional. In [0, 30]."])
        #expect(stub.classes["flowrun.TextComponent"]?["style"]?.doc == ["(default: `\"body\"`)"])
        #expect(stub.classes["flowrun.ClusterAnnotation"]?["count"]?.doc == ["How many sites the cluster holds. At least 2."])
    }

    @Test func aChangedSchemaChangesTheStub() throws {
        let text = try Self.schemaText()
        var schema = try Self.schema(text)
        var defs = try Self.defs(schema)
        var textComponent = defs["textComponent"] ?? [:]
        var properties = textComponent["properties"] as? [String: Any] ?? [:]
        properties["caption"] = ["type": "string", "description": "Under the text."]
        textComponent["properties"] = properties
        defs["textComponent"] = textComponent
        defs["videoComponent"] = [
            "type": "object", "required": ["type", "url"],
            "properties": ["type": ["const": "video"], "url": ["type": "string", "minLength": 1]],
        ]
        var component = defs["component"] ?? [:]
        component["oneOf"] = ((component["oneOf"] as? [[String: String]]) ?? []) + [["$ref": "#/$defs/videoComponent"]]
        defs["component"] = component
        schema["$defs"] = defs
        let changed = String(decoding: try JSONSerialization.data(withJSONObject: schema), as: UTF8.self)

        let before = try ScreenStub.text(schema: text), after = try ScreenStub.text(schema: changed)
        #expect(before != after)
        let stub = StubText(after)
        #expect(stub.classes["flowrun.TextComponent"]?["caption"] == StubText.Field(type: "string", optional: true, doc: ["Under the text."]))
        #expect(stub.classes["flowrun.VideoComponent"]?["url"] == StubText.Field(type: "string", optional: false, doc: ["Not empty."]))
        #expect(stub.aliases["flowrun.Component"]?.last == "flowrun.VideoComponent")
        #expect(after.contains("--- A screen section of type `video`.\n--- @class flowrun.VideoComponent\n"))
    }

    @Test func whatNoLuaLSTypeSaysIsAnErrorNamingItsPath() throws {
        var schema = try Self.schema(try Self.schemaText())
        var defs = try Self.defs(schema)
        var listItem = defs["listItem"] ?? [:]
        var properties = listItem["properties"] as? [String: Any] ?? [:]
        properties["extra"] = ["type": "object", "properties": ["a": ["type": "string"]]]
        listItem["properties"] = properties
        defs["listItem"] = listItem
        schema["$defs"] = defs
        let text = String(decoding: try JSONSerialization.data(withJSONObject: schema), as: UTF8.self)
        #expect(
            flowError { try ScreenStub.text(schema: text) }?.description
                == "schema/screen.schema.json: $defs.listItem.properties.extra: an object with properties belongs in $defs, "
                + "where it becomes a class")
        #expect(flowError { try ScreenStub.text(schema: "{") }?.description.hasPrefix("schema/screen.schema.json: not JSON: ") == true)
    }
}
