import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// `schema/party.schema.json` and the reader (``PartyFile``) agree: the same format, fields,
/// required fields, roles and defaults, so the schema an app validates with is the file
/// flowrun reads.
@Suite struct PartySchemaTests {
    let schema: [String: Any]

    init() throws {
        let data = try Data(contentsOf: repositoryRoot.appendingPathComponent("schema/party.schema.json"))
        schema = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    func definition(_ name: String) -> [String: Any] {
        (schema["$defs"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    func keys(_ object: [String: Any]) -> Set<String> {
        Set((object["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    func required(_ object: [String: Any]) -> Set<String> {
        Set(object["required"] as? [String] ?? [])
    }

    @Test func theFormatAndTheFieldsAreTheReaders() {
        #expect(((schema["properties"] as? [String: Any])?["format"] as? [String: Any])?["const"] as? String == PartyFile.format)
        #expect(keys(schema) == PartyFile.Fields.top)
        #expect(keys(definition("settings")) == PartyFile.Fields.settings)
        #expect(keys(definition("member")) == PartyFile.Fields.member)
        #expect(keys(definition("circleZone")).union(keys(definition("polygonZone"))) == PartyFile.Fields.zone)
        #expect(keys(definition("point")) == PartyFile.Fields.point)
        #expect(required(schema) == ["format", "members"])
        #expect(required(definition("member")) == ["id", "role", "track"])
    }

    @Test func theRolesAreTheModels() {
        let role = (definition("member")["properties"] as? [String: Any])?["role"] as? [String: Any]
        #expect(role?["enum"] as? [String] == PartyRole.allCases.map(\.rawValue))
    }

    @Test func theDefaultsArePartySettingss() {
        let settings = definition("settings")["properties"] as? [String: [String: Any]]
        #expect(settings?["drift_m"]?["default"] as? Double == PartySettings().driftDistance)
        #expect(settings?["silence_s"]?["default"] as? Double == PartySettings().silenceTimeout)
    }

    /// What the schema leaves to the reader, the reader refuses (each message names the field).
    @Test(arguments: [
        (#"[{ "id": "b", "role": "child", "track": "a.gpx" }]"#, "[]", "party.json: members: a party needs a guardian (alerts go to guardians)"),
        (
            #"[{ "id": "a", "role": "guardian", "track": "a.gpx" }]"#,
            #"[{ "id": "z", "lat": 37.74, "lon": -119.56, "radius_m": 5 }, { "id": "z", "lat": 37.74, "lon": -119.56, "radius_m": 5 }]"#,
            "party.json: zones[2].id: 'z' is already zones[1]'s id"
        ),
        (
            #"[{ "id": "a", "role": "guardian", "track": "a.gpx" }]"#,
            #"[{ "id": "z", "rings": [[{ "lat": 37.74, "lon": -119.56 }, { "lat": 37.74, "lon": -119.56 }, { "lat": 37.75, "lon": -119.56 }]] }]"#,
            "party.json: zones[1].rings[1]: a ring needs at least 3 distinct points, got 2"
        ),
    ])
    func whatTheSchemaCannotSeeTheReaderRefuses(members: String, zones: String, message: String) throws {
        let (_, error) = try PartyFileTests().read(members: members, zones: zones)
        #expect(error == message)
    }
}
