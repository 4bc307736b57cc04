import FlowBundle
import FlowKit
import Formats
import Foundation
import GeoKit
import NIOHTTP1
@testable import PartyRelay
import PostgresFixture
import PostgresNIO
import Testing

/// A party's state across reports and relays. Each relay evaluates a report from its own state
/// of the party and writes only if no other relay wrote since; a write that lost is evaluated
/// again under the party's lock. Whatever the interleaving, the party's log holds every report
/// once, and its alerts are those of its log evaluated in order by one monitor; a refused
/// report leaves the state to serve the next.
@Suite("Relay: a party's state across reports and relays") struct RelayStateTests {
    static let camp = (lat: 37.74, lon: -119.565)

    @Test("every report is logged once and the alerts are the log's, evaluated in order")
    func concurrentReportsMatchTheLog() async throws {
        let database = try PostgresServer.shared().database()
        let key = SigningKey.generate()
        let a = try await RelayHarness.start(database: database, key: key) { $0.requestsPerMinute = 100_000 }
        defer { Task { await a.stop() } }
        let b = try await RelayHarness.start(database: database, key: key) { $0.requestsPerMinute = 100_000 }
        defer { Task { await b.stop() } }
        let party = try await a.party()
        let members = ["ana", "ben", "cal", "dee"]
        let start = a.now - 3_600
        let fixes = 30
        // Each member sends its fixes one request at a time, to the two relays in turn, while
        // the others do the same: the party's writes race. The three who are not the guardian
        // walk 700 m out of the camp and back, each at its own phase, so alerts are raised.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (m, member) in members.enumerated() {
                group.addTask {
                    for k in 0..<fixes {
                        let out = m > 0 && (k + 2 * m) % 10 >= 5
                        let fix = (k + 1, start + Double(k) * 20 + Double(m), Self.camp.lat + (out ? 0.0063 : 0), Self.camp.lon + Double(m) * 0.0001)
                        let relay = (m + k) % 2 == 0 ? a : b
                        let answer = try await relay.report(party, member, [fix])
                        #expect(answer.status == 200, "\(member) #\(k + 1): \(answer.json)")
                    }
                }
            }
            try await group.waitForAll()
        }
        var retried = 0
        for relay in [a, b] { retried += Int(try await relay.call(.GET, "/v1/stats")["writes_retried"]?.numberValue ?? 0) }
        #expect(retried > 0, "no write lost a race: the lock path went untried")

        // The log: every report once, numbered without gaps, each member's in their order.
        let service = a.service
        let (state, log) = try await service.database.connection { connection -> (PartyState, [LogEntry]) in
            guard var row = try await PartyRules.lock(party.id, on: connection, logger: service.logger) else {
                throw PostgresServer.Failure(description: "no party")
            }
            // A state made afresh before any entry, fed the log below.
            row.logSeq = 0
            let state = try await PartyRules(capacity: 1, parks: service.parks, counters: RelayCounters(), logger: service.logger).state(row, on: connection)
            var log: [LogEntry] = []
            for try await (seq, member, clientSeq, time, lat, lon) in try await connection.query(
                "SELECT seq, member, client_seq, time, lat, lon FROM party_log WHERE party = \(party.id) ORDER BY seq", logger: service.logger
            ).decode((Int64, String?, Int64?, Double, Double?, Double?).self) {
                log.append(LogEntry(seq: seq, member: member, time: time, lat: lat, lon: lon, accuracy: Double(clientSeq ?? 0)))
            }
            return (state, log)
        }
        #expect(log.map { $0.seq } == Array(1...Int64(members.count * fixes)))
        for member in members {
            // (The client's seq rode in `accuracy` above.)
            #expect(log.filter { $0.member == member }.map { Int($0.accuracy ?? 0) } == Array(1...fixes), "\(member)'s reports")
        }

        // The alerts: those of one monitor fed the log in order, in the same order.
        var expected: [String] = []
        for var entry in log {
            entry.accuracy = nil
            for alert in RelayAlerts.alerts(PartyMonitor.ordered(state.feed(entry)), in: state) {
                expected.append("\(alert.kind) \(alert.member) \(alert.other ?? "-") \(Int(alert.time))")
            }
        }
        let stored = try a.sql(
            "SELECT kind || ' ' || member || ' ' || coalesce(other, '-') || ' ' || floor(time)::bigint FROM alerts WHERE party = '\(party.id)' ORDER BY id")
        #expect(expected.count >= 6, "the walk raised too few alerts to compare: \(expected)")
        #expect(stored.split(separator: "\n").map(String.init) == expected)
    }

    @Test("reports of many parties that arrive at once are stored in batches, each in its party's log")
    func partiesBatchedTogether() async throws {
        // One lane: what arrives while a batch runs waits for the next, with the others.
        let relay = try await RelayHarness.start {
            $0.requestsPerMinute = 100_000; $0.reportLanes = 1
        }
        defer { Task { await relay.stop() } }
        var parties: [RelayHarness.Party] = []
        for _ in 0..<8 { parties.append(try await relay.party()) }
        func stat(_ name: String) async throws -> Int { Int(try await relay.call(.GET, "/v1/stats")[name]?.numberValue ?? -1) }
        let (batchesBefore, storedBefore) = (try await stat("report_batches"), try await stat("reports_stored"))
        let members = ["ana", "ben", "cal", "dee"]
        let t = relay.now - 600
        // Six rounds 40 s apart, every member of every party at once; Ben walks 700 m out for
        // four of them.
        let rounds = 6
        for round in 0..<rounds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for party in parties {
                    for (m, member) in members.enumerated() {
                        let out = (2...5).contains(round) && member == "ben"
                        let fix = (round + 1, t + Double(round) * 40 + Double(m), Self.camp.lat + (out ? 0.0063 : 0), Self.camp.lon)
                        group.addTask {
                            let answer = try await relay.report(party, member, [fix])
                            #expect(answer.status == 200, "\(member) round \(round + 1): \(answer.json)")
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        let requests = parties.count * members.count * rounds
        #expect(try await stat("reports_stored") - storedBefore == requests)
        let batches = try await stat("report_batches") - batchesBefore
        #expect(batches >= 1 && batches < requests, "\(batches) batches for \(requests) requests: none went together")

        // Each party's log: its 24 reports, numbered without gaps, each member's in order;
        // and the same alerts in every party (the same walk), raised once.
        var alertsOfEach: Set<String> = []
        for party in parties {
            let log = try relay.sql("SELECT seq || ' ' || member || ' ' || client_seq FROM party_log WHERE party = '\(party.id)' ORDER BY seq")
                .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            #expect(log.map { $0[0] } == (1...(members.count * rounds)).map(String.init))
            for member in members {
                #expect(log.filter { $0[1] == member }.map { $0[2] } == (1...rounds).map(String.init), "\(member) in \(party.id)")
            }
            alertsOfEach.insert(try relay.sql("SELECT kind || ' ' || member FROM alerts WHERE party = '\(party.id)' ORDER BY id"))
        }
        #expect(alertsOfEach.count == 1 && alertsOfEach.first?.contains("ben") == true, "\(alertsOfEach)")
    }

    @Test("refused reports leave the party's state as it was: the next report does not rebuild it")
    func refusalsKeepTheState() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await relay.party()
        let t = relay.now - 600
        #expect(try await relay.report(party, "ana", [(1, t, Self.camp.lat, Self.camp.lon)]).status == 200)
        #expect(try await relay.report(party, "ben", [(1, t + 1, Self.camp.lat, Self.camp.lon)]).status == 200)
        func rebuilt() async throws -> Double? { try await relay.call(.GET, "/v1/stats")["states_rebuilt"]?.numberValue }
        let before = try await rebuilt()
        for k in 0..<3 {
            // Ben's seq 1 again with another fix: a replay, refused each time.
            let replay = try await relay.report(party, "ben", [(1, t + 2 + Double(k), Self.camp.lat + 0.001, Self.camp.lon)])
            #expect(replay.error == "replay", "\(replay.json)")
        }
        #expect(try await relay.report(party, "ben", [(2, t + 10, Self.camp.lat, Self.camp.lon)]).status == 200)
        #expect(before != nil)
        #expect(try await rebuilt() == before)
    }
}
