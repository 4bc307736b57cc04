import Foundation
import Testing
import ScreenModel

/// Keeps `schema/screen.schema.json` and the Swift model from drifting apart: every
/// document the model writes validates, documents the model rejects are rejected by
/// the schema too, and both name the same component types, action kinds and keys.
@Suite struct SchemaTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    let schema: JSONSchemaSubset

    init() throws {
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)
        schema = JSONSchemaSubset(root: try JSONValue(parsing: text))
    }

    @Test func schemaUsesOnlyKeywordsTheseTestsCheck() {
        #expect(schema.unsupportedKeywords() == [])
        #expect(schema.root["$id"]?.string == "https://flowrun.dev/schema/screen@1.json")
        #expect(schema.root["properties"]?["schema"]?["const"]?.string == Screen.schemaID)
    }

    @Test func componentTypesMatchTheModel() {
        let types = constants(of: "component", key: "type")
        #expect(Set(types) == Set(Component.knownTypes))
        #expect(types == Component.knownTypes)
    }

    @Test func annotationTypesMatchTheModel() {
        #expect(constants(of: "annotation", key: "type") == Component.Map.Annotation.knownTypes)
    }

    @Test func actionKindsMatchTheModel() {
        let kinds = constants(of: "action", key: "kind")
        #expect(Set(kinds) == Set(Action.knownKinds))
        #expect(kinds == Action.knownKinds)
    }

    @Test func goldenJSONOutputValidates() throws {
        // The renderer goldens, and the screens flowrun printed for the real parks.
        var checked = 0
        for path in ["Tests/ScreenRenderingTests/Fixtures/renderers", "Tests/FlowrunTests/Fixtures"] {
            let folder = Self.packageRoot.appendingPathComponent(path)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") && !$0.hasPrefix("parks") }.sorted()
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                #expect(schema.errors(in: try JSONValue(parsing: text)) == [], "\(file)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    /// With every optional field set somewhere, the keys written for each object
    /// definition are exactly its schema properties, and every definition is exercised.
    @Test func completeScreenUsesExactlyTheSchemasKeys() throws {
        let json = try JSONValue(parsing: String(decoding: JSONEncoder().encode(Samples.complete.assigningActionIDs()), as: UTF8.self))
        #expect(schema.errors(in: json) == [])
        let matches = schema.objectMatches(in: json)
        for (definition, group) in Dictionary(grouping: matches, by: \.definition) {
            let written = group.reduce(into: Set<String>()) { $0.formUnion($1.instanceKeys) }
            #expect(Set(group.map(\.schemaKeys)) == [written], "\(definition)")
        }
        let objectDefinitions = (schema.root["$defs"]?.object ?? [:]).filter { $0.value["properties"] != nil }.keys
        #expect(Set(objectDefinitions).subtracting(matches.map(\.definition)) == [])
    }

    @Test func timelineEntryKindsMatchTheModel() {
        let kinds = schema.root["$defs"]?["timelineEntry"]?["properties"]?["kind"]?["enum"]?.array?.compactMap(\.string)
        #expect(kinds == Component.Timeline.Entry.Kind.knownKinds)
    }

    @Test(arguments: SchemaTests.validDocuments + SchemaTests.validTimelines)
    func validDocumentsPassBoth(document: String) throws {
        #expect(schema.errors(in: try JSONValue(parsing: document)) == [])
        let screen = try JSONDecoder().decode(Screen.self, from: Data(document.utf8))
        #expect(ScreenValidator().validate(screen) == [])
    }

    @Test(arguments: SchemaTests.brokenDocuments + SchemaTests.brokenTimelines)
    func brokenDocumentsFailBoth(name: String, document: String) throws {
        #expect(!schema.errors(in: try JSONValue(parsing: document)).isEmpty, "schema accepts \(name)")
        let screen = try? JSONDecoder().decode(Screen.self, from: Data(document.utf8))
        if let screen {
            #expect(!ScreenValidator().validate(screen).isEmpty, "Swift accepts \(name)")
        }
    }

    /// The `const` of `key` in each branch of the `oneOf` definition `name`, in order.
    private func constants(of name: String, key: String) -> [String] {
        (schema.root["$defs"]?[name]?["oneOf"]?.array ?? []).compactMap { branch in
            branch["$ref"]?.string.flatMap(schema.definition)?["properties"]?[key]?["const"]?.string
        }
    }
}

// MARK: - Documents

extension SchemaTests {
    /// A screen document with `sections` spliced in; `top` replaces the other keys.
    static func document(_ sections: String, top: String = #""schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "T""#) -> String {
        #"{\#(top), "sections": [\#(sections)]}"#
    }

    static func button(action: String) -> String {
        document(#"{"type": "button", "label": "B", "action": \#(action)}"#)
    }

    static func layer(_ fields: String) -> String {
        document(#"{"type": "onboarding", "pages": [{"title": "P", "body": "", "background": [{\#(fields)}]}]}"#)
    }

    /// A screen with one map; each argument is the JSON of its field, `extra` more fields.
    static func map(
        camera: String = #"{"center": [-122.46, 37.8], "zoom": 12}"#, bbox: String = "[-122.55, 37.75, -122.37, 37.85]",
        size: String = #"{"width": 390, "height": 844}"#, annotations: String = "", extra: String = ""
    ) -> String {
        document(#"{"type": "map", "camera": \#(camera), "bbox": \#(bbox), "size": \#(size), "annotations": [\#(annotations)]\#(extra)}"#)
    }

    static func pin(id: String = #""p""#, title: String = #""Fort Point""#, coordinate: String = "[-122.477, 37.8105]", extra: String = "") -> String {
        map(annotations: #"{"type": "pin", "id": \#(id), "title": \#(title), "coordinate": \#(coordinate)\#(extra)}"#)
    }

    static func cluster(count: String = "57", expansionZoom: String = "14", extra: String = "") -> String {
        map(annotations: #"{"type": "cluster", "id": "c", "coordinate": [-122.46, 37.8], "count": \#(count), "expansion_zoom": \#(expansionZoom)\#(extra)}"#)
    }

    /// A screen with one AR view; each argument is the JSON of its field, `extra` more fields.
    static func ar(
        camera: String = #"{"position": [-122.475, 37.8077], "heading": 97, "pitch": 0, "fov": 60}"#,
        maxDistance: String = "5000", pins: String = "", offScreen: String = "", extra: String = ""
    ) -> String {
        document(
            #"{"type": "ar", "camera": \#(camera), "size": {"width": 390, "height": 844}, "max_distance": \#(maxDistance), "pins": [\#(pins)], "off_screen": [\#(offScreen)]\#(extra)}"#
        )
    }

    static func arPin(id: String = #""p""#, z: String = "0", label: String = #"{"x": 155, "y": 382, "width": 80, "height": 28}"#, extra: String = "") -> String
    {
        ar(
            pins:
                #"{"id": \#(id), "title": "Warming Hut", "coordinate": [-122.4696, 37.8073], "distance": 476, "bearing": 95.4, "x": 185.4, "y": 450.2, "label": \#(label), "stack": 0, "z": \#(z)\#(extra)}"#
        )
    }

    static func hint(turn: String = #""left""#, degrees: String = "40", extra: String = "") -> String {
        ar(offScreen: #"{"id": "h", "title": "Alcatraz Island", "distance": 5033, "bearing": 65.2, "turn": \#(turn), "degrees": \#(degrees)\#(extra)}"#)
    }

    static let validDocuments: [String] = [
        document(""),
        document(#"{"type": "list", "items": []}, {"type": "carousel", "cards": []}"#),
        document(#"{"type": "card", "title": "C", "badges": []}"#),
        button(action: #"{"kind": "go", "flow": "sites", "args": {}}"#),
        button(action: #"{"kind": "go", "flow": "home", "park": "YELL"}"#),
        button(action: #"{"kind": "url", "url": "http://[::1]:8080/a?b#c"}"#),
        button(action: #"{"kind": "call", "phone": "(307) 344-7311"}"#),
        button(action: #"{"kind": "call", "phone": "911"}"#),
        button(action: #"{"kind": "directions", "lat": 37.81058, "lon": -122.477, "name": "Fort Point", "address": "Marine Dr, San Francisco, CA"}"#),
        button(action: #"{"kind": "directions", "lat": -90, "lon": 180, "name": "South Pole"}"#),
        button(action: #"{"kind": "act", "flow": "favorites", "args": {"add": "nps-poi:goga:0005"}, "label": "Add"}"#),
        layer(#""image": "a.png", "position": {"x": 0, "y": 1}, "depth": 0.5"#),
        map(),
        map(extra: #", "boundary": [], "id": "m""#),
        pin(),
        cluster(extra: #", "categories": []"#),
        cluster(extra: #", "categories": [{"category": "historic", "count": 57}], "action": {"kind": "go", "flow": "map", "args": {"zoom": "14"}}"#),
        document(
            #"{"type": "map", "camera": {"center": [179.9, -17.7], "zoom": 6.5}, "bbox": [177.5, -19.5, -178.2, -15.9], "size": {"width": 0.5, "height": 10000}, "annotations": [], "boundary": [[[179, -18], [-179, -18], [-179, -17], [179, -18]]]}"#
        ),
        ar(),
        ar(
            camera: #"{"position": [180, -90], "altitude": -100000, "heading": 360, "pitch": -90, "fov": 179.9}"#, maxDistance: "0.5",
            extra: #", "id": "ar", "empty": """#),
        arPin(),
        arPin(
            label: #"{"x": -40, "y": -300, "width": 0.5, "height": 0.5}"#,
            extra: #", "subtitle": "", "action": {"kind": "go", "flow": "sites", "args": {"id": "p"}}"#),
        hint(),
        hint(turn: #""right""#, degrees: "180"),
    ]

    static let brokenDocuments: [(String, String)] = [
        ("missing title", document("", top: #""schema": "flowrun/screen@1", "park": "GOGA", "flow": "home""#)),
        ("wrong schema", document("", top: #""schema": "flowrun/screen@2", "park": "GOGA", "flow": "home", "title": "T""#)),
        ("empty park", document("", top: #""schema": "flowrun/screen@1", "park": "", "flow": "home", "title": "T""#)),
        ("extra top-level key", document("", top: #""schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "T", "theme": "dark""#)),
        ("sections not an array", #"{"schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "T", "sections": "none"}"#),
        ("unknown type", document(#"{"type": "txt", "text": "hi"}"#)),
        ("text without text", document(#"{"type": "text"}"#)),
        ("empty text", document(#"{"type": "text", "text": ""}"#)),
        ("unknown text style", document(#"{"type": "text", "text": "T", "style": "headline"}"#)),
        ("subtitle not a string", document("", top: #""schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "T", "subtitle": 3"#)),
        ("image without alt", document(#"{"type": "image", "url": "a.jpg"}"#)),
        ("image with empty url", document(#"{"type": "image", "url": "", "alt": "a"}"#)),
        ("placeholder not #RRGGBB", document(#"{"type": "image", "url": "a.jpg", "alt": "a", "placeholder": "blue"}"#)),
        ("unknown priority", document(#"{"type": "image", "url": "a.jpg", "alt": "a", "priority": "urgent"}"#)),
        ("misspelt card key", document(#"{"type": "card", "title": "C", "subtitel": "S"}"#)),
        ("badges not a list", document(#"{"type": "card", "title": "C", "badges": "History"}"#)),
        ("card image with type", document(#"{"type": "card", "title": "C", "image": {"type": "image", "url": "a", "alt": "a"}}"#)),
        ("carousel card with type", document(#"{"type": "carousel", "cards": [{"type": "card", "title": "C"}]}"#)),
        ("list without items", document(#"{"type": "list", "title": "L"}"#)),
        ("list item without title", document(#"{"type": "list", "items": [{"subtitle": "S"}]}"#)),
        ("button without action", document(#"{"type": "button", "label": "B"}"#)),
        ("unknown button style", document(#"{"type": "button", "label": "B", "style": "tertiary", "action": {"kind": "go", "flow": "x"}}"#)),
        ("unknown action kind", button(action: #"{"kind": "mail", "to": "ranger@nps.gov"}"#)),
        ("url action with phone", button(action: #"{"kind": "url", "url": "https://nps.gov", "phone": "4155614700"}"#)),
        ("ftp url", button(action: #"{"kind": "url", "url": "ftp://nps.gov"}"#)),
        ("url without host", button(action: #"{"kind": "url", "url": "https:///goga"}"#)),
        ("url with a space", button(action: #"{"kind": "url", "url": "https://nps.gov/a b"}"#)),
        ("phone with letters", button(action: #"{"kind": "call", "phone": "call 4155614700"}"#)),
        ("phone too short", button(action: #"{"kind": "call", "phone": "555-12"}"#)),
        ("phone too long", button(action: #"{"kind": "call", "phone": "+1234567890123456"}"#)),
        ("a short number with a separator", button(action: #"{"kind": "call", "phone": "+911"}"#)),
        ("directions without name", button(action: #"{"kind": "directions", "lat": 37.8, "lon": -122.4}"#)),
        ("directions with empty name", button(action: #"{"kind": "directions", "lat": 37.8, "lon": -122.4, "name": ""}"#)),
        ("directions with empty address", button(action: #"{"kind": "directions", "lat": 37.8, "lon": -122.4, "name": "N", "address": ""}"#)),
        ("directions latitude beyond 90", button(action: #"{"kind": "directions", "lat": 137.8, "lon": -122.4, "name": "N"}"#)),
        ("directions longitude beyond 180", button(action: #"{"kind": "directions", "lat": 37.8, "lon": -222.4, "name": "N"}"#)),
        ("directions position as text", button(action: #"{"kind": "directions", "lat": "37.8", "lon": -122.4, "name": "N"}"#)),
        ("directions with a flow", button(action: #"{"kind": "directions", "lat": 37.8, "lon": -122.4, "name": "N", "flow": "map"}"#)),
        ("go without flow", button(action: #"{"kind": "go"}"#)),
        ("act without flow", button(action: #"{"kind": "act", "args": {"add": "x"}}"#)),
        ("act arg not a string", button(action: #"{"kind": "act", "flow": "favorites", "args": {"add": 3}}"#)),
        ("go with empty flow", button(action: #"{"kind": "go", "flow": ""}"#)),
        ("go with empty park", button(action: #"{"kind": "go", "flow": "home", "park": ""}"#)),
        ("go with park as a number", button(action: #"{"kind": "go", "flow": "home", "park": 4}"#)),
        ("go arg not a string", button(action: #"{"kind": "go", "flow": "site", "args": {"id": 3}}"#)),
        ("empty action id", button(action: #"{"kind": "go", "flow": "site", "id": ""}"#)),
        ("no onboarding pages", document(#"{"type": "onboarding", "pages": []}"#)),
        ("page without background", document(#"{"type": "onboarding", "pages": [{"title": "P", "body": ""}]}"#)),
        ("depth above 1", layer(#""image": "a.png", "position": {"x": 0, "y": 0}, "depth": 1.5"#)),
        ("x below 0", layer(#""image": "a.png", "position": {"x": -0.1, "y": 0}, "depth": 0"#)),
        ("position without y", layer(#""image": "a.png", "position": {"x": 0}, "depth": 0"#)),
        ("depth as a string", layer(#""image": "a.png", "position": {"x": 0, "y": 0}, "depth": "far""#)),
        ("layer placeholder #FFF", layer(##""image": "a.png", "position": {"x": 0, "y": 0}, "depth": 0, "placeholder": "#FFF""##)),
        (
            "map without annotations",
            document(#"{"type": "map", "camera": {"center": [0, 0], "zoom": 1}, "bbox": [-1, -1, 1, 1], "size": {"width": 1, "height": 1}}"#)
        ),
        ("map without camera", document(#"{"type": "map", "bbox": [-1, -1, 1, 1], "size": {"width": 1, "height": 1}, "annotations": []}"#)),
        ("misspelt map key", map(extra: #", "boundry": []"#)),
        ("zoom above 30", map(camera: #"{"center": [0, 0], "zoom": 31}"#)),
        ("camera with bearing", map(camera: #"{"center": [0, 0], "zoom": 3, "bearing": 90}"#)),
        ("bbox of three numbers", map(bbox: "[-1, -1, 1]")),
        ("bbox latitude beyond 90", map(bbox: "[-1, -91, 1, 1]")),
        ("size of zero", map(size: #"{"width": 0, "height": 844}"#)),
        ("size too large", map(size: #"{"width": 390, "height": 10001}"#)),
        ("center as an object", map(camera: #"{"center": {"lat": 37.8, "lon": -122.46}, "zoom": 12}"#)),
        ("ring of three positions", map(extra: #", "boundary": [[[0, 0], [1, 0], [0, 0]]]"#)),
        ("ring position out of range", map(extra: #", "boundary": [[[0, 0], [1, 0], [1, 95], [0, 0]]]"#)),
        ("unknown annotation type", map(annotations: #"{"type": "marker", "id": "m", "coordinate": [0, 0]}"#)),
        ("pin latitude beyond 90", pin(coordinate: "[-122.4, 137.8]")),
        ("pin longitude beyond 180", pin(coordinate: "[200, 37.8]")),
        ("coordinate with altitude", pin(coordinate: "[-122.4, 37.8, 12]")),
        ("coordinate of one number", pin(coordinate: "[-122.4]")),
        ("coordinate as a string", pin(coordinate: #""37.8,-122.4""#)),
        ("pin without title", map(annotations: #"{"type": "pin", "id": "p", "coordinate": [0, 0]}"#)),
        ("pin with empty title", pin(title: #""""#)),
        ("pin with empty category", pin(extra: #", "category": """#)),
        ("pin with empty id", pin(id: #""""#)),
        ("pin with count", pin(extra: #", "count": 3"#)),
        ("cluster of one", cluster(count: "1")),
        ("cluster count not an integer", cluster(count: "2.5")),
        ("expansion zoom above 30", cluster(expansionZoom: "31")),
        ("cluster without expansion zoom", map(annotations: #"{"type": "cluster", "id": "c", "coordinate": [0, 0], "count": 2}"#)),
        ("category count of zero", cluster(extra: #", "categories": [{"category": "historic", "count": 0}]"#)),
        ("category without name", cluster(extra: #", "categories": [{"count": 3}]"#)),
        ("annotation action with ftp url", cluster(extra: #", "action": {"kind": "url", "url": "ftp://nps.gov"}"#)),
        (
            "ar without off_screen",
            document(
                #"{"type": "ar", "camera": {"position": [0, 0], "heading": 0, "pitch": 0, "fov": 60}, "size": {"width": 1, "height": 1}, "max_distance": 1, "pins": []}"#
            )
        ),
        (
            "ar without max_distance",
            document(
                #"{"type": "ar", "camera": {"position": [0, 0], "heading": 0, "pitch": 0, "fov": 60}, "size": {"width": 1, "height": 1}, "pins": [], "off_screen": []}"#
            )
        ),
        ("misspelt ar key", ar(extra: #", "maxDistance": 5000"#)),
        ("max_distance of zero", ar(maxDistance: "0")),
        ("camera without fov", ar(camera: #"{"position": [0, 0], "heading": 0, "pitch": 0}"#)),
        ("camera with zoom", ar(camera: #"{"position": [0, 0], "heading": 0, "pitch": 0, "fov": 60, "zoom": 3}"#)),
        ("fov of 180", ar(camera: #"{"position": [0, 0], "heading": 0, "pitch": 0, "fov": 180}"#)),
        ("fov of 0", ar(camera: #"{"position": [0, 0], "heading": 0, "pitch": 0, "fov": 0}"#)),
        ("heading above 360", ar(camera: #"{"position": [0, 0], "heading": 361, "pitch": 0, "fov": 60}"#)),
        ("pitch below -90", ar(camera: #"{"position": [0, 0], "heading": 0, "pitch": -91, "fov": 60}"#)),
        ("altitude beyond 100 km", ar(camera: #"{"position": [0, 0], "altitude": 100001, "heading": 0, "pitch": 0, "fov": 60}"#)),
        ("camera position beyond 90", ar(camera: #"{"position": [0, 91], "heading": 0, "pitch": 0, "fov": 60}"#)),
        ("ar pin with empty id", arPin(id: #""""#)),
        ("ar pin with negative z", arPin(z: "-1")),
        ("ar pin with fractional z", arPin(z: "1.5")),
        ("ar pin with type", arPin(extra: #", "type": "pin""#)),
        (
            "ar pin without label",
            ar(pins: #"{"id": "p", "title": "T", "coordinate": [0, 0], "distance": 1, "bearing": 0, "x": 0, "y": 0, "stack": 0, "z": 0}"#)
        ),
        ("label of zero width", arPin(label: #"{"x": 0, "y": 0, "width": 0, "height": 28}"#)),
        ("label with w", arPin(label: #"{"x": 0, "y": 0, "w": 80, "height": 28}"#)),
        (
            "negative distance",
            ar(
                pins:
                    #"{"id": "p", "title": "T", "coordinate": [0, 0], "distance": -1, "bearing": 0, "x": 0, "y": 0, "label": {"x": 0, "y": 0, "width": 1, "height": 1}, "stack": 0, "z": 0}"#
            )
        ),
        ("turn up", hint(turn: #""up""#)),
        ("turn of 0 degrees", hint(degrees: "0")),
        ("turn of 181 degrees", hint(degrees: "181")),
        ("hint with an action", hint(extra: #", "action": {"kind": "go", "flow": "ar"}"#)),
    ]
}
