import Formats
import Foundation
@testable import PartyRelay
import Testing

/// Watch over me: a watch that runs out without a check-in is one `overdue` alert to the
/// guardians and the member, swept once whichever relay sweeps; every alert also leaves an
/// outbox row per recipient and channel for the senders of push, SMS and e-mail.
@Suite("Relay: watches and the outbox") struct RelayWatchTests {
    @Test("a watch that runs out tells the guardian and the member once; a check-in ends one")
    func overdue() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let start = relay.now
        #expect(try await relay.call(.POST, "/v1/parties/\(party.id)/watch", token: party.tokens["ben"], body: ["until": .number(start + 60)]).status == 200)
        #expect(try await relay.call(.POST, "/v1/parties/\(party.id)/watch", token: party.tokens["cal"], body: ["until": .number(start + 60)]).status == 200)
        #expect(try await relay.call(.POST, "/v1/parties/\(party.id)/check-in", token: party.tokens["cal"])["checked_in"]?.boolValue == true)
        let past = try await relay.call(.POST, "/v1/parties/\(party.id)/watch", token: party.tokens["dee"], body: ["until": .number(start - 1)])
        #expect(past.status == 400)
        #expect(past.message.hasPrefix("until:"))
        try await relay.service.sweep()
        #expect(try await relay.alerts(party, "ana").isEmpty)
        relay.now = start + 61
        try await relay.service.sweep()
        try await relay.service.sweep()
        #expect(try await relay.alerts(party, "ana").map { "\($0["kind"]?.stringValue ?? "") \($0["member"]?.stringValue ?? "")" } == ["overdue ben"])
        #expect(try await relay.alerts(party, "ben").count == 1)
        #expect(try await relay.alerts(party, "cal").isEmpty)
    }

    /// A party of Ana, its guardian, who invites Ben: the answer of `POST /v1/parties`.
    static func anaInvitingBen(_ relay: RelayHarness) async throws -> RelayHarness.Answer {
        try await relay.call(
            .POST, "/v1/parties",
            body: [
                "name": "Two", "park": "YOSE", "guardian": ["id": "ana", "name": "Ana"],
                "invite": [["id": "ben", "name": "Ben", "role": "member"]],
            ])
    }

    @Test("each alert leaves an outbox row per recipient and channel they chose")
    func outbox() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let made = try await Self.anaInvitingBen(relay)
        let code = made["invitations"]?.arrayValue?.first?["code"] ?? .null
        let joined = try await relay.call(.POST, "/v1/join", body: ["code": code, "notify": ["sms", "email"]])
        let party = RelayHarness.Party(
            id: made["party"]?.stringValue ?? "", tokens: ["ana": made["token"]?.stringValue ?? "", "ben": joined["token"]?.stringValue ?? ""])
        let bad = try await relay.call(.POST, "/v1/join", body: ["code": "AAAA-BBBB-CCCC", "notify": ["pigeon"]])
        #expect(bad.message.hasPrefix("notify:"))
        let t = relay.now - 30
        _ = try await relay.report(party, "ana", [(1, t, 37.74, -119.565)])
        _ = try await relay.report(party, "ben", [(1, t + 1, 37.74, -119.54)])
        let rows = try relay.sql("SELECT recipient || ':' || channel FROM outbox WHERE party = '\(party.id)' ORDER BY recipient, channel")
        #expect(rows.split(separator: "\n") == ["ana:push", "ben:email", "ben:sms"])
    }

    @Test("the channels a member chooses when joining reach the outbox though the party's rules were made before")
    func outboxAfterLateJoin() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let made = try await Self.anaInvitingBen(relay)
        var party = RelayHarness.Party(id: made["party"]?.stringValue ?? "", tokens: ["ana": made["token"]?.stringValue ?? ""])
        let t = relay.now - 30
        // Ana's report makes the relay evaluate the party (and keep its state) before Ben joins.
        #expect(try await relay.report(party, "ana", [(1, t, 37.74, -119.565)]).status == 200)
        let code = made["invitations"]?.arrayValue?.first?["code"] ?? .null
        party.tokens["ben"] = try await relay.call(.POST, "/v1/join", body: ["code": code, "notify": ["sms", "email"]])["token"]?.stringValue
        #expect(try await relay.report(party, "ben", [(1, t + 1, 37.74, -119.54)]).status == 200)
        let rows = try relay.sql("SELECT recipient || ':' || channel FROM outbox WHERE party = '\(party.id)' ORDER BY recipient, channel")
        #expect(rows.split(separator: "\n") == ["ana:push", "ben:email", "ben:sms"])
    }
}
