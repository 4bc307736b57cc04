import Foundation
import Testing
import ScreenModel

/// Timeline documents for ``SchemaTests``: the schema and the Swift model accept the
/// valid ones and both reject the broken ones; the rules about time order are the
/// validator's alone.
extension SchemaTests {
    /// A screen with one timeline; each argument is the JSON of its field, `extra` more fields.
    static func timeline(start: String = "1720104236", end: String = "1720109402", entries: String = "", extra: String = "") -> String {
        document(#"{"type": "timeline", "start": \#(start), "end": \#(end), "entries": [\#(entries)]\#(extra)}"#)
    }

    static func entry(kind: String = #""enter""#, title: String = #""Fort Point""#, extra: String = "") -> String {
        timeline(entries: #"{"time": 1720104300, "kind": \#(kind), "title": \#(title)\#(extra)}"#)
    }

    static func region(_ fields: String) -> String {
        timeline(extra: #", "regions": [{"id": "r", "name": "R", \#(fields)}]"#)
    }

    static let validTimelines: [String] = [
        timeline(),
        timeline(start: "0.5", end: "0.5", extra: #", "id": "t", "title": "Replay", "track": [], "regions": [], "facts": []"#),
        entry(kind: #""presence_enter""#, extra: #", "detail": "", "region": "goga", "position": [-122.456, 37.8035]"#),
        entry(kind: #""callout_held""#),
        entry(kind: #""missed_enter""#),
        timeline(extra: #", "track": [[-122.456, 37.8035], [179.9, -17.7]]"#),
        region(#""center": [-122.477, 37.8105], "radius": 0.5"#),
        region(#""rings": [[[-122.5, 37.7], [-122.4, 37.7], [-122.4, 37.8], [-122.5, 37.7]], [[0, 0], [1, 0], [1, 1], [0, 0]]]"#),
        timeline(extra: #", "facts": [{"label": "fixes", "value": "1,722"}]"#),
    ]

    static let brokenTimelines: [(String, String)] = [
        ("timeline without entries", document(#"{"type": "timeline", "start": 0, "end": 1}"#)),
        ("timeline without start", document(#"{"type": "timeline", "end": 1, "entries": []}"#)),
        ("start as a string", timeline(start: #""2024-07-04T14:43:56Z""#)),
        ("empty timeline title", timeline(extra: #", "title": """#)),
        ("misspelt timeline key", timeline(extra: #", "tracks": []"#)),
        ("unknown entry kind", entry(kind: #""arrive""#)),
        ("entry without kind", timeline(entries: #"{"time": 1720104300, "title": "T"}"#)),
        ("entry without time", timeline(entries: #"{"kind": "enter", "title": "T"}"#)),
        ("entry with empty title", entry(title: #""""#)),
        ("entry with empty region", entry(extra: #", "region": """#)),
        ("entry position beyond 90", entry(extra: #", "position": [-122.4, 137.8]"#)),
        ("entry with extra key", entry(extra: #", "site": "fort-point""#)),
        ("track position of three numbers", timeline(extra: #", "track": [[-122.4, 37.8, 12]]"#)),
        ("circle of radius 0", region(#""center": [-122.477, 37.8105], "radius": 0"#)),
        ("circle without radius", region(#""center": [-122.477, 37.8105]"#)),
        ("circle with rings", region(#""center": [0, 0], "radius": 5, "rings": [[[0, 0], [1, 0], [1, 1], [0, 0]]]"#)),
        ("region without a shape", timeline(extra: #", "regions": [{"id": "r", "name": "R"}]"#)),
        ("region with empty name", timeline(extra: #", "regions": [{"id": "r", "name": "", "center": [0, 0], "radius": 5}]"#)),
        ("area without rings", region(#""rings": []"#)),
        ("area ring of three positions", region(#""rings": [[[0, 0], [1, 0], [0, 0]]]"#)),
        ("fact without value", timeline(extra: #", "facts": [{"label": "fixes"}]"#)),
        ("fact with empty label", timeline(extra: #", "facts": [{"label": "", "value": "3"}]"#)),
    ]

    /// What the schema cannot say: end before start, entries outside the span or out of order,
    /// a region id used twice.
    static let timelinesOnlyTheValidatorRejects: [(String, String)] = [
        ("end before start", timeline(start: "200", end: "100")),
        ("entry before start", timeline(entries: #"{"time": 100, "kind": "enter", "title": "T"}"#)),
        (
            "entries out of order",
            timeline(entries: #"{"time": 1720104400, "kind": "enter", "title": "A"}, {"time": 1720104300, "kind": "exit", "title": "A"}"#)
        ),
        (
            "region id used twice",
            timeline(extra: #", "regions": [{"id": "r", "name": "A", "center": [0, 0], "radius": 5}, {"id": "r", "name": "B", "center": [0, 1], "radius": 5}]"#)
        ),
    ]

    @Test(arguments: SchemaTests.timelinesOnlyTheValidatorRejects)
    func validatorAloneRejects(name: String, document: String) throws {
        #expect(schema.errors(in: try JSONValue(parsing: document)) == [], "\(name)")
        let screen = try JSONDecoder().decode(Screen.self, from: Data(document.utf8))
        #expect(ScreenValidator().validate(screen).count == 1, "\(name)")
    }
}
