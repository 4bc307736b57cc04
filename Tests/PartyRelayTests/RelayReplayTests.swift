import FlowKit
import Formats
import Foundation
import GeoKit
@testable import PartyRelay
import Testing

/// The relay evaluates the runtime's own rules: YOSE's example party, its recorded tracks
/// reported to the relay fix by fix in time order, raises for the guardian exactly the alerts
/// a replay of the same party file raises (`flowrun --park YOSE party --party ...`).
@Suite("Relay: the same rules as a replay") struct RelayReplayTests {
    @Test("YOSE's valley family through the relay: the guardian's alerts are the replay's")
    func sameAlertsAsReplay() async throws {
        let file = repositoryRoot.appendingPathComponent("parks/YOSE/tests/party/valley-family.json").path
        let party = try PartyFile.read(file)
        let config = try ParkConfig.load(code: "YOSE", root: ProjectRoot(path: repositoryRoot.path))
        let rules = Party.rules(party.settings, in: config)
        let expected = try PartyReplay.run(tracks: party.members.map(\.fixes), zones: party.zones, settings: rules)
            .filter { $0.isAlert && PartyRights.tells($0, to: 0, role: .guardian) }
        // The recording's times moved to the last hours, so the relay takes them.
        let span = party.span
        let relay = try await RelayHarness.start { $0.requestsPerMinute = 100_000 }
        defer { Task { await relay.stop() } }
        let shift = (relay.now - 60 - span.end).rounded()
        let json = try JSONValue.parse(String(contentsOfFile: file, encoding: .utf8))
        let invite: [(id: String, role: String)] = party.members.dropFirst().map { ($0.id, $0.role.rawValue) }
        #expect(party.members[0].role == .guardian)
        let made = try await relay.party(invite, zones: json["zones"])
        var seqs: [Int: Int] = [:]
        for (member, index) in PartyReplay.merged(party.members.map(\.fixes)) {
            let fix = party.members[member].fixes[index]
            seqs[member, default: 0] += 1
            let answer = try await relay.report(
                made, party.members[member].id, [(seqs[member] ?? 0, fix.time + shift, fix.coordinate.latitude, fix.coordinate.longitude)])
            #expect(answer.status == 200, "\(answer.json)")
        }
        // The replay ends at the last fix: the relay's clock there (its sweep ticks a grace behind).
        relay.now = span.end + shift + relay.server.configuration.silenceGrace
        try await relay.service.sweep()
        let got = try await relay.alerts(made, "ana").filter { $0["kind"]?.stringValue != "emergency" }
        let ids = party.members.map(\.id)
        let want = expected.map { e in "\(e.kind.alertKind) \(ids[e.member]) \(e.other.map { ids[$0] } ?? "-") \(Int(e.time + shift))" }
        let have = got.map { a in
            "\(a["kind"]?.stringValue ?? "") \(a["member"]?.stringValue ?? "") \(a["other"]?.stringValue ?? "-") \(Int(a["time"]?.numberValue ?? 0))"
        }
        #expect(!want.isEmpty)
        #expect(have.sorted() == want.sorted())
    }
}
