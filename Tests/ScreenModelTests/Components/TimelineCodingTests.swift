import Foundation
import Testing
import ScreenModel

/// The `timeline` component's JSON shape, decoded from JSON and from Lua-shaped tables.
@Suite struct TimelineCodingTests {
    typealias Timeline = Component.Timeline

    /// The shape documented for flows, verbatim.
    static let json = #"""
        { "type": "timeline", "id": "replay", "title": "Replay",
          "start": 1720104236, "end": 1720109402,
          "entries": [
            { "time": 1720104236, "kind": "presence_enter", "title": "Entered Golden Gate", "detail": "first fix inside",
              "region": "goga", "position": [-122.456, 37.8035] },
            { "time": 1720104448, "kind": "enter", "title": "Crissy Field" }
          ],
          "track": [ [-122.456, 37.8035], [-122.465, 37.8055] ],
          "regions": [
            { "id": "goga", "name": "Presidio",
              "rings": [ [ [-122.485, 37.788], [-122.447, 37.788], [-122.447, 37.806], [-122.485, 37.788] ] ] },
            { "id": "crissy-field", "name": "Crissy Field", "center": [-122.465, 37.8047], "radius": 180 }
          ],
          "paths": [ { "id": "ana", "name": "Ana", "points": [ [-122.457, 37.8036], [-122.463, 37.805] ] } ],
          "facts": [ { "label": "fixes", "value": "1,722" } ],
          "timezone": "America/Los_Angeles" }
        """#

    @Test func decodesTheDocumentedShape() throws {
        let component = try JSONDecoder().decode(Component.self, from: Data(Self.json.utf8))
        #expect(component == .timeline(Samples.timeline))
        #expect(component.type == "timeline")
        #expect(component.id == "replay")
    }

    @Test func encodesTheDocumentedShape() throws {
        let expected = try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Component.timeline(Samples.timeline))) as? NSDictionary
        #expect(actual == expected)
    }

    @Test func roundTripsFractionalTimesAndEveryKind() throws {
        let timeline = Timeline(
            start: 0.25, end: 100.5,
            entries: Timeline.Entry.Kind.allCases.enumerated().map { index, kind in
                .init(time: 0.25 + Double(index), kind: kind, title: kind.rawValue)
            })
        let data = try JSONEncoder().encode(Component.timeline(timeline))
        #expect(try JSONDecoder().decode(Component.self, from: data) == .timeline(timeline))
    }

    @Test func omitsEmptyOptionalListsAndNils() throws {
        let timeline = Timeline(start: 10, end: 20, entries: [.init(time: 15, kind: .callout, title: "Fort Point")])
        let data = try JSONEncoder().encode(Component.timeline(timeline))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["type", "start", "end", "entries"])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.map { Set($0.keys) } == [["time", "kind", "title"]])
        #expect(try JSONDecoder().decode(Component.self, from: data) == .timeline(timeline))
    }

    @Test func knownKindsInDeclarationOrder() {
        #expect(
            Timeline.Entry.Kind.knownKinds == [
                "presence_enter", "presence_exit", "enter", "exit", "dwell", "callout", "callout_held", "monitor", "missed_enter", "context", "location",
                "zone_left", "zone_return", "silent", "reporting", "drift", "together", "emergency", "overdue",
            ])
    }

    // MARK: - Errors

    @Test(arguments: [
        (
            #"{"type": "timeline", "start": 0, "end": 1, "entries": [], "events": []}"#,
            "unknown key 'events' in timeline; expected one of: type, id, title, start, end, entries, track, regions, paths, facts, timezone"
        ),
        (
            TimelineCodingTests.entries(#"{"time": 0, "kind": "arrive", "title": "T"}"#),
            "unknown timeline entry kind 'arrive'; expected one of: presence_enter, presence_exit, enter, exit, dwell, callout, callout_held, monitor, missed_enter, context, location, zone_left, zone_return, silent, reporting, drift, together, emergency, overdue"
        ),
        (
            TimelineCodingTests.entries(#"{"time": 0, "kind": "enter", "title": "T", "color": "red"}"#),
            "unknown key 'color' in timeline entry; expected one of: time, kind, title, detail, region, position"
        ),
        (
            TimelineCodingTests.entries(#"{"time": 0, "kind": "enter", "title": "T", "position": [0, 0, 12]}"#),
            "a coordinate is [longitude, latitude]; got 3 numbers"
        ),
        (
            TimelineCodingTests.regions(#"{"id": "r", "name": "R", "center": [0, 0], "radius": 5, "rings": []}"#),
            "unknown keys 'center', 'radius' in area region; expected one of: id, name, rings"
        ),
        (
            TimelineCodingTests.regions(#"{"id": "r", "name": "R", "center": [0, 0], "radius": 5, "label": "x"}"#),
            "unknown key 'label' in circle region; expected one of: id, name, center, radius"
        ),
        (
            TimelineCodingTests.regions(#"{"id": "r", "name": "R"}"#),
            "a timeline region is a circle (center, radius) or an area (rings); got neither"
        ),
        (
            #"{"type": "timeline", "start": 0, "end": 1, "entries": [], "facts": [{"label": "fixes", "value": "3", "unit": "s"}]}"#,
            "unknown key 'unit' in timeline fact; expected one of: label, value"
        ),
    ])
    func errorsSayWhatIsExpected(json: String, message: String) {
        #expect(decodingMessage(json) == message)
    }

    @Test func missingKindIsAMissingKey() {
        do {
            _ = try JSONDecoder().decode(Component.self, from: Data(Self.entries(#"{"time": 0, "title": "T"}"#).utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "kind")
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["entries", "0"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func errorsCarryTheCodingPath() {
        let json = Self.regions(#"{"id": "a", "name": "A", "rings": [[[0, 0], [1, 0], [1, "north"], [0, 0]]]}"#)
        do {
            _ = try JSONDecoder().decode(Component.self, from: Data(json.utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["regions", "0", "rings", "0", "2", "1"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: - Lua-shaped tables

    @Test(arguments: [false, true])
    func decodesLuaShapedTables(emptyTableIsArray: Bool) throws {
        let tree: Tree = .map([
            "type": "timeline", "start": 1_720_104_236, "end": 1_720_109_402.5,
            "entries": .array([
                .map(["time": 1_720_104_236, "kind": "presence_enter", "title": "Entered", "position": .array([-122.456, 37.8035])])
            ]),
            "track": .empty, "regions": .array([.map(["id": "a", "name": "A", "rings": .array([.empty])])]), "facts": .empty,
        ])
        let component = try Component(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        #expect(
            component
                == .timeline(
                    Timeline(
                        start: 1_720_104_236, end: 1_720_109_402.5,
                        entries: [.init(time: 1_720_104_236, kind: .presenceEnter, title: "Entered", position: .init(latitude: 37.8035, longitude: -122.456))],
                        // An empty ring decodes; the validator then says it is too short.
                        regions: [.area(id: "a", name: "A", rings: [[]])]
                    )))
    }

    @Test(arguments: [false, true])
    func emptyEntriesTable(emptyTableIsArray: Bool) throws {
        let tree: Tree = .map(["type": "timeline", "start": 0, "end": 0, "entries": .empty])
        let component = try Component(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        #expect(component == .timeline(Timeline(start: 0, end: 0)))
    }

    // MARK: - Helpers

    /// A timeline component with one entry.
    static func entries(_ entry: String) -> String {
        #"{"type": "timeline", "start": 0, "end": 1, "entries": [\#(entry)]}"#
    }

    /// A timeline component with one region.
    static func regions(_ region: String) -> String {
        #"{"type": "timeline", "start": 0, "end": 1, "entries": [], "regions": [\#(region)]}"#
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
