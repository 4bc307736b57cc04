import AsyncHTTPClient
import BenchData
import Formats
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The phones of `flowbench relay`: parties made and joined through the relays' API, one event
/// stream per member held open, and every member reporting a fix on a fixed schedule (open
/// loop: a report is due at its time whether or not the last one was answered, so a slow relay
/// shows as latency, not as fewer reports). Each member's stream is on one relay and its
/// reports go to the other, so every alert crosses between relays through PostgreSQL.
///
/// A report's fix time is its member's key: the relay's alert carries the fix time of the
/// report that raised it, so an alert on a stream is matched to the moment its report was due,
/// and the time between is one latency sample per recipient.
final class RelayLoad: Sendable {
    struct Member: Sendable {
        let party: String
        let id: String
        let token: String
        /// 0 for the party's guardian, who stays in camp; the others walk out and back.
        let index: Int
        let partyIndex: Int
        /// The relays (indexes of ``ports``) the member's stream and reports use.
        let streamRelay: Int
        let reportRelay: Int
    }

    /// What one measured window saw.
    struct Tally: Sendable {
        var reportsDue = 0
        var reportsAcked = 0
        var refused: [Int: Int] = [:]
        /// Reports with no answer, by the client's error.
        var failures: [String: Int] = [:]
        var failed: Int { failures.values.reduce(0, +) }
        var ackMilliseconds: [Double] = []
        /// From a report's due instant to its task starting here: the load's own lag, inside
        /// both latencies above.
        var lagMilliseconds: [Double] = []
        var alertMilliseconds: [Double] = []
        /// Alerts received that no report of the window raised (silences, warm-up's).
        var unmatched = 0
        /// Alerts slower than the goal (200 ms), by the second of the window their report was
        /// due in: a few seconds holding most of them is a stall, not a queue.
        var slowBySecond: [Int: Int] = [:]
    }

    /// The camp every party's zone is around (Yosemite Valley), and how far north a member
    /// walks out: 500 m, past the 300 m zone but not past the 800 m drift distance.
    static let camp = (lat: 37.74, lon: -119.565)
    static let radius = 300.0
    static let outside = 0.0045
    /// A member's walk: this many reports in camp, then as many outside.
    static let halfCycle = 6

    let ports: [Int]
    let members: [Member]
    /// Requests (setup and reports) go through ``Clients/requests``; each member's stream
    /// through one of ``Clients/streams``.
    private let clients: Clients
    /// Due instants (monotonic ns) of reports by "party|member|time", while they may raise alerts.
    private let due = Mutex<[String: UInt64]>([:])
    private let tally = Mutex(Tally())
    /// Due instants at or after this are measured; 0 until the warm-up ends.
    private let window = Mutex<(start: UInt64, end: UInt64)>((UInt64.max, UInt64.max))
    private let connected = Atomic<Int>(0)

    private init(ports: [Int], members: [Member], clients: Clients) {
        (self.ports, self.members, self.clients) = (ports, members, clients)
    }

    /// The load's HTTP clients. One pool holding 10,000 open streams spent the machine's CPU
    /// in its own bookkeeping, and the reports queued behind the streams went unanswered (the
    /// first run): the streams are spread over pools of ``streamsPerClient``, and the reports
    /// have a pool of their own.
    struct Clients: Sendable {
        static let streamsPerClient = 500
        let requests: HTTPClient
        let streams: [HTTPClient]

        init(streams count: Int) {
            func client(_ connections: Int) -> HTTPClient {
                var configuration = HTTPClient.Configuration()
                // Idle connections close before the relay's 30 s idle limit would close them
                // under a request just sent on one.
                configuration.connectionPool = .init(idleTimeout: .seconds(20), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
                configuration.timeout = .init(connect: .seconds(30))
                return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            }
            requests = client(512)
            streams = (0..<max(1, (count + Self.streamsPerClient - 1) / Self.streamsPerClient)).map { _ in client(Self.streamsPerClient) }
        }

        /// The stream client of member number `n`.
        func stream(_ n: Int) -> HTTPClient { streams[n % streams.count] }

        func shutdown() async {
            for client in [requests] + streams { try? await client.shutdown() }
        }
    }

    /// Makes `parties` parties of `size` members (a guardian, a child, the rest members),
    /// each party through one relay in turn and each member joined with their code.
    static func make(parties: Int, size: Int, ports: [Int], clients: Clients) async throws -> RelayLoad {
        let client = clients.requests
        let made = try await withThrowingTaskGroup(of: [Member].self) { group in
            var all: [Member] = []
            var next = 0
            func add() {
                let p = next
                next += 1
                group.addTask { try await party(p, size: size, ports: ports, client: client) }
            }
            for _ in 0..<min(32, parties) { add() }
            while let members = try await group.next() {
                all += members
                if next < parties { add() }
            }
            return all
        }
        return RelayLoad(ports: ports, members: made.sorted { ($0.partyIndex, $0.index) < ($1.partyIndex, $1.index) }, clients: clients)
    }

    private static func party(_ p: Int, size: Int, ports: [Int], client: HTTPClient) async throws -> [Member] {
        let invite: [JSONValue] = (1..<size).map { i in
            ["id": .string("m\(i)"), "name": .string("Member \(i)"), "role": .string(i == 1 ? "child" : "member")]
        }
        let body: JSONValue = [
            "name": .string("Bench party \(p)"), "park": "YOSE",
            "zones": [["id": "camp", "name": "Camp", "lat": .number(camp.lat), "lon": .number(camp.lon), "radius_m": .number(radius)]],
            "guardian": ["id": "m0", "name": "Guardian"], "invite": .array(invite),
        ]
        let port = ports[p % ports.count]
        let answer = try await call(client, .POST, port: port, "/v1/parties", body: body)
        guard answer.status == 201, let party = answer.json["party"]?.stringValue, let token = answer.json["token"]?.stringValue else {
            throw BenchError.setup("relay: party \(p) not made: \(answer.status) \(answer.json)")
        }
        func member(_ id: String, _ token: String) -> Member? {
            guard let index = Int(id.dropFirst()) else { return nil }
            let stream = (p + index) % ports.count
            return Member(
                party: party, id: id, token: token, index: index, partyIndex: p, streamRelay: stream, reportRelay: (stream + 1) % ports.count)
        }
        var members = [member("m0", token)].compactMap { $0 }
        for invitation in answer.json["invitations"]?.arrayValue ?? [] {
            let joined = try await call(client, .POST, port: port, "/v1/join", body: ["code": invitation["code"] ?? .null])
            guard joined.status == 200, let id = joined.json["member"]?.stringValue, let t = joined.json["token"]?.stringValue,
                let m = member(id, t)
            else { throw BenchError.setup("relay: a member of party \(p) could not join: \(joined.status) \(joined.json)") }
            members.append(m)
        }
        return members
    }

    /// One request; its status and JSON answer.
    static func call(
        _ client: HTTPClient, _ method: HTTPMethod, port: Int, _ path: String, token: String? = nil, body: JSONValue? = nil
    ) async throws -> (status: Int, json: JSONValue) {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body.description))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        let text = String(buffer: bytes)
        return (Int(response.status.code), (try? JSONValue.parse(text)) ?? .string(text))
    }

    // MARK: Streams

    /// Opens every member's event stream, a few hundred at a time, and waits until all are
    /// answered (or `seconds` pass); the number open.
    func openStreams(seconds: Double) async -> Int {
        for (n, member) in members.enumerated() {
            let client = clients.stream(n)
            Task { await self.stream(member, client: client) }
            if n % 250 == 249 { try? await Task.sleep(for: .milliseconds(50)) }
        }
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        while connected.load(ordering: .relaxed) < members.count && MonotonicClock.now() < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        return connected.load(ordering: .relaxed)
    }

    /// One member's stream, read until the process ends, opened again after the last event
    /// it read when it closes.
    private func stream(_ member: Member, client: HTTPClient) async {
        var last: String?
        var counted = false
        while true {
            do {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(ports[member.streamRelay])/v1/parties/\(member.party)/events")
                request.headers.add(name: "Authorization", value: "Bearer \(member.token)")
                if let last { request.headers.add(name: "Last-Event-ID", value: last) }
                let response = try await client.execute(request, timeout: .hours(24))
                guard response.status == .ok else { throw BenchError.setup("events: \(response.status)") }
                if !counted {
                    counted = true
                    connected.add(1, ordering: .relaxed)
                }
                var pending = ""
                for try await var chunk in response.body {
                    pending += chunk.readString(length: chunk.readableBytes) ?? ""
                    while let end = pending.range(of: "\n\n") {
                        let event = pending[..<end.lowerBound]
                        if let id = received(event, party: member.party) { last = id }
                        pending = String(pending[end.upperBound...])
                    }
                }
            } catch {
                try? await Task.sleep(for: .milliseconds(500))
            }
        }
    }

    /// An event's text: the alert's latency from its report's due instant; its id.
    private func received(_ event: Substring, party: String) -> String? {
        let now = MonotonicClock.now()
        var id: String?
        for line in event.split(separator: "\n") {
            if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
            guard line.hasPrefix("data: "), let json = try? JSONValue.parse(String(line.dropFirst(6))),
                let member = json["member"]?.stringValue, let time = json["time"]?.numberValue
            else { continue }
            let sent = due.withLock { $0["\(party)|\(member)|\(Int(time))"] }
            let (start, end) = window.withLock { $0 }
            tally.withLock { t in
                guard let sent, sent >= start, sent < end else {
                    t.unmatched += 1
                    return
                }
                let ms = Double(now - min(now, sent)) / 1e6
                t.alertMilliseconds.append(ms)
                if ms >= 200 { t.slowBySecond[Int((sent - start) / 1_000_000_000), default: 0] += 1 }
            }
        }
        return id
    }

    // MARK: Reports

    /// Every member reports once each `interval` seconds, spread evenly over it, from now for
    /// `warmup` + `seconds`; reports due in the last `seconds` are measured. Returns when the
    /// last is due; ``settle(seconds:)`` waits for their answers and alerts.
    /// `partyBursts`: a party's members report one after another (the worst case for one
    /// party's log); else each member at its own instant of the interval, as independent
    /// phones do (a fixed shuffle).
    func report(interval: Double, warmup: Double, seconds: Double, partyBursts: Bool, measuring: @Sendable (Bool) -> Void) async {
        var generator = SplitMix64(seed: 36)
        let order = partyBursts ? members : members.shuffled(using: &generator)
        let start = MonotonicClock.now()
        let measureFrom = start + UInt64(warmup * 1e9)
        let end = measureFrom + UInt64(seconds * 1e9)
        window.withLock { $0 = (measureFrom, end) }
        let step = interval * 1e9 / Double(members.count)
        var round = 0
        var started = false
        while true {
            for (i, member) in order.enumerated() {
                let at = start + UInt64(Double(round) * interval * 1e9 + Double(i) * step)
                if at >= end {
                    measuring(false)
                    return
                }
                let now = MonotonicClock.now()
                if at > now + 2_000_000 { try? await Task.sleep(for: .nanoseconds(Int(at - now))) }
                if !started && at >= measureFrom {
                    started = true
                    measuring(true)
                }
                let (seq, r, measured) = (round + 1, round, at >= measureFrom)
                Task { await self.send(member, seq: seq, round: r, due: at, measured: measured) }
            }
            round += 1
        }
    }

    /// The relays' `GET /v1/stats` counters named `names`, added up.
    func stats(_ names: [String]) async -> [String: Int] {
        var sums: [String: Int] = [:]
        for port in ports {
            guard let answer = try? await Self.call(clients.requests, .GET, port: port, "/v1/stats") else { continue }
            for name in names { sums[name, default: 0] += Int(answer.json[name]?.numberValue ?? 0) }
        }
        return sums
    }

    /// Waits `seconds` for answers and alerts still on their way.
    func settle(seconds: Double) async { try? await Task.sleep(for: .seconds(seconds)) }

    /// What the window saw.
    var result: Tally { tally.withLock { $0 } }

    private func send(_ member: Member, seq: Int, round: Int, due at: UInt64, measured: Bool) async {
        let started = MonotonicClock.now()
        let time = (Date().timeIntervalSince1970).rounded(.down)
        let phase = (round + member.index * 3 + member.partyIndex) % (2 * Self.halfCycle)
        let out = member.index > 0 && phase >= Self.halfCycle
        let jitter = Double((member.partyIndex * 7 + member.index * 13 + round) % 20) * 0.00001
        let lat = Self.camp.lat + (out ? Self.outside : 0) + jitter
        due.withLock { $0["\(member.party)|\(member.id)|\(Int(time))"] = at }
        let body: JSONValue = [
            "reports": [["seq": .number(Double(seq)), "time": .number(time), "lat": .number(lat), "lon": .number(Self.camp.lon), "accuracy": 8]]
        ]
        var answer: (status: Int, json: JSONValue)?
        var failure = ""
        do {
            answer = try await Self.call(
                clients.requests, .POST, port: ports[member.reportRelay], "/v1/parties/\(member.party)/reports", token: member.token, body: body)
        } catch {
            failure = String("\(error)".prefix(80))
        }
        let now = MonotonicClock.now()
        guard measured else { return }
        tally.withLock { t in
            t.reportsDue += 1
            t.lagMilliseconds.append(Double(started - min(started, at)) / 1e6)
            switch answer?.status {
            case 200?:
                t.reportsAcked += 1
                t.ackMilliseconds.append(Double(now - min(now, at)) / 1e6)
            case let status?: t.refused[status, default: 0] += 1
            case nil: t.failures[failure, default: 0] += 1
            }
        }
    }

    func shutdown() async { await clients.shutdown() }
}
