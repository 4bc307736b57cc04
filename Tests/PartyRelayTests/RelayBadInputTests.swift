import Formats
import Foundation
import PostgresFixture
import Testing

/// Bad reports are refused with a clear status and reason, counted, and never stored; the
/// service stays up; a database that goes away is 503 until it is back.
@Suite("Relay: bad input and a database that goes away") struct RelayBadInputTests {
    static let camp = RelayTests.camp

    @Test("future and far-past times, bad coordinates, floods and large bodies are refused, counted, not stored")
    func refusals() async throws {
        let relay = try await RelayHarness.start { $0.requestsPerMinute = 20 }
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let now = relay.now
        let future = try await relay.report(party, "ben", [(1, now + 3_600, Self.camp.lat, Self.camp.lon)])
        #expect(future.status == 422)
        #expect(future.error == "time_future")
        let past = try await relay.report(party, "ben", [(1, now - 3 * 86_400, Self.camp.lat, Self.camp.lon)])
        #expect(past.status == 422)
        #expect(past.error == "time_past")
        let latitude = try await relay.report(party, "ben", [(1, now - 5, 1, 1), (2, now - 4, 91, Self.camp.lon)])
        #expect(latitude.status == 400)
        #expect(latitude.message == "reports[2].lat: 91 is not a latitude (-90...90)")
        let unknown = try await relay.call(
            .POST, "/v1/parties/\(party.id)/reports", token: party.tokens["ben"], raw: #"{"reports":[{"seq":1,"time":1,"lat":1,"lng":2}]}"#)
        #expect(unknown.message.contains("reports[1].lng: unknown field"))
        let notJSON = try await relay.call(.POST, "/v1/parties/\(party.id)/reports", token: party.tokens["ben"], raw: "{reports")
        #expect(notJSON.status == 400)
        let big = String(repeating: " ", count: 70_000) + "{}"
        let large = try await relay.call(.POST, "/v1/parties/\(party.id)/reports", token: party.tokens["ben"], raw: big)
        #expect(large.status == 413)
        #expect(try relay.sql("SELECT count(*) FROM party_log") == "0")
        // Flooding: past the member's requests a minute, 429 with Retry-After; others unaffected.
        var statuses: [Int] = []
        for i in 0..<25 { statuses.append(try await relay.report(party, "cal", [(i + 1, now - 30 + Double(i), Self.camp.lat, Self.camp.lon)]).status) }
        #expect(statuses.filter { $0 == 200 }.count == 20)
        let flood = try await relay.report(party, "cal", [(99, now - 1, Self.camp.lat, Self.camp.lon)])
        #expect(flood.status == 429)
        #expect(flood.headers.first(name: "Retry-After") != nil)
        #expect(try await relay.report(party, "ana", [(1, now - 1, Self.camp.lat, Self.camp.lon)]).status == 200)
        let stats = try await relay.call(.GET, "/v1/stats")
        #expect(stats["refused"]?["time_future"]?.numberValue == 1)
        #expect(stats["refused"]?["time_past"]?.numberValue == 1)
        #expect(stats["refused"]?["flood"]?.numberValue == 6)
        #expect(stats["refused"]?["too_large"]?.numberValue == 1)
        #expect(try await relay.call(.GET, "/v1/health").status == 200)
    }

    @Test("a database that goes away: 503 and nothing stored; back: the same report is taken")
    func databaseAway() async throws {
        let server = try PostgresServer.start()
        defer { server.stop() }
        let relay = try await RelayHarness.start(database: try server.database())
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 30
        #expect(try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)]).status == 200)
        try server.pause()
        let away = try await relay.report(party, "ana", [(2, t + 10, Self.camp.lat, Self.camp.lon)])
        #expect(away.status == 503)
        #expect(away.error == "database_unavailable")
        #expect(away.headers.first(name: "Retry-After") == "1")
        #expect(try await relay.call(.GET, "/v1/health").status == 503)
        try server.resume()
        var status = 0
        let deadline = Date().addingTimeInterval(20)
        while status != 200, Date() < deadline {
            status = try await relay.report(party, "ana", [(2, t + 10, Self.camp.lat, Self.camp.lon)]).status
            if status != 200 { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(status == 200)
        #expect(try await relay.call(.GET, "/v1/health").status == 200)
    }
}
