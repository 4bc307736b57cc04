@testable import FlowAuthoring
import GeoKit
import LuaKit
import Testing
@testable import FlowKit

/// `meta/park.gen.lua` follows the settings catalogue: every setting ``ParkSettings``
/// decodes is a documented field, typed as it is decoded, with parks/defaults.lua's default.
@Suite struct ParkStubTests {
    /// Every record of a shape, with the records under it.
    static func records(_ shape: SettingShape) -> [(name: String, fields: [SettingField])] {
        switch shape {
        case .record(let name, let fields): return [(name, fields)] + fields.flatMap { records($0.shape) }
        case .list(let inner), .map(let inner): return records(inner)
        case .either(let shapes): return shapes.flatMap(records)
        case .string, .number, .integer, .boolean: return []
        }
    }

    /// The recorder reads what a type's decoding asks for: scalars, optionals, lists, maps,
    /// records by their type's name, and a checked scalar by what it declares.
    @Test func theShapeIsWhatTheDecoderAsksFor() throws {
        struct Probe: Decodable {
            struct Inner: Decodable { var on: Bool }
            var name: String
            var ratio: Double?
            var count: Int
            var items: [Inner]
            var by_id: [String: [String]]
            var args: [String: String]?
            var size: ParkSettings.SizeSetting
        }
        #expect(
            try SettingShape.of(Probe.self)
                == .record(
                    name: "Probe",
                    fields: [
                        SettingField(name: "name", shape: .string, optional: false),
                        SettingField(name: "ratio", shape: .number, optional: true),
                        SettingField(name: "count", shape: .integer, optional: false),
                        SettingField(
                            name: "items", shape: .list(.record(name: "Inner", fields: [SettingField(name: "on", shape: .boolean, optional: false)])),
                            optional: false),
                        SettingField(name: "by_id", shape: .map(.list(.string)), optional: false),
                        SettingField(name: "args", shape: .map(.string), optional: true),
                        SettingField(name: "size", shape: .string, optional: false),
                    ]))
    }

    @Test func everySettingIsADocumentedFieldOfItsClass() throws {
        let shape = try ParkSettingsCatalog.shape()
        let stub = StubText(try ParkStub.text(root: repository))
        let records = Self.records(shape)
        #expect(records.count > 10)
        for (name, fields) in records {
            let merged = stub.classes[ParkStub.className(name, file: false)]
            #expect(merged != nil, "\(name)")
            for field in fields {
                #expect(merged?[field.name]?.optional == field.optional, "\(name).\(field.name)")
                #expect(merged?[field.name]?.doc.first == ParkSettingsCatalog.docs["\(name).\(field.name)"], "\(name).\(field.name)")
            }
            let written = Set(merged?.keys.map { $0 } ?? [])
            #expect(written.subtracting(["code"]) == Set(fields.map(\.name)), "\(name)")
        }
        // What the host adds, and what park.lua (or defaults.lua) may leave out.
        #expect(stub.classes["flowrun.Park"]?["code"]?.type == "string")
        guard case .record(_, let top) = shape else { Issue.record("the settings are not a record"); return }
        #expect(stub.order["flowrun.ParkFile"] == top.map(\.name))
        #expect(stub.classes["flowrun.ParkFile"]?.values.allSatisfy(\.optional) == true)
    }

    /// Each class and setting has its entry in the catalogue's docs, and each entry a setting.
    @Test func theDocsCoverEverySettingAndNothingElse() throws {
        var keys: Set<String> = []
        for (name, fields) in Self.records(try ParkSettingsCatalog.shape()) {
            keys.insert(name)
            for field in fields { keys.insert("\(name).\(field.name)") }
        }
        #expect(keys.subtracting(ParkSettingsCatalog.docs.keys).sorted() == [], "settings without docs")
        #expect(Set(ParkSettingsCatalog.docs.keys).subtracting(keys).sorted() == [], "docs of no setting")
        for key in ParkSettingsCatalog.suggestedFromDefaults { #expect(keys.contains(key), "\(key)") }
    }

    /// Every value parks/defaults.lua sets is a setting the stub lists, of the type it gives.
    @Test func everyDefaultIsASettingOfItsType() throws {
        let defaults = try ParkConfig.evaluate("parks/defaults.lua", root: repository, lua: try LuaState())
        var checked = 0
        func visit(_ value: LuaValue, _ shape: SettingShape, _ path: String) {
            checked += 1
            switch (value, shape) {
            case (.string, .string), (.boolean, .boolean), (.integer, .integer), (.integer, .number), (.number, .number): return
            case (.table(let t), .list(let element)):
                for (i, item) in t.sequence.enumerated() { visit(item, element, "\(path)[\(i + 1)]") }
            case (.table(let t), .map(let inner)):
                for key in t.sortedStringKeys { visit(t[key], inner, "\(path).\(key)") }
            case (_, .either(let shapes)):
                // The value is one of them: a string, or a table of the list's shape.
                if let shape = shapes.first(where: { value.typeName == "table" ? $0 != .string : $0 == .string }) {
                    visit(value, shape, path)
                } else {
                    Issue.record("\(path): \(value.typeName) is none of \(shapes)")
                }
            case (.table(let t), .record(_, let fields)):
                for key in t.sortedStringKeys {
                    guard let field = fields.first(where: { $0.name == key }) else { Issue.record("\(path).\(key): no such setting"); continue }
                    visit(t[key], field.shape, path.isEmpty ? key : "\(path).\(key)")
                }
            default: Issue.record("\(path): \(value.typeName) where the settings have \(shape)")
            }
        }
        visit(defaults, try ParkSettingsCatalog.shape(), "")
        #expect(checked > 100)
    }

    /// Defaults come from parks/defaults.lua, so changing one changes the stub.
    @Test func defaultsAndRequiredSettingsComeFromDefaultsLua() throws {
        let stub = StubText(try ParkStub.text(root: repository))
        #expect(stub.classes["flowrun.Park"]?["zoom"]?.doc == ["Map zoom that shows the park, 0-22.", "(default: `10`)"])
        #expect(stub.classes["flowrun.Park"]?["name"]?.doc.last == "(required: parks/defaults.lua has no default)")
        #expect(stub.classes["flowrun.Park.Callouts"]?["enter"]?.doc.last == "(default: `\"You are at %s.\"`)")
        #expect(
            stub.classes["flowrun.Park.Sites"]?["acronyms"]?.doc.last
                == "(default: `{ \"NRA\", \"NPS\", \"US\", \"USA\", \"YMCA\", \"II\", \"III\", \"IV\" }`)")
        // A table longer than a line is counted instead.
        #expect(stub.classes["flowrun.Park"]?["flows"]?.doc.last == "(default: 11 entries in parks/defaults.lua)")
        #expect(stub.classes["flowrun.Park.Sites"]?["categories"]?.doc.last?.hasSuffix(" entries in parks/defaults.lua)") == true)

        let project = try TestProject()
        let defaults = try String(contentsOf: repositoryRoot.appendingPathComponent("parks/defaults.lua"), encoding: .utf8)
        try project.write("parks/defaults.lua", defaults.replacingOccurrences(of: "  zoom = 10,", with: "  zoom = 12,"))
        let changed = StubText(try ParkStub.text(root: project.root))
        #expect(changed.classes["flowrun.Park"]?["zoom"]?.doc.last == "(default: `12`)")
        #expect(changed.classes["flowrun.ParkFile"]?["zoom"]?.doc.last == "(default: `12`)")
    }

    /// park.lua's classes: nested tables merge (every field optional, unless defaults.lua
    /// lacks it); lists replace whole, so their elements are the full classes.
    @Test func parkFileClassesFollowTheMerge() throws {
        let stub = StubText(try ParkStub.text(root: repository))
        #expect(stub.classes["flowrun.ParkFile"]?["theme"]?.type == "flowrun.ParkFile.Theme")
        #expect(stub.classes["flowrun.ParkFile.Theme"]?.values.allSatisfy(\.optional) == true)
        #expect(stub.classes["flowrun.ParkFile.Center"]?["lat"]?.optional == false)  // defaults.lua has no center
        #expect(stub.classes["flowrun.ParkFile.Onboarding"]?["pages"]?.type == "flowrun.Park.Page[]")
        #expect(stub.classes["flowrun.ParkFile.Sites"]?["categories"]?.type == "table<string, flowrun.ParkFile.Category>")
        #expect(stub.classes["flowrun.Park.Page"]?["title"]?.optional == false)
        #expect(
            stub.classes["flowrun.Park.Home"]?["sections"]?.type
                == "(\"collections\"|\"contact\"|\"highlights\"|\"links\"|\"shortcuts\"|\"welcome\"|string)[]")
        #expect(stub.classes["flowrun.ParkFile.Map"]?["size"]?.type == "string")
    }

    @Test func aMissingDefaultsLuaIsNamed() throws {
        let project = try TestProject(copyingRepository: false)
        #expect(flowError { try ParkStub.text(root: project.root) }?.description == "parks/defaults.lua: file not found")
    }
}
