import Foundation
import Testing
import ScreenModel

/// The `map` component's JSON shape, decoded from JSON and from Lua-shaped tables.
@Suite struct MapCodingTests {
    /// The shape documented for flows, verbatim.
    static let json = #"""
        { "type": "map", "id": "map",
          "camera": { "center": [-122.46, 37.80], "zoom": 12 },
          "bbox": [-122.5436, 37.7536, -122.3764, 37.8463],
          "size": { "width": 390, "height": 844 },
          "annotations": [
            { "type": "cluster", "id": "c-12-3", "coordinate": [-122.4611, 37.8012], "count": 57, "expansion_zoom": 14,
              "categories": [ { "category": "historic", "count": 30, "name": "Historic sites" }, { "category": "viewpoint", "count": 27 } ],
              "action": { "kind": "go", "flow": "map", "args": { "center": "37.8012,-122.4611", "zoom": "14" }, "label": "Zoom in" } },
            { "type": "pin", "id": "nps-poi:goga:0001", "coordinate": [-122.4770, 37.8105], "title": "Fort Point",
              "category": "historic", "category_name": "Historic site", "action": { "kind": "go", "flow": "sites", "args": { "id": "nps-poi:goga:0001" } } },
            { "type": "pin", "id": "favorite:nps-poi:goga:0001", "coordinate": [-122.4770, 37.8105], "title": "Fort Point",
              "layer": "favorites" }
          ],
          "boundary": [ [ [-122.5, 37.7], [-122.4, 37.7], [-122.4, 37.8], [-122.5, 37.7] ] ],
          "regions": [ { "id": "nps-poi:goga:0001", "name": "Fort Point", "center": [-122.4770, 37.8105], "radius": 120 } ],
          "visitor": { "coordinate": [-122.4750, 37.8078], "accuracy": 12 } }
        """#

    @Test func decodesTheDocumentedShape() throws {
        let component = try JSONDecoder().decode(Component.self, from: Data(Self.json.utf8))
        #expect(component == .map(Samples.map))
        #expect(component.type == "map")
        #expect(component.id == "map")
    }

    @Test func encodesTheDocumentedShape() throws {
        let expected = try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Component.map(Samples.map))) as? NSDictionary
        #expect(actual == expected)
    }

    @Test func omitsEmptyOptionalLists() throws {
        let map = Component.Map(
            camera: .init(center: .init(latitude: 0, longitude: 0), zoom: 1.5),
            bbox: .init(west: 170, south: -10, east: -170, north: 10), size: .init(width: 100, height: 100),
            annotations: [.cluster(.init(id: "c", coordinate: .init(latitude: 0, longitude: 180), count: 2, expansionZoom: 3))]
        )
        let json = String(decoding: try JSONEncoder().encode(Component.map(map)), as: UTF8.self)
        for absent in ["boundary", "categories", "action", "\"id\":\"map\"", "null"] {
            #expect(!json.contains(absent), "\(absent) should be omitted: \(json)")
        }
        #expect(json.contains(#""annotations":[{"#))
        #expect(try JSONDecoder().decode(Component.self, from: Data(json.utf8)) == .map(map))
    }

    @Test func annotationAccessors() {
        let annotations = Samples.map.annotations
        #expect(annotations.map(\.type) == ["cluster", "pin", "pin"])
        #expect(annotations.map(\.id) == ["c-12-3", "nps-poi:goga:0001", "favorite:nps-poi:goga:0001"])
        #expect(annotations.map(\.coordinate.latitude) == [37.8012, 37.8105, 37.8105])
        #expect(annotations.map { $0.action?.kind } == ["go", "go", nil])
    }

    // MARK: - Errors

    @Test(arguments: [
        (#"{"type": "marker", "id": "m", "coordinate": [0, 0]}"#, "unknown annotation type 'marker'; expected one of: cluster, pin"),
        (
            #"{"type": "pin", "id": "p", "coordinate": [0, 0], "title": "T", "color": "red"}"#,
            "unknown key 'color' in pin; expected one of: type, id, coordinate, title, category, category_name, action, layer"
        ),
        (
            #"{"type": "pin", "id": "p", "coordinate": [0, 0], "title": "T", "layer": "mine"}"#,
            "unknown pin layer 'mine'; expected one of: sites, favorites, own"
        ),
        (#"{"type": "pin", "id": "p", "coordinate": [0, 0, 12], "title": "T"}"#, "a coordinate is [longitude, latitude]; got 3 numbers"),
        (#"{"type": "pin", "id": "p", "coordinate": [0, 0, 1, 2], "title": "T"}"#, "a coordinate is [longitude, latitude]; got 3 or more numbers"),
        (#"{"type": "pin", "id": "p", "coordinate": [37.8], "title": "T"}"#, "a coordinate is [longitude, latitude]; got 1 numbers"),
        (
            #"{"type": "cluster", "id": "c", "coordinate": [0, 0], "count": 2, "expansionZoom": 3}"#,
            "unknown key 'expansionZoom' in cluster; expected one of: type, id, coordinate, count, expansion_zoom, categories, action"
        ),
    ])
    func annotationErrorsSayWhatIsExpected(annotation: String, message: String) {
        #expect(decodingMessage(map(annotations: "[\(annotation)]")) == message)
    }

    @Test func bboxNeedsFourNumbers() {
        let json = map(annotations: "[]").replacingOccurrences(of: "[-122.5, 37.7, -122.4, 37.8]", with: "[-122.5, 37.7, -122.4]")
        #expect(decodingMessage(json) == "a bbox is [west, south, east, north]; got 3 numbers")
    }

    @Test func errorsCarryTheCodingPath() {
        do {
            _ = try JSONDecoder().decode(
                Component.self, from: Data(map(annotations: #"[{"type": "pin", "id": "p", "coordinate": [0, "north"], "title": "T"}]"#).utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["annotations", "0", "coordinate", "1"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: - Lua-shaped tables

    /// The documented map as a flow builds it: nested tables, integers where Lua has them,
    /// and `{}` for the lists that happen to be empty.
    private func mapTree(annotations: [Tree], boundary: Tree) -> Tree {
        .map([
            "type": "map", "id": "map",
            "camera": .map(["center": .array([-122.46, 37.80]), "zoom": 12]),
            "bbox": .array([-122.5436, 37.7536, -122.3764, 37.8463]),
            "size": .map(["width": 390, "height": 844.0]),
            "annotations": annotations.isEmpty ? .empty : .array(annotations),
            "boundary": boundary,
        ])
    }

    @Test(arguments: [false, true])
    func decodesLuaShapedTables(emptyTableIsArray: Bool) throws {
        let tree = mapTree(
            annotations: [
                .map([
                    "type": "cluster", "id": "c-12-3", "coordinate": .array([-122.4611, 37.8012]), "count": 57,
                    "expansion_zoom": 14, "categories": .empty,
                ]),
                .map(["type": "pin", "id": "nps-poi:goga:0001", "coordinate": .array([-122.4770, 37.8105]), "title": "Fort Point"]),
            ], boundary: .array([.empty]))
        let component = try Component(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        guard case .map(let map) = component else { Issue.record("not a map"); return }
        #expect(map.camera == Samples.map.camera)
        #expect(map.bbox == Samples.map.bbox)
        #expect(map.size == Samples.map.size)
        #expect(
            map.annotations == [
                .cluster(.init(id: "c-12-3", coordinate: .init(latitude: 37.8012, longitude: -122.4611), count: 57, expansionZoom: 14)),
                .pin(.init(id: "nps-poi:goga:0001", coordinate: .init(latitude: 37.8105, longitude: -122.4770), title: "Fort Point")),
            ])
        // An empty ring decodes; the validator then says it is too short.
        #expect(map.boundary == [[]])
    }

    @Test(arguments: [false, true])
    func emptyAnnotationsAndBoundaryTables(emptyTableIsArray: Bool) throws {
        let tree = mapTree(annotations: [], boundary: .empty)
        let component = try Component(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        guard case .map(let map) = component else { Issue.record("not a map"); return }
        #expect(map.annotations.isEmpty)
        #expect(map.boundary.isEmpty)
    }

    // MARK: - Helpers

    /// A map component with `annotations` spliced in.
    private func map(annotations: String) -> String {
        #"{"type": "map", "camera": {"center": [0, 0], "zoom": 1}, "bbox": [-122.5, 37.7, -122.4, 37.8], "size": {"width": 1, "height": 1}, "annotations": \#(annotations)}"#
    }

    /// The debug description of the error decoding `json` as a component, or nil.
    private func decodingMessage(_ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(Component.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }
}
