import Formats
import Foundation
import Testing

/// Rights are the service's, not the phone's: whatever a client sends, a child or guest sees,
/// changes and triggers only what PartyRights allows, and a removed member is out at once.
@Suite("Relay: rights by role") struct RelayRightsTests {
    static let camp = RelayTests.camp

    @Test("a child sees guardians and itself; a member sees everyone")
    func positions() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 60
        for (i, member) in ["ana", "ben", "cal", "dee"].enumerated() {
            _ = try await relay.report(party, member, [(1, t + Double(i), Self.camp.lat, Self.camp.lon)])
        }
        let seenBy = { (member: String) async throws -> [String] in
            let answer = try await relay.call(.GET, "/v1/parties/\(party.id)/positions", token: party.tokens[member])
            return (answer["positions"]?.arrayValue ?? []).compactMap { $0["member"]?.stringValue }
        }
        #expect(try await seenBy("ben") == ["ana", "ben"])
        #expect(try await seenBy("dee") == ["ana", "dee"])
        #expect(try await seenBy("cal") == ["ana", "ben", "cal", "dee"])
    }

    @Test("a child may not change zones, add or remove members; a guest may not raise an emergency")
    func changes() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let zone: JSONValue = ["name": "Meadow", "lat": 37.739, "lon": -119.552, "radius_m": 200]
        let put = try await relay.call(.PUT, "/v1/parties/\(party.id)/zones/meadow", token: party.tokens["ben"], body: zone)
        #expect(put.status == 403)
        #expect(put.message == "member 'ben' (child) may not change safe zones")
        let invite = try await relay.call(.POST, "/v1/parties/\(party.id)/invitations", token: party.tokens["cal"], body: ["id": "eve", "role": "guardian"])
        #expect(invite.status == 403)
        let remove = try await relay.call(.DELETE, "/v1/parties/\(party.id)/members/ana", token: party.tokens["ben"])
        #expect(remove.status == 403)
        let emergency = try await relay.call(.POST, "/v1/parties/\(party.id)/emergency", token: party.tokens["dee"], body: ["lat": 37.74, "lon": -119.56])
        #expect(emergency.status == 403)
        #expect(emergency.message.contains("guest"))
        // The guardian may, and everyone else hears the emergency.
        #expect(try await relay.call(.PUT, "/v1/parties/\(party.id)/zones/meadow", token: party.tokens["ana"], body: zone).status == 200)
        let raised = try await relay.call(.POST, "/v1/parties/\(party.id)/emergency", token: party.tokens["ben"], body: ["lat": 37.74, "lon": -119.56])
        #expect(raised["told"]?.numberValue == 3)
        #expect(try await relay.alerts(party, "dee").map { $0["kind"]?.stringValue } == ["emergency"])
        // The stats count each refusal by its reason.
        let stats = try await relay.call(.GET, "/v1/stats")
        #expect(stats["refused"]?["forbidden"]?.numberValue == 4)
    }

    @Test("a removed member's token stops working at once; a used invitation is refused")
    func removal() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        #expect(try await relay.call(.GET, "/v1/parties/\(party.id)", token: party.tokens["cal"]).status == 200)
        let removed = try await relay.call(.DELETE, "/v1/parties/\(party.id)/members/cal", token: party.tokens["ana"])
        #expect(removed.status == 200)
        let after = try await relay.call(.GET, "/v1/parties/\(party.id)/positions", token: party.tokens["cal"])
        #expect(after.status == 401)
        #expect(after.error == "member_removed")
        let report = try await relay.report(party, "cal", [(1, relay.now - 5, Self.camp.lat, Self.camp.lon)])
        #expect(report.status == 401)
        // The only guardian cannot be removed.
        let last = try await relay.call(.DELETE, "/v1/parties/\(party.id)/members/ana", token: party.tokens["ana"])
        #expect(last.status == 409)
        // An invitation works once.
        let invited = try await relay.call(.POST, "/v1/parties/\(party.id)/invitations", token: party.tokens["ana"], body: ["id": "eve", "role": "member"])
        let code = invited["code"] ?? .null
        #expect(try await relay.call(.POST, "/v1/join", body: ["code": code]).status == 200)
        let twice = try await relay.call(.POST, "/v1/join", body: ["code": code])
        #expect(twice.status == 410)
        #expect(twice.error == "code_used")
        #expect(try await relay.call(.POST, "/v1/join", body: ["code": "AAAA-BBBB-CCCC"]).status == 404)
    }

    @Test("a token for another party, an expired one or a forged one is refused")
    func tokens() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let one = try await relay.party(), two = try await relay.party()
        let other = try await relay.call(.GET, "/v1/parties/\(two.id)/positions", token: one.tokens["ana"])
        #expect(other.status == 403)
        #expect(other.error == "token_other_party")
        let forged = try await relay.call(.GET, "/v1/parties/\(one.id)/positions", token: (one.tokens["ben"] ?? "") + "A")
        #expect(forged.status == 401)
        #expect(forged.error == "token_invalid")
        let missing = try await relay.call(.GET, "/v1/parties/\(one.id)/positions")
        #expect(missing.error == "token_missing")
        // Used once (the relay keeps tokens it checked), then past its expiry: refused all the same.
        #expect(try await relay.call(.GET, "/v1/parties/\(one.id)/positions", token: one.tokens["ana"]).status == 200)
        relay.now += relay.server.configuration.tokenSeconds + 1
        let expired = try await relay.call(.GET, "/v1/parties/\(one.id)/positions", token: one.tokens["ana"])
        #expect(expired.status == 401)
        #expect(expired.error == "token_expired")
    }
}
