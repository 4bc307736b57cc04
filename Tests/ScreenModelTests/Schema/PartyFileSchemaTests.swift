import Foundation
import Testing

/// `schema/party.schema.json` against the example parties: the committed files validate, and
/// the mistakes the schema can see are refused (the reader's agreement on fields and roles is
/// Tests/FlowKitTests/Party/PartySchemaTests).
@Suite struct PartyFileSchemaTests {
    let schema: JSONSchemaSubset

    init() throws {
        let text = try String(contentsOf: SchemaTests.packageRoot.appendingPathComponent("schema/party.schema.json"), encoding: .utf8)
        schema = JSONSchemaSubset(root: try JSONValue(parsing: text))
    }

    @Test func theSchemaUsesOnlyKeywordsTheseTestsCheck() {
        #expect(schema.unsupportedKeywords() == [])
        #expect(schema.root["$id"]?.string == "https://flowrun.dev/schema/party@1.json")
    }

    @Test(arguments: ["parks/YOSE/tests/party/valley-family.json", "Tests/GeoKitTests/Fixtures/tracks/tuolumne-party.json"])
    func theExamplePartiesValidate(path: String) throws {
        let text = try String(contentsOf: SchemaTests.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(schema.errors(in: try JSONValue(parsing: text)) == [])
    }

    static func party(members: String, zones: String = "[]") -> String {
        #"{ "format": "flowrun/party@1", "members": \#(members), "zones": \#(zones) }"#
    }

    static let ana = #"{ "id": "ana", "role": "guardian", "track": "a.gpx" }"#

    @Test(arguments: [
        party(members: #"[{ "id": "ana", "role": "chaperone", "track": "a.gpx" }]"#),
        party(members: #"[{ "id": "ana", "role": "guardian" }]"#),
        party(members: #"[{ "id": " ", "role": "guardian", "track": "a.gpx" }]"#),
        party(members: #"[{ "id": "ana", "role": "guardian", "track": "a.gpx", "colour": "red" }]"#),
        party(members: "[]"),
        party(members: "[\(ana)]", zones: #"[{ "id": "z", "lat": 37.7, "lon": -119.5 }]"#),
        party(members: "[\(ana)]", zones: #"[{ "id": "z", "lat": 37.7, "lon": -119.5, "radius_m": 0 }]"#),
        party(members: "[\(ana)]", zones: #"[{ "id": "z", "lat": 97.7, "lon": -119.5, "radius_m": 10 }]"#),
        party(members: "[\(ana)]", zones: #"[{ "id": "z", "lat": 37.7, "lon": -119.5, "radius_m": 10, "rings": [] }]"#),
        party(members: "[\(ana)]", zones: #"[{ "id": "z", "rings": [[{ "lat": 37.7, "lon": -119.5 }, { "lat": 37.8, "lon": -119.5 }]] }]"#),
        #"{ "format": "flowrun/party@2", "members": [{ "id": "ana", "role": "guardian", "track": "a.gpx" }] }"#,
        #"{ "format": "flowrun/party@1", "settings": { "drift_m": -1 }, "members": [{ "id": "ana", "role": "guardian", "track": "a.gpx" }] }"#,
    ])
    func mistakesTheSchemaCanSeeAreRefused(file: String) throws {
        #expect(!schema.errors(in: try JSONValue(parsing: file)).isEmpty)
    }
}
