import Foundation
import Testing
import ScreenModel

/// The `ar` component's JSON shape, decoded from JSON and from Lua-shaped tables.
@Suite struct ARCodingTests {
    /// The shape documented for flows, verbatim (``Samples/ar``).
    static let json = #"""
        { "type": "ar", "id": "ar",
          "camera": { "position": [-122.4750, 37.8077], "altitude": 70, "heading": 97, "pitch": -3, "fov": 60 },
          "size": { "width": 390, "height": 844 },
          "max_distance": 6000,
          "pins": [
            { "id": "nps-poi:goga:0012", "title": "Warming Hut", "subtitle": "Café and shop", "coordinate": [-122.4696, 37.8073],
              "distance": 476, "bearing": 95.4, "x": 185.4, "y": 450.2,
              "label": { "x": 139.4, "y": 410.2, "width": 92, "height": 28 }, "stack": 0, "z": 0,
              "action": { "kind": "go", "flow": "sites", "args": { "id": "nps-poi:goga:0012" } } },
            { "id": "nps-poi:goga:0007", "title": "Crissy Field", "coordinate": [-122.4495, 37.8055],
              "distance": 2254, "bearing": 96.2, "x": 190.4, "y": 414.4,
              "label": { "x": 140.4, "y": 382.2, "width": 100, "height": 28 }, "stack": 1, "z": 1 }
          ],
          "off_screen": [
            { "id": "nps-poi:goga:0004", "title": "Alcatraz Island", "distance": 5033, "bearing": 65.2, "turn": "left", "degrees": 31.8 }
          ],
          "empty": "Nothing within 6 km this way" }
        """#

    @Test func decodesTheDocumentedShape() throws {
        let component = try JSONDecoder().decode(Component.self, from: Data(Self.json.utf8))
        #expect(component == .ar(Samples.ar))
        #expect(component.type == "ar")
        #expect(component.id == "ar")
    }

    @Test func encodesTheDocumentedShape() throws {
        let expected = try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Component.ar(Samples.ar))) as? NSDictionary
        #expect(actual == expected)
    }

    @Test func roundTripsWithoutOptionalFields() throws {
        let ar = Component.AR(
            camera: .init(position: .init(latitude: 44.46, longitude: -110.83), heading: 0), size: .init(width: 320, height: 568),
            maximumDistance: 2500
        )
        let json = String(decoding: try JSONEncoder().encode(Component.ar(ar)), as: UTF8.self)
        for absent in ["altitude", "empty", "\"id\"", "null"] {
            #expect(!json.contains(absent), "\(absent) should be omitted: \(json)")
        }
        // Required lists are written even when empty; the defaults are written too.
        for present in [#""pins":[]"#, #""off_screen":[]"#, #""pitch":0"#, #""fov":60"#] {
            #expect(json.contains(present), "\(present) missing: \(json)")
        }
        #expect(try JSONDecoder().decode(Component.self, from: Data(json.utf8)) == .ar(ar))
    }

    @Test func pinsFrontToBackFollowZThenInputOrder() {
        func pin(_ id: String, z: Int) -> Component.AR.Pin {
            .init(
                id: id, title: id, coordinate: .init(latitude: 0, longitude: 0), distance: 1, bearing: 0, x: 0, y: 0,
                label: .init(x: 0, y: 0, width: 1, height: 1), z: z)
        }
        let ar = Component.AR(
            camera: .init(position: .init(latitude: 0, longitude: 0), heading: 0), size: .init(width: 1, height: 1),
            maximumDistance: 1, pins: [pin("c", z: 2), pin("a", z: 0), pin("d", z: 2), pin("b", z: 1)])
        #expect(ar.pinsFrontToBack.map(\.id) == ["a", "b", "c", "d"])
    }

    // MARK: - Errors

    @Test(arguments: [
        (#""fov": 60, "roll": 0"#, "unknown key 'roll' in ar camera; expected one of: position, altitude, heading, pitch, fov")
    ])
    func cameraErrorsSayWhatIsExpected(extra: String, message: String) {
        let json = Self.json.replacingOccurrences(of: #""fov": 60"#, with: extra)
        #expect(decodingMessage(json) == message)
    }

    @Test(arguments: [
        (#""maxDistance": 6000"#, "unknown key 'maxDistance' in ar; expected one of: type, id, camera, size, max_distance, pins, off_screen, empty"),
        (#""max_distance": 6000, "heading": 3"#, "unknown key 'heading' in ar; expected one of: type, id, camera, size, max_distance, pins, off_screen, empty"),
    ])
    func arErrorsSayWhatIsExpected(replacement: String, message: String) {
        let json = Self.json.replacingOccurrences(of: #""max_distance": 6000"#, with: replacement)
        #expect(decodingMessage(json) == message)
    }

    @Test(arguments: [
        (
            #""stack": 1, "z": 1, "color": "red""#,
            "unknown key 'color' in ar pin; expected one of: id, title, subtitle, coordinate, distance, bearing, x, y, label, stack, z, action"
        ),
        (
            #""stack": 1, "z": 1, "type": "pin""#,
            "unknown key 'type' in ar pin; expected one of: id, title, subtitle, coordinate, distance, bearing, x, y, label, stack, z, action"
        ),
        (
            #""stack": 1, "zIndex": 1"#,
            "unknown key 'zIndex' in ar pin; expected one of: id, title, subtitle, coordinate, distance, bearing, x, y, label, stack, z, action"
        ),
    ])
    func pinErrorsSayWhatIsExpected(replacement: String, message: String) {
        let json = Self.json.replacingOccurrences(of: #""stack": 1, "z": 1"#, with: replacement)
        #expect(decodingMessage(json) == message)
    }

    @Test func labelBoxIsStrict() {
        let json = Self.json.replacingOccurrences(of: #""width": 100, "height": 28"#, with: #""w": 100, "height": 28"#)
        #expect(decodingMessage(json) == "unknown key 'w' in label box; expected one of: x, y, width, height")
    }

    @Test func hintErrorsSayWhatIsExpected() {
        let up = Self.json.replacingOccurrences(of: #""turn": "left""#, with: #""turn": "up""#)
        #expect(decodingMessage(up) == "unknown turn 'up'; expected one of: left, right")
        let extra = Self.json.replacingOccurrences(of: #""turn": "left""#, with: #""turn": "left", "action": {"kind": "go", "flow": "ar"}"#)
        #expect(decodingMessage(extra) == "unknown key 'action' in off-screen hint; expected one of: id, title, distance, bearing, turn, degrees")
        let missing = Self.json.replacingOccurrences(of: #""turn": "left", "#, with: "")
        #expect(decodingMessage(missing) == "no value for 'turn' (left or right)")
    }

    @Test func requiredListsAndNumbersMustBeThere() {
        let noHints = Self.json.replacingOccurrences(of: #""off_screen": ["#, with: #""hints": ["#)
        #expect(decodingMessage(noHints)?.hasPrefix("unknown key 'hints' in ar") == true)
        let stackAsText = Self.json.replacingOccurrences(of: #""stack": 1"#, with: #""stack": "1""#)
        #expect(decodingMessage(stackAsText) != nil)
        let zFraction = Self.json.replacingOccurrences(of: #""z": 1 }"#, with: #""z": 1.5 }"#)
        #expect(decodingMessage(zFraction) != nil)
    }

    @Test func errorsCarryTheCodingPath() {
        let json = Self.json.replacingOccurrences(of: #""coordinate": [-122.4495, 37.8055]"#, with: #""coordinate": [-122.4495, "north"]"#)
        do {
            _ = try JSONDecoder().decode(Component.self, from: Data(json.utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["pins", "1", "coordinate", "1"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: - Lua-shaped tables

    @Test(arguments: [false, true])
    func decodesLuaShapedTables(emptyTableIsArray: Bool) throws {
        let tree = Tree.map([
            "type": "ar",
            "camera": .map(["position": .array([-122.4750, 37.8077]), "heading": 97, "pitch": 0, "fov": 60]),
            "size": .map(["width": 390, "height": 844]),
            "max_distance": 6000,
            "pins": .array([
                .map([
                    "id": "p", "title": "Warming Hut", "coordinate": .array([-122.4696, 37.8073]), "distance": 476.0, "bearing": 95.4,
                    "x": 185.4, "y": 450, "label": .map(["x": 139.4, "y": 410.2, "width": 92, "height": 28]), "stack": 0, "z": 0,
                ])
            ]),
            "off_screen": .empty,
        ])
        let component = try Component(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        guard case .ar(let ar) = component else { Issue.record("not an ar view"); return }
        #expect(ar.camera == .init(position: .init(latitude: 37.8077, longitude: -122.4750), heading: 97))
        #expect(ar.pins.map(\.title) == ["Warming Hut"])
        #expect(ar.pins.first?.label == .init(x: 139.4, y: 410.2, width: 92, height: 28))
        #expect(ar.offScreen.isEmpty)
    }

    // MARK: - Helpers

    /// The debug description of the error decoding `json` as a component, or nil.
    private func decodingMessage(_ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(Component.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                return context.debugDescription
            @unknown default:
                return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }
}
