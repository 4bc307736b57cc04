import AsyncHTTPClient
import FlowKit
import Formats
import Foundation
import GeoKit
import PartyRelayClient
import PostgresFixture
import Testing

/// Issue 36, point 2: the runtime as the relay's client (PartyRelayClient, `flowrun live
/// --relay`): a phone's reports go in order and once, whether the relay is there, away or
/// restarted in between; the alerts meant for it arrive; a member the relay no longer takes
/// stops, keeping its queue.
@Suite("Relay: the runtime as its client") struct RelayClientTests {
    static let camp = Coordinate(latitude: 37.74, longitude: -119.565)
    /// 2 km east: past the party's 800 m drift.
    static let far = Coordinate(latitude: 37.74, longitude: -119.542)

    @Test("a phone's reports go in order, once, and the alerts meant for it come on its stream")
    func reportsAndAlerts() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await Invited.party(relay)
        let folder = try ClientFolder()
        let client = try await PartyRelayClient.join(relay.address, code: party.codes["ben"] ?? "", folder: folder.path, http: RelayHarness.client)
        let (run, park) = try await client.party()
        #expect(park == "YOSE")
        #expect(run.me.id == "ben" && run.me.role == .child)
        #expect(run.party.members.map(\.id) == ["ana", "ben", "cal"])
        #expect(run.party.zones.map(\.id) == ["camp"])

        let t = relay.now - 300
        #expect(try await relay.report(party.guardian, "ana", [(1, t, Self.camp.latitude, Self.camp.longitude)]).status == 200)
        let running = Task { await client.run() }
        defer { running.cancel() }
        for (i, place) in [Self.camp, Self.far, Self.camp].enumerated() {
            client.report(RelayFix(coordinate: place, time: t + 10 * Double(i + 1), accuracy: 5))
        }
        var alerts: [RelayDelivery.Alert] = []
        try await poll("ben's drift and together alerts") {
            alerts += client.received().alerts
            return alerts.count >= 2
        }
        #expect(alerts.map(\.kind) == ["drift", "together"])
        #expect(alerts.allSatisfy { $0.member == "ana" && $0.other == "ben" })
        #expect(alerts.map(\.id) == alerts.map(\.id).sorted())
        #expect(try relay.sql("SELECT string_agg(client_seq::text, ',' ORDER BY seq) FROM party_log WHERE member = 'ben'") == "1,2,3")
        try await poll("the queue to empty") { client.outbox.pending.isEmpty }
        // The stream resumes after the last alert: a client from the same folder is told nothing twice.
        let again = try PartyRelayClient(relay.address, credentials: nil, folder: folder.path, http: RelayHarness.client)
        #expect(again.events.lastEventID == alerts.last?.id)
    }

    @Test("a database that goes away: the queue waits, and goes in order and once when it is back")
    func queueThroughAnOutage() async throws {
        let server = try PostgresServer.start()
        defer { server.stop() }
        let database = try server.database()
        let relay = try await RelayHarness.start(database: database)
        defer { Task { await relay.stop() } }
        let party = try await Invited.party(relay)
        let folder = try ClientFolder()
        let client = try await PartyRelayClient.join(relay.address, code: party.codes["cal"] ?? "", folder: folder.path, http: RelayHarness.client)
        let t = relay.now - 600

        try server.pause()
        for i in 1...5 { client.report(RelayFix(coordinate: Self.camp, time: t + Double(i), accuracy: nil)) }
        let away = await client.flush()
        guard case .wait(_, let why) = away else {
            Issue.record("with the database away, the outbox should wait, not \(away)")
            return
        }
        #expect(why.contains("503") || why.contains("database"), "\(why)")
        #expect(client.outbox.pending.map(\.seq) == [1, 2, 3, 4, 5])

        try server.resume()
        try await poll("the queue to go once the database is back", seconds: 60) { await client.flush() == .idle }
        let name = String(database.split(separator: "/").last?.split(separator: "?").first ?? "")
        let log = try server.psql("SELECT string_agg(client_seq::text, ',' ORDER BY seq) FROM party_log WHERE member = 'cal'", database: name)
        #expect(log.trimmingCharacters(in: .whitespacesAndNewlines) == "1,2,3,4,5")
        #expect(client.outbox.dropped.isEmpty)
    }

    @Test("a phone restarted while the relay was out of reach sends what its queue held")
    func restartedPhoneKeepsItsQueue() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await Invited.party(relay)
        let folder = try ClientFolder()
        _ = try await PartyRelayClient.join(relay.address, code: party.codes["cal"] ?? "", folder: folder.path, http: RelayHarness.client)
        let t = relay.now - 600

        // Out of reach: a port nothing listens on. The token is the folder's, from the join.
        let offline = try PartyRelayClient(
            try RelayAddress("http://127.0.0.1:\(PostgresServer.freePort())"), credentials: nil, folder: folder.path, http: RelayHarness.client)
        for i in 1...3 { offline.report(RelayFix(coordinate: Self.camp, time: t + Double(i), accuracy: nil)) }
        guard case .wait(_, let why) = await offline.flush() else {
            Issue.record("a relay out of reach should make the outbox wait")
            return
        }
        #expect(why.contains("cannot be reached"), "\(why)")

        let restarted = try PartyRelayClient(relay.address, credentials: nil, folder: folder.path, http: RelayHarness.client)
        #expect(restarted.outbox.pending.map(\.seq) == [1, 2, 3])
        #expect(await restarted.flush() == .idle)
        restarted.report(RelayFix(coordinate: Self.camp, time: t + 4, accuracy: nil))
        #expect(await restarted.flush() == .idle)
        #expect(try relay.sql("SELECT string_agg(client_seq::text, ',' ORDER BY seq) FROM party_log WHERE member = 'cal'") == "1,2,3,4")

        // A new install of the same member (its folder lost) numbers on from what the relay has.
        let other = try ClientFolder()
        let reinstalled = try PartyRelayClient(relay.address, credentials: restarted.credentials, folder: other.path, http: RelayHarness.client)
        _ = try await reinstalled.party()
        reinstalled.report(RelayFix(coordinate: Self.camp, time: t + 5, accuracy: nil))
        #expect(await reinstalled.flush() == .idle)
        #expect(try relay.sql("SELECT max(client_seq) FROM party_log WHERE member = 'cal'") == "5")

        // A folder holding one member's queue is not taken for another's.
        offline.report(RelayFix(coordinate: Self.camp, time: t + 6, accuracy: nil))
        let ana = try RelayCredentials(token: party.guardian.tokens["ana"] ?? "")
        #expect(throws: RelayClientError.self) { try PartyRelayClient(relay.address, credentials: ana, folder: folder.path, http: RelayHarness.client) }
    }

    @Test("a member removed from the party: the phone stops sending and keeps its queue")
    func removedMemberStops() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let party = try await Invited.party(relay)
        let folder = try ClientFolder()
        let client = try await PartyRelayClient.join(relay.address, code: party.codes["ben"] ?? "", folder: folder.path, http: RelayHarness.client)
        let removed = try await relay.call(.DELETE, "/v1/parties/\(party.guardian.id)/members/ben", token: party.guardian.tokens["ana"])
        #expect(removed.status == 200)
        client.report(RelayFix(coordinate: Self.camp, time: relay.now - 60, accuracy: nil))
        let outcome = await client.flush()
        guard case .stopped(let refusal) = outcome else {
            Issue.record("a removed member's outbox should stop, not \(outcome)")
            return
        }
        #expect([401, 403].contains(refusal.status), "\(refusal)")
        #expect(client.outbox.pending.count == 1)
        await #expect(throws: RelayClientError.self) { try await client.party() }
    }

    @Test("relay URLs and tokens that are not one are refused, naming what is wrong")
    func badAddressesAndTokens() throws {
        for (text, words) in [
            ("127.0.0.1:8470", "is not a relay URL"), ("ftp://relay.example", "not 'ftp'"), ("http://relay.example:99999", "is not a port"),
            ("http://:8470", "names no host"), ("http://relay.example/v1?x=1", "no query"),
        ] {
            #expect {
                try RelayAddress(text)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
        #expect(try RelayAddress("https://relay.example/parks/v1/").base == "https://relay.example/parks")
        for token in ["", "abc", "a.b.c", String(repeating: "x", count: 2_000) + ".sig"] {
            #expect(throws: RelayClientError.self) { try RelayCredentials(token: token) }
        }
    }
}

/// `flowrun live --relay`: the lean command hands the session to flowrun-full, which joins
/// through PartyRelayClient as an app would.
@Suite("Relay: flowrun live as a phone of the party") struct LiveRelayTests {
    /// The recorded drive out of the valley (15 fixes a minute apart); its first fix, where the
    /// guardian stays.
    static let track = "parks/YOSE/tests/valley-to-el-portal.gpx"
    static let start = (lat: 37.7456, lon: -119.5936)

    @Test("a phone on a recorded track joins, reports under the duty cycle, and prints what the relay delivers")
    func aPhoneOnATrack() async throws {
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        // The track is played at once and ends now: the relay's clock a minute on takes every fix.
        relay.now = Date().timeIntervalSince1970 + 60
        let party = try await Invited.party(relay)
        let guardianFix = (1, relay.now - 1_200, Self.start.lat, Self.start.lon)
        #expect(try await relay.report(party.guardian, "ana", [guardianFix]).status == 200)
        let folder = try ClientFolder()
        let result = try await runProcess(
            builtExecutable("flowrun"),
            [
                "live", "--park", "YOSE", "--relay", "http://127.0.0.1:\(relay.port)", "--join", party.codes["ben"] ?? "", "--track", Self.track,
                "--speed", "0", "--relay-folder", folder.path, "--format", "jsonl", "--listen", "3", "--profile", folder.path + "/profile",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(String($0)) }
        let positions = lines.filter { $0["type"]?.stringValue == "position" }
        #expect(positions.contains { $0["member"]?.stringValue == "ana" && $0["lat"]?.numberValue == Self.start.lat }, "\(result.stdout.suffix(2_000))")
        let drift = lines.filter { $0["type"]?.stringValue == "event" && $0["kind"]?.stringValue == "drift" }
        #expect(drift.count == 1, "\(result.stdout.suffix(2_000))")
        // The fixes the phone's GPS got under the standard duty cycle, each reported once, in order.
        let recorded = try RecordedTrack.read(repositoryRoot.appendingPathComponent(Self.track).path).fixes
        let guardianFolder = try ClientFolder()
        let guardian = try PartyRelayClient(
            relay.address, credentials: try RelayCredentials(token: party.guardian.tokens["ana"] ?? ""), folder: guardianFolder.path,
            http: RelayHarness.client)
        let zones = try await guardian.party().run.party.zones
        let got = DutyCycleSampler.sample(DutyCycleSampler.fullRate(recorded), policy: .standard, zones: zones).fixes
        #expect(try relay.sql("SELECT count(*) FROM party_log WHERE member = 'ben'") == "\(got.count)")
        #expect(
            try relay.sql(
                "SELECT bool_and(client_seq = r) FROM (SELECT client_seq, row_number() OVER (ORDER BY seq) AS r FROM party_log WHERE member = 'ben') s") == "t")
        #expect(!result.stderr.contains("dropped"), "\(result.stderr)")

        // Again with the token the folder kept, and no --join: the same member, numbering on.
        let again = try await runProcess(
            builtExecutable("flowrun"),
            [
                "live", "--park", "YOSE", "--relay", "http://127.0.0.1:\(relay.port)", "--relay-folder", folder.path, "--listen", "0", "--profile",
                folder.path + "/profile",
            ])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("bad usage exits 2 naming the option; a relay out of reach or a refused code exits with the reason")
    func badUsage() async throws {
        let flowrun = builtExecutable("flowrun")
        let nowhere = "http://127.0.0.1:\(PostgresServer.freePort())"
        for (arguments, status, words) in [
            (["--join", "ABCD-EFGH-JKLM"], Int32(2), "--join needs --relay URL"),
            (["--relay", nowhere, "--join", "ABCD-EFGH-JKLM", "--token", "x.y"], 2, "give one"),
            (["--relay", "relay.example", "--join", "ABCD-EFGH-JKLM"], 2, "'relay.example' is not a relay URL"),
            (["--relay", nowhere, "--token", "nonsense"], 2, "not one a relay issues"),
            (["--relay", nowhere, "--join", "ABCD-EFGH-JKLM"], 1, "the relay cannot be reached"),
        ] {
            let folder = try ClientFolder()
            let result = try await runProcess(flowrun, ["live", "--park", "YOSE", "--relay-folder", folder.path] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words), "\(arguments): \(result.stderr)")
        }
        let relay = try await RelayHarness.start()
        defer { Task { await relay.stop() } }
        let folder = try ClientFolder()
        let refused = try await runProcess(
            flowrun, ["live", "--park", "YOSE", "--relay", "http://127.0.0.1:\(relay.port)", "--join", "ABCD-EFGH-JKLM", "--relay-folder", folder.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("code_unknown"), "\(refused.stderr)")
        let noToken = try await runProcess(flowrun, ["live", "--park", "YOSE", "--relay", "http://127.0.0.1:\(relay.port)", "--relay-folder", folder.path])
        #expect(noToken.status == 2, "\(noToken.stderr)")
        #expect(noToken.stderr.contains("holds no member's token"), "\(noToken.stderr)")
    }
}

// MARK: - Support

extension RelayHarness {
    /// The relay's address for a client.
    var address: RelayAddress {
        get throws { try RelayAddress("http://127.0.0.1:\(port)") }
    }
}

extension RelayClientError {
    /// The HTTP status of a refusal (0 for the rest).
    var status: Int {
        if case .refused(let status, _, _) = self { return status }
        return 0
    }
}

/// A party whose members other than the guardian are still to join: their invitation codes.
struct Invited {
    /// The party, with only the guardian's token.
    var guardian: RelayHarness.Party
    var codes: [String: String]

    static func party(_ relay: RelayHarness) async throws -> Invited {
        let made = try await relay.call(
            .POST, "/v1/parties",
            body: [
                "name": "Valley family", "park": "YOSE", "settings": ["drift_m": 800, "silence_s": 3_600],
                "zones": [["id": "camp", "name": "Camp", "lat": 37.74, "lon": -119.565, "radius_m": 300]],
                "guardian": ["id": "ana", "name": "Ana"],
                "invite": [["id": "ben", "name": "Ben", "role": "child"], ["id": "cal", "name": "Cal", "role": "member"]],
            ])
        guard made.status == 201, let id = made["party"]?.stringValue, let token = made["token"]?.stringValue else {
            throw PostgresServer.Failure(description: "party not made: \(made.status) \(made.json)")
        }
        var codes: [String: String] = [:]
        for invitation in made["invitations"]?.arrayValue ?? [] {
            if let member = invitation["member"]?.stringValue, let code = invitation["code"]?.stringValue { codes[member] = code }
        }
        return Invited(guardian: RelayHarness.Party(id: id, tokens: ["ana": token]), codes: codes)
    }
}

/// A client's folder in the temporary directory, removed when the value goes.
final class ClientFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-relay-client-\(UUID().uuidString.prefix(8))").path
    init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
