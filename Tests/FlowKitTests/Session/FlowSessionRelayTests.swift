import Foundation
import GeoKit
import Testing

@testable import FlowKit

/// A session joined to a party through a relay (``FlowSession/join(_:relay:)``), with a link
/// held in memory: the device's fixes go to the link, the relay's alerts are the session's
/// events and are kept once, and the session raises none of its own.
@Suite struct FlowSessionRelayTests {
    /// What the session gave the link, and what the test has the relay deliver.
    final class MemoryLink: PartyRelayLink {
        var reported: [RelayFix] = []
        var pending = RelayDelivery()
        func report(_ fix: RelayFix) { reported.append(fix) }
        func received() -> RelayDelivery {
            defer { pending = RelayDelivery() }
            return pending
        }
    }

    @Test func fixesGoToTheRelayAndItsAlertsAreTheSessionsOnly() throws {
        let store = MemoryVisitorStore()
        let party = try PartyFile.read(FlowSessionPartyTests.partyFile)
        let run = try PartyRun(party: party, as: "ben")
        let session = try FlowSessionPartyTests.session(run, store: store)
        let link = MemoryLink()
        _ = try session.join(run, relay: link)

        // The recorded party played in: a session joined through a relay raises no alert itself.
        #expect(FlowSessionPartyTests.play(run, into: session).filter { $0.party != "in_zone" }.isEmpty)
        let start = run.party.span.end

        // The device's own fixes go to the relay as they come.
        let here = Coordinate(latitude: 37.74, longitude: -119.565)
        _ = session.feed(LocationFix(coordinate: here, accuracy: 8, time: start + 10))
        _ = session.feed(LocationFix(coordinate: here, accuracy: 8, time: start + 20))
        #expect(link.reported.map(\.time).suffix(2) == [start + 10, start + 20])
        #expect(link.reported.last?.accuracy == 8)

        // The relay's alert is an event, kept once; one about a member the party lacks is dropped and counted.
        var drift = RelayDelivery.Alert(id: 7, kind: "drift", time: start + 25, member: "ana")
        drift.other = "ben"
        drift.distance = 950
        let stranger = RelayDelivery.Alert(id: 8, kind: "drift", time: start + 26, member: "zed")
        link.pending = RelayDelivery(alerts: [drift, stranger])
        let told = session.relayed().compactMap { output -> SessionEvent? in if case .event(let e) = output, e.party != nil { e } else { nil } }
        #expect(told.map(\.party) == ["drift"])
        #expect(told.first?.member == "ana" && told.first?.other == "ben" && told.first?.distance == 950)
        #expect(told.first?.recipients == ["ben"])
        #expect(session.diagnostics.reportsDropped == 1)
        let kept = try store.partyAlerts(park: "YOSE", party: party.name, recipient: "ben", limit: nil)
        #expect(kept.map(\.kind) == ["drift"])
        #expect(session.relayed().isEmpty, "nothing new, nothing told")
    }
}
