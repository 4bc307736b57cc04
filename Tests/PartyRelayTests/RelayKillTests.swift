import AsyncHTTPClient
import Foundation
import NIOCore
import PostgresFixture
import Synchronization
import Testing

/// Issue 36: "A relay killed and restarted while reports flow: no acknowledged report or alert
/// lost, none delivered twice to a member's session."
///
/// Two processes of the built `flowrun-full relay` share a scratch PostgreSQL. The guardian's
/// event stream is open on relay B; four members report through relay A, two staying put and
/// two walking 2 km away and back, so drift and together alerts flow. Relay A is killed with
/// SIGKILL while reports are in flight and started again on its port: each member sends again
/// every report whose request got no answer (same seq). Then relay B, which holds the stream,
/// is killed and started again, and the stream resumes with `Last-Event-ID`.
///
/// Checked against the database: every report is in the party's log once, with the content
/// sent; the alerts are exactly those the log's order raises (computed here independently);
/// and the stream received every delivery to the guardian, in increasing id order, none twice.
@Suite("Relay: killed and restarted while reports flow", .serialized)
struct RelayKillTests {
    /// Reports each member sends (under the relay's 120 requests a minute per member).
    static let reportsPerMember = 60
    /// Where the members who stay are, and 2 km north, where the two who walk go (drift_m 800).
    static let camp = (lat: 37.7456, lon: -119.5936)
    static let away = (lat: 37.7636, lon: -119.5936)

    @Test(.timeLimit(.minutes(5)))
    func noAcknowledgedReportOrAlertIsLostOrSentTwice() async throws {
        let postgres = try PostgresServer.shared()
        let url = try postgres.database()
        let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-relaykill-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await runProcess(Relay.binary, ["keys", "new", "relay", "--out", folder.path])
        let keys = made.stdout + made.stderr
        #expect(keys.contains("relay.key"), "\(keys)")
        let key = folder.appendingPathComponent("relay.key").path

        // The shared client: one of its own would have to be shut down on every way out, a failed
        // expectation's included, or its deinit traps in a debug build.
        let http = HTTPClient.shared
        let a = try Relay(name: "A", db: url, key: key, logs: folder)
        let b = try Relay(name: "B", db: url, key: key, logs: folder)
        defer {
            a.sigkill()
            b.sigkill()
        }
        try await a.waitUntilServing(http, exitFails: true)
        try await b.waitUntilServing(http, exitFails: true)
        let started = Date()

        // The party: a guardian and four members joined by invitation (on either relay).
        let created = try await Relay.json(
            http, "POST", a.url("/v1/parties"),
            body: """
                {"name": "Kill test", "park": "YOSE", "settings": {"drift_m": 800, "silence_s": 3600},
                 "guardian": {"id": "ana", "name": "Ana"},
                 "invite": [{"id": "bo", "name": "Bo", "role": "member"}, {"id": "cy", "name": "Cy", "role": "child"},
                            {"id": "di", "name": "Di", "role": "member"}, {"id": "ed", "name": "Ed", "role": "child"}]}
                """, expect: 201)
        let party = try #require(created["party"] as? String)
        let guardianToken = try #require(created["token"] as? String)
        let invitations = try #require(created["invitations"] as? [[String: Any]])
        var tokens: [String: String] = [:]
        for (i, invitation) in invitations.enumerated() {
            let code = try #require(invitation["code"] as? String)
            let joined = try await Relay.json(http, "POST", (i.isMultiple(of: 2) ? a : b).url("/v1/join"), body: #"{"code": "\#(code)"}"#)
            tokens[try #require(joined["member"] as? String)] = try #require(joined["token"] as? String)
        }
        #expect(tokens.keys.sorted() == ["bo", "cy", "di", "ed"])

        // The guardian's stream, on relay B (then wherever B is again after its restart).
        let stream = GuardianStream()
        let streamTask = Task { await stream.follow(http, relay: b, party: party, token: guardianToken) }
        defer { stream.state.withLock { $0.stopping = true } }
        try await poll("the guardian's stream to open", seconds: 10) { stream.state.withLock { $0.connections } >= 1 }

        // The members report through relay A.
        let base = Date().timeIntervalSince1970.rounded(.down) - 600
        let members = ["bo", "cy", "di", "ed"]
        let ledgers = members.map { Ledger(member: $0) }
        let memberTokens = tokens
        let reporters = Task {
            await withTaskGroup(of: Void.self) { group in
                for (i, ledger) in ledgers.enumerated() {
                    let token = memberTokens[ledger.member] ?? ""
                    group.addTask {
                        await ledger.report(http, relay: a, party: party, token: token, walks: i >= 2, base: base, until: Date() + 60)
                    }
                }
            }
        }
        let total = Self.reportsPerMember * members.count
        func acked() -> Int { ledgers.reduce(0) { $0 + $1.state.withLock { $0.acked } } }
        func inFlight() -> Int { ledgers.reduce(0) { $0 + $1.state.withLock { $0.inFlight } } }
        func unanswered() -> Int { ledgers.reduce(0) { $0 + $1.state.withLock { $0.unanswered } } }

        // Relay A killed while every member has a request in flight, and started again on its
        // port; killed again (eight times at most) when every answer still got out first: on a
        // loaded machine a request counted in flight may not have reached the relay yet.
        try await poll("a quarter of the reports acknowledged", seconds: 30) { acked() >= total / 4 }
        var ackedAtFirstKill: Int?
        for _ in 0..<8 where unanswered() == 0 && acked() < total {
            guard (try? await poll("every member's report in flight", seconds: 10, { inFlight() == members.count })) != nil else { break }
            a.sigkill()
            ackedAtFirstKill = ackedAtFirstKill ?? acked()
            try a.start()
            try await a.waitUntilServing(http, exitFails: true)
            try? await poll("the members to notice", seconds: 2) { unanswered() > 0 }
        }
        // A phone whose answer was lost sends its report again, here through the other relay:
        // acknowledged, not stored twice.
        let (lastSeq, lastReport) = ledgers[0].state.withLock { ($0.acked, $0.sent[Int64($0.acked)]) }
        let again = try #require(lastReport, "bo had no report acknowledged")
        let resent = try await Relay.json(
            http, "POST", b.url("/v1/parties/\(party)/reports"), token: tokens["bo"], body: #"{"reports": [\#(again.json)]}"#)
        #expect((resent["duplicates"] as? NSNumber)?.intValue == 1 && (resent["stored"] as? NSNumber)?.intValue == 0, "\(resent)")
        #expect((resent["acked"] as? NSNumber)?.intValue == lastSeq, "\(resent)")

        // Relay B, the stream's, killed and started again; the stream resumes with Last-Event-ID.
        try await poll("three fifths of the reports acknowledged", seconds: 30) { acked() >= total * 3 / 5 }
        let connectionsBefore = stream.state.withLock { $0.connections }
        b.sigkill()
        try b.start()
        try await b.waitUntilServing(http, exitFails: true)

        await reporters.value
        let failures = ledgers.flatMap { $0.state.withLock { $0.failures } }
        #expect(failures.isEmpty, "refused: \(failures)")

        // Every delivery to the guardian reaches the stream.
        func deliveries() throws -> [Int64] {
            try postgres.psql("SELECT id FROM deliveries WHERE party = '\(party)' AND recipient = 'ana' ORDER BY id", database: database)
                .split(separator: "\n").compactMap { Int64($0) }
        }
        var stored = try deliveries()
        try await poll("the stream to receive every delivery to the guardian", seconds: 15) {
            stored = (try? deliveries()) ?? stored
            return stream.state.withLock { $0.ids.last } == stored.last
        }
        stream.state.withLock { $0.stopping = true }
        a.sigkill()
        b.sigkill()
        await streamTask.value
        let seconds = Date().timeIntervalSince(started)

        // Every report acknowledged is in the log once, with what was sent, and the log has no gap.
        let log = try postgres.psql(
            "SELECT seq, member, client_seq, time, lat, lon FROM party_log WHERE party = '\(party)' ORDER BY seq", database: database
        ).split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        #expect(log.map { Int($0[0]) } == Array(1...log.count).map { Optional($0) }, "the party's log has a gap")
        #expect(log.allSatisfy { $0[1] != "" }, "the log holds ticks: the silence timeout was reached")
        for ledger in ledgers {
            let sent = ledger.state.withLock { $0.sent }
            let acknowledged = ledger.state.withLock { $0.acked }
            #expect(acknowledged == Self.reportsPerMember, "\(ledger.member): \(acknowledged) acknowledged")
            let rows = log.filter { $0[1] == ledger.member }
            let seqs = rows.compactMap { Int64($0[2]) }
            #expect(seqs == Array(1...Int64(Self.reportsPerMember)), "\(ledger.member)'s reports in the log: \(seqs)")
            for row in rows {
                guard let seq = Int64(row[2]), let report = sent[seq] else { continue }
                #expect(Double(row[3]) == report.time && Double(row[4]) == report.lat && Double(row[5]) == report.lon, "\(ledger.member) #\(seq): \(row)")
            }
        }

        // The alerts are those the log's order raises: drift past 800 m, together again below 640 m.
        let order = ["ana", "bo", "cy", "di", "ed"]
        var last: [String: Bool] = [:], apart: Set<[String]> = []
        var expected: [String] = []
        for row in log {
            let member = row[1], isAway = Double(row[4]) == Self.away.lat
            for other in order where other != member {
                guard let otherAway = last[other] else { continue }
                let pair = [member, other].sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
                if isAway != otherAway, !apart.contains(pair) {
                    apart.insert(pair)
                    expected.append("drift \(pair[0]) \(pair[1])")
                } else if isAway == otherAway, apart.contains(pair) {
                    apart.remove(pair)
                    expected.append("together \(pair[0]) \(pair[1])")
                }
            }
            last[member] = isAway
        }
        let raised = try postgres.psql(
            """
            SELECT a.kind || ' ' || a.member || ' ' || a.other FROM deliveries d JOIN alerts a ON a.id = d.alert
            WHERE d.party = '\(party)' AND d.recipient = 'ana' ORDER BY d.id
            """, database: database
        ).split(separator: "\n").map(String.init)
        #expect(raised.sorted() == expected.sorted(), "alerts raised \(raised.count), the log's order raises \(expected.count)")
        let alertRows = try postgres.psql("SELECT count(*) FROM alerts WHERE party = '\(party)'", database: database)
        #expect(Int(alertRows.trimmingCharacters(in: .whitespacesAndNewlines)) == expected.count, "alerts stored: \(alertRows)")

        // The stream: every delivery to the guardian, ids increasing, none twice, across three connections.
        let (ids, connections, mismatches) = stream.state.withLock { ($0.ids, $0.connections, $0.mismatches) }
        #expect(ids == stored, "the stream received \(ids.count) alerts; the database holds \(stored.count) for the guardian")
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }, "ids not increasing: \(ids)")
        #expect(Set(ids).count == ids.count, "an alert twice")
        #expect(mismatches.isEmpty, "events whose data's id is not their id: \(mismatches)")
        #expect(ids.count >= 10, "only \(ids.count) alerts: the test proves little")
        #expect(connectionsBefore >= 1 && connections >= connectionsBefore + 1, "the stream did not reconnect after relay B's kill")

        let noAnswer = unanswered()
        let duplicates = ledgers.reduce(0) { $0 + $1.state.withLock { $0.duplicates } }
        #expect(noAnswer >= 1, "no request went unanswered: relay A's kill did not land while reports flowed")
        #expect((ackedAtFirstKill ?? total) < total, "relay A was killed after the last report")
        print(
            """
            RelayKillTests: \(log.count) reports, \(ids.count) alerts to the guardian over \(connections) connections; \
            \(noAnswer) requests unanswered, \(duplicates) reports acknowledged as already stored; \
            \(String(format: "%.1f", seconds)) s
            """)
    }
}

// MARK: - A relay process

/// One `flowrun-full relay` process on a fixed port, killed with SIGKILL and started again there.
private final class Relay: @unchecked Sendable {
    let name: String
    let port: Int
    private let arguments: [String]
    private let log: URL
    private var process: Process?
    private let lock = NSLock()

    /// The repository (parks/YOSE): this file is Tests/PartyRelayTests/RelayKillTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `flowrun-full` built beside the test bundle.
    static let binary = builtExecutable("flowrun-full")

    init(name: String, db: String, key: String, logs: URL) throws {
        self.name = name
        port = PostgresServer.freePort()
        arguments = ["relay", "--db", db, "--key", key, "--port", "\(port)", "--root", Self.root.path]
        log = logs.appendingPathComponent("relay-\(name).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        try start()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func start() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            throw Failure("no \(Self.binary.path): build it first (swift build --build-tests builds flowrun-full)")
        }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let output = try FileHandle(forWritingTo: log)
        output.seekToEndOfFile()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        lock.withLock { self.process = process }
    }

    /// SIGKILL, and waits for the process to be gone (its port free, its PostgreSQL sessions cut).
    func sigkill() {
        guard let process = lock.withLock({ self.process }), process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Polls `/v1/health` until the relay answers 200. A debug build started while the whole
    /// suite runs on two cores can take tens of seconds. With `exitFails` (the test's own waits,
    /// not the phones', which may look between a kill and the start), a relay that exits fails
    /// at once. The log is read when it fails, not when the wait begins (it is empty then).
    func waitUntilServing(_ http: HTTPClient, seconds: Double = 90, exitFails: Bool = false) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let (status, _) = await Self.send(http, "GET", url("/v1/health")), status == 200 { return }
            if exitFails, let process = lock.withLock({ self.process }), !process.isRunning {
                throw Failure("relay \(name) exited (\(process.terminationStatus)) before serving on port \(port); its log: \(logText())")
            }
            guard Date() < deadline else {
                throw Failure("gave up after \(Int(seconds)) s waiting for relay \(name) to serve on port \(port); its log: \(logText())")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func logText() -> String { String((try? String(contentsOf: log, encoding: .utf8))?.suffix(1500) ?? "") }

    // MARK: Requests

    /// The status and body of a request, or nil when no answer came (refused, reset, timed out).
    static func send(
        _ http: HTTPClient, _ method: String, _ url: String, token: String? = nil, body: String? = nil, headers: [(String, String)] = []
    )
        async -> (Int, String)?
    {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        do {
            let response = try await http.execute(request, timeout: .seconds(10))
            let bytes = try await response.body.collect(upTo: 1 << 20)
            return (Int(response.status.code), String(buffer: bytes))
        } catch {
            return nil
        }
    }

    /// A request whose JSON answer must come with status `expect`.
    static func json(
        _ http: HTTPClient, _ method: String, _ url: String, token: String? = nil, body: String, expect: Int = 200
    ) async throws
        -> [String: Any]
    {
        guard let (status, text) = await send(http, method, url, token: token, body: body) else { throw Failure("\(method) \(url): no answer") }
        guard status == expect, let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Failure("\(method) \(url): \(status) \(text)")
        }
        return object
    }

    // MARK: Support

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

// MARK: - A member's phone

/// One member's reports: a queue sent in order, each request's unacknowledged reports sent
/// again, with the same seqs, until acknowledged.
private final class Ledger: Sendable {
    struct Report: Sendable {
        var seq: Int64
        var time: Double
        var lat: Double
        var lon: Double
        var json: String { #"{"seq": \#(seq), "time": \#(time), "lat": \#(lat), "lon": \#(lon), "accuracy": 8}"# }
    }

    struct State {
        var sent: [Int64: Report] = [:]
        /// The highest seq acknowledged.
        var acked = 0
        var unanswered = 0
        /// Requests sent and not yet answered (or failed).
        var inFlight = 0
        var duplicates = 0
        var failures: [String] = []
    }

    let member: String
    let state = Mutex(State())

    init(member: String) { self.member = member }

    /// Sends ``RelayKillTests/reportsPerMember`` reports, one a request; a member who `walks`
    /// is 2 km away at every odd seq and back at every even one. Gives up at `deadline`.
    func report(_ http: HTTPClient, relay: Relay, party: String, token: String, walks: Bool, base: Double, until deadline: Date) async {
        var queue: [Report] = []
        var next: Int64 = 1
        while next <= Int64(RelayKillTests.reportsPerMember) || !queue.isEmpty {
            guard Date() < deadline else {
                state.withLock { $0.failures.append("\(member): gave up at seq \(next) with \(queue.count) unacknowledged") }
                return
            }
            if queue.isEmpty {
                let away = walks && next % 2 == 1
                let place = away ? RelayKillTests.away : RelayKillTests.camp
                let report = Report(seq: next, time: base + Double(next), lat: place.lat, lon: place.lon)
                state.withLock { $0.sent[next] = report }
                queue.append(report)
                next += 1
            }
            let body = #"{"reports": [\#(queue.map(\.json).joined(separator: ", "))]}"#
            state.withLock { $0.inFlight += 1 }
            let answer = await Relay.send(http, "POST", relay.url("/v1/parties/\(party)/reports"), token: token, body: body)
            state.withLock { $0.inFlight -= 1 }
            guard let (status, text) = answer else {
                // No answer: the relay may or may not have stored them; the same reports go again once it serves.
                state.withLock { $0.unanswered += 1 }
                try? await relay.waitUntilServing(http)
                continue
            }
            if status == 503 {
                try? await Task.sleep(for: .milliseconds(200))  // Retry-After: the database is away
                continue
            }
            guard status == 200, let answer = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let acked = (answer["acked"] as? NSNumber)?.int64Value
            else {
                state.withLock { $0.failures.append("\(member) seq \(queue.map(\.seq)): \(status) \(text)") }
                return
            }
            let duplicates = (answer["duplicates"] as? NSNumber)?.intValue ?? 0
            queue.removeAll { $0.seq <= acked }
            state.withLock {
                $0.acked = max($0.acked, Int(acked))
                $0.duplicates += duplicates
            }
        }
    }
}

// MARK: - The guardian's phone

/// The guardian's event stream, resumed after the last id it received whenever it ends.
private final class GuardianStream: Sendable {
    struct State {
        var ids: [Int64] = []
        var connections = 0
        var mismatches: [String] = []
        var stopping = false
    }

    let state = Mutex(State())

    func follow(_ http: HTTPClient, relay: Relay, party: String, token: String) async {
        while !state.withLock({ $0.stopping }) {
            var request = HTTPClientRequest(url: relay.url("/v1/parties/\(party)/events"))
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            if let last = state.withLock({ $0.ids.last }) { request.headers.add(name: "Last-Event-ID", value: "\(last)") }
            do {
                let response = try await http.execute(request, timeout: .seconds(120))
                guard response.status.code == 200 else { throw Relay.Failure("events: \(response.status.code)") }
                state.withLock { $0.connections += 1 }
                var text = ""
                for try await chunk in response.body {
                    text += String(buffer: chunk)
                    while let end = text.range(of: "\n\n") {
                        receive(String(text[..<end.lowerBound]))
                        text.removeSubrange(..<end.upperBound)
                    }
                }
            } catch {
                // The relay went away: the same relay is started again on its port.
            }
            if state.withLock({ $0.stopping }) { return }
            try? await relay.waitUntilServing(http)
        }
    }

    /// One event's lines: an alert's id is recorded, and checked against its data's.
    private func receive(_ event: String) {
        var id: Int64?, kind = "", data = ""
        for line in event.split(separator: "\n") {
            if line.hasPrefix("id: ") { id = Int64(line.dropFirst(4)) }
            if line.hasPrefix("event: ") { kind = String(line.dropFirst(7)) }
            if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
        }
        guard kind == "alert", let id else { return }
        let inData = (try? JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])?["id"] as? NSNumber
        state.withLock {
            $0.ids.append(id)
            if inData?.int64Value != id { $0.mismatches.append(event) }
        }
    }
}
