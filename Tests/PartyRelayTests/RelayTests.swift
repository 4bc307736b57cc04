import Formats
import Foundation
@testable import PartyRelay
import Testing

/// The relay as a phone uses it: a party made and joined, reports that raise alerts, delivered
/// to the members whose role is told of them (docs/relay.md).
@Suite("Relay: parties, reports and alerts") struct RelayTests {
    /// 800 m east of the camp at YOSE's latitude is about 0.00909° of longitude.
    static let camp = (lat: 37.74, lon: -119.565)

    @Test("a drift between two members is delivered to the guardian and to each of the two, not to others")
    func driftDelivered() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 120
        #expect(try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)]).status == 200)
        let far = try await relay.report(party, "ben", [(1, t + 10, Self.camp.lat, Self.camp.lon + 0.02)])
        #expect(far.status == 200)
        #expect(far["acked"]?.numberValue == 1)
        let ana = try await relay.alerts(party, "ana"), ben = try await relay.alerts(party, "ben")
        let cal = try await relay.alerts(party, "cal"), dee = try await relay.alerts(party, "dee")
        #expect(ana.map { $0["kind"]?.stringValue } == ["drift"])
        #expect(ana.first?["member"]?.stringValue == "ana")
        #expect(ana.first?["other"]?.stringValue == "ben")
        #expect((ana.first?["distance"]?.numberValue ?? 0) > 800)
        #expect(ben.map { $0["kind"]?.stringValue } == ["drift"])
        #expect(cal.isEmpty)
        #expect(dee.isEmpty)
        // Back within 80 % of the drift distance: together, to the same three.
        _ = try await relay.report(party, "ben", [(2, t + 20, Self.camp.lat, Self.camp.lon + 0.001)])
        #expect(try await relay.alerts(party, "ana").map { $0["kind"]?.stringValue } == ["drift", "together"])
    }

    @Test("an event stream sends each alert once, and resumes after Last-Event-ID")
    func eventStream() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 300
        _ = try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)])
        // Drift, together, drift: three alerts for the guardian.
        _ = try await relay.report(
            party, "ben",
            [(1, t + 1, Self.camp.lat, Self.camp.lon + 0.02), (2, t + 2, Self.camp.lat, Self.camp.lon), (3, t + 3, Self.camp.lat, Self.camp.lon + 0.02)])
        let first = try await EventStreamReader.read(relay, party, "ana", count: 3)
        #expect(first.map(\.kind) == ["drift", "together", "drift"])
        #expect(first.map(\.id) == first.map(\.id).sorted())
        // A new alert while the phone is away; it resumes after the first alert it read.
        _ = try await relay.report(party, "ben", [(4, t + 4, Self.camp.lat, Self.camp.lon)])
        let again = try await EventStreamReader.read(relay, party, "ana", count: 3, lastEventID: first[0].id)
        #expect(again.map(\.kind) == ["together", "drift", "together"])
        #expect(Array(again.prefix(2)) == Array(first.suffix(2)))
        #expect(again[2].id > first[2].id)
        #expect(Set(again.map(\.id)).count == 3)
    }

    @Test("alerts come with their NOTIFY while the streams stand where it follows; those too many for one are read")
    func pushedThenRead() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let counters = relay.service.counters
        let singles = 6, many = 100
        let reader = Task { try await EventStreamReader.read(relay, party, "ana", count: singles + many) }
        try await poll("ana's stream to open") { counters.snapshot.streams == 1 }
        let t = relay.now - 3_600
        _ = try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)])
        func far(_ i: Int) -> Double { Self.camp.lon + (i % 2 == 0 ? 0.02 : 0) }
        // One alert a report, each sent on once the last is: after the first (which may find
        // the stream's first read under way, and be read), each comes with its notification.
        for i in 0..<singles {
            _ = try await relay.report(party, "ben", [(i + 1, t + 1 + Double(i), Self.camp.lat, far(i))])
            try await poll("alert \(i + 1) on ana's stream") { counters.snapshot.delivered == i + 1 }
        }
        let pushed = counters.snapshot.pushesSent
        #expect(pushed >= singles - 1)
        // A hundred alerts in one statement: their deliveries pass a NOTIFY's payload, which
        // then names the party alone, and the relay reads them.
        let fixes = (singles..<singles + many).map { i in (i + 1, t + 1 + Double(i), Self.camp.lat, far(i)) }
        #expect(try await relay.report(party, "ben", fixes).status == 200)
        let events = try await reader.value
        #expect(events.count == singles + many)
        #expect(events.map(\.id) == events.map(\.id).sorted() && Set(events.map(\.id)).count == events.count)
        #expect(events.map(\.kind) == (0..<singles + many).map { $0 % 2 == 0 ? "drift" : "together" })
        #expect(counters.snapshot.pushesSent == pushed)
        // Pushed or read, the stream sent what the alerts' list (read from the tables) holds.
        #expect(try await relay.alerts(party, "ana") == events.map(\.json))
    }

    @Test("a stream reads past a page of alerts while another member's stream is told of none")
    func pastOnePage() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        // The guest hears no drift: their stream is open but is sent nothing, and must not hold
        // the party's reads back at its place (every read would be the same first page).
        var request = HTTPClientRequestBuilder.request("http://127.0.0.1:\(relay.port)/v1/parties/\(party.id)/events", token: party.tokens["dee"])
        request.headers.add(name: "Accept", value: "text/event-stream")
        let held = try await RelayHarness.client.execute(request, timeout: .seconds(60))
        #expect(held.status.code == 200)
        let t = relay.now - 3_600
        _ = try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)])
        // Far, near, far, ...: drift and together in turn, one alert to the guardian each.
        let count = 520
        for batch in stride(from: 0, to: count, by: 100) {
            let fixes = (batch..<min(count, batch + 100)).map { i in
                (i + 1, t + 1 + Double(i), Self.camp.lat, Self.camp.lon + (i % 2 == 0 ? 0.02 : 0))
            }
            #expect(try await relay.report(party, "ben", fixes).status == 200)
        }
        let events = try await EventStreamReader.read(relay, party, "ana", count: count)
        #expect(events.count == count)
        #expect(Set(events.map(\.id)).count == events.count)
        _ = held
    }

    @Test("a retransmission is acknowledged and not stored again; another report with a used seq is a replay")
    func onceAndInOrder() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 60
        let fixes = [(1, t, Self.camp.lat, Self.camp.lon), (2, t + 10, Self.camp.lat, Self.camp.lon)]
        #expect(try await relay.report(party, "cal", fixes)["stored"]?.numberValue == 2)
        let again = try await relay.report(party, "cal", fixes + [(3, t + 20, Self.camp.lat, Self.camp.lon)])
        #expect(again.status == 200)
        #expect(again["stored"]?.numberValue == 1)
        #expect(again["duplicates"]?.numberValue == 2)
        let replay = try await relay.report(party, "cal", [(2, t + 15, Self.camp.lat, Self.camp.lon)])
        #expect(replay.status == 409)
        #expect(replay.error == "replay")
        let older = try await relay.report(party, "cal", [(4, t + 5, Self.camp.lat, Self.camp.lon)])
        #expect(older.status == 409)
        #expect(older.message.contains("older than 'cal''s last"))
        #expect(try relay.sql("SELECT count(*) FROM party_log WHERE member = 'cal'") == "3")
    }
}

/// Reads a member's event stream until `count` alerts came (or 10 s passed).
enum EventStreamReader {
    struct Event: Equatable {
        var id: Int
        var kind: String
        /// The event's data, whole.
        var json: JSONValue
    }

    static func read(
        _ relay: RelayHarness, _ party: RelayHarness.Party, _ member: String, count: Int, lastEventID: Int? = nil,
        live: (@Sendable () async throws -> Void)? = nil
    ) async throws -> [Event] {
        var request = HTTPClientRequestBuilder.request("http://127.0.0.1:\(relay.port)/v1/parties/\(party.id)/events", token: party.tokens[member])
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: "\(lastEventID)") }
        let response = try await RelayHarness.client.execute(request, timeout: .seconds(10))
        #expect(response.status.code == 200)
        var events: [Event] = [], text = ""
        for try await chunk in response.body {
            text += String(buffer: chunk)
            while let end = text.range(of: "\n\n") {
                let block = text[..<end.lowerBound]
                text = String(text[end.upperBound...])
                var id: Int?, data: String?
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if let id, let data, let json = try? JSONValue.parse(data) {
                    events.append(Event(id: id, kind: json["kind"]?.stringValue ?? "", json: json))
                }
            }
            if events.count >= count { break }
        }
        return events
    }
}
