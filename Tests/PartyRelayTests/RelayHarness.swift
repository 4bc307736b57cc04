import AsyncHTTPClient
import FlowBundle
import FlowKit
import Formats
import Foundation
import NIOCore
import NIOHTTP1
@testable import PartyRelay
import PostgresFixture
import Synchronization

/// The repository's own project (parks/ for the parks parties name).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A relay in this process on a fresh database of the shared scratch PostgreSQL, on a port of
/// its own, with a clock the test moves, and an HTTP client to call it with.
final class RelayHarness: Sendable {
    let url: String
    let server: RelayServer
    let port: Int
    let clock: TestClock
    private let task: Task<Void, any Error>
    static let client = HTTPClient(eventLoopGroupProvider: .singleton)

    /// The service under test (its sweep, its counters).
    var service: RelayService { server.service }

    /// Starts a relay; `adjust` changes its configuration first.
    static func start(
        database: String? = nil, key: SigningKey = SigningKey.generate(), now: Double = Date().timeIntervalSince1970,
        adjust: (inout RelayConfiguration) -> Void = { _ in }
    ) async throws -> RelayHarness {
        let url = try database ?? PostgresServer.shared().database()
        var configuration = RelayConfiguration(database: try RelayDatabaseURL(url))
        configuration.port = 0
        // Sweeps happen when a test asks (RelayService.sweep), at the clock it set.
        configuration.sweepSeconds = 3_600
        // Dozens of relays share the scratch server when the suites run at once (a relay's
        // default pool of 16 each would pass its max_connections on a machine of many cores).
        configuration.databaseConnections = 4
        adjust(&configuration)
        return try await RelayHarness(url: url, configuration: configuration, key: key, now: now)
    }

    private init(url: String, configuration: RelayConfiguration, key: SigningKey, now: Double) async throws {
        self.url = url
        let clock = TestClock(now)
        self.clock = clock
        let server = RelayServer(
            configuration: configuration, key: key, root: ProjectRoot(path: repositoryRoot.path), clock: { clock.now })
        self.server = server
        let (ports, portOut) = AsyncStream<Int>.makeStream()
        task = Task { try await server.run(handlesSignals: false) { portOut.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw PostgresServer.Failure(description: "the relay did not start") }
        self.port = port
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    var now: Double {
        get { clock.now }
        set { clock.now = newValue }
    }

    /// An answer: its status and JSON body.
    struct Answer {
        var status: Int
        var json: JSONValue
        var headers: HTTPHeaders
        subscript(key: String) -> JSONValue? { json[key] }
        var error: String? { json["error"]?.stringValue }
        var message: String { json["message"]?.stringValue ?? "" }
    }

    func call(
        _ method: HTTPMethod, _ path: String, token: String? = nil, body: JSONValue? = nil, raw: String? = nil, headers: [(String, String)] = []
    )
        async throws -> Answer
    {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let text = raw ?? body?.description {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: text))
        }
        let response = try await Self.client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 8 << 20)
        let text = String(buffer: bytes)
        return Answer(status: Int(response.status.code), json: (try? JSONValue.parse(text)) ?? .string(text), headers: response.headers)
    }

    /// A party of YOSE with a camp zone: the guardian's token and each invited member's, joined.
    struct Party {
        var id: String
        var tokens: [String: String]
    }

    func party(
        _ members: [(id: String, role: String)] = [("ben", "child"), ("cal", "member"), ("dee", "guest")], zones: JSONValue? = nil
    )
        async throws -> Party
    {
        let invite: [JSONValue] = members.map { ["id": .string($0.id), "name": .string($0.id.capitalized), "role": .string($0.role)] }
        let made = try await call(
            .POST, "/v1/parties",
            body: [
                "name": "Valley family", "park": "YOSE",
                "zones": zones ?? [["id": "camp", "name": "Camp", "lat": 37.74, "lon": -119.565, "radius_m": 300]],
                "guardian": ["id": "ana", "name": "Ana"], "invite": .array(invite),
            ])
        guard made.status == 201, let id = made["party"]?.stringValue, let token = made["token"]?.stringValue else {
            throw PostgresServer.Failure(description: "party not made: \(made.status) \(made.json)")
        }
        var tokens = ["ana": token]
        for invitation in made["invitations"]?.arrayValue ?? [] {
            let joined = try await call(.POST, "/v1/join", body: ["code": invitation["code"] ?? .null])
            if let member = joined["member"]?.stringValue, let t = joined["token"]?.stringValue { tokens[member] = t }
        }
        return Party(id: id, tokens: tokens)
    }

    /// Reports of `member` in `party`.
    func report(_ party: Party, _ member: String, _ fixes: [(seq: Int, time: Double, lat: Double, lon: Double)]) async throws -> Answer {
        let reports: [JSONValue] = fixes.map { ["seq": .number(Double($0.seq)), "time": .number($0.time), "lat": .number($0.lat), "lon": .number($0.lon)] }
        return try await call(.POST, "/v1/parties/\(party.id)/reports", token: party.tokens[member], body: ["reports": .array(reports)])
    }

    /// The alerts `member` has been delivered, oldest first.
    func alerts(_ party: Party, _ member: String) async throws -> [JSONValue] {
        try await call(.GET, "/v1/parties/\(party.id)/alerts?limit=500", token: party.tokens[member])["alerts"]?.arrayValue ?? []
    }

    /// Rows of `sql` on this relay's database, by psql.
    func sql(_ sql: String) throws -> String {
        guard let name = url.split(separator: "/").last?.split(separator: "?").first else { return "" }
        let server = try PostgresServer.shared()
        return try server.psql(sql, database: String(name)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// An executable of the package (`flowrun`, `flowrun-full`), built beside the test bundle.
func builtExecutable(_ name: String) -> URL {
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/\(name)")
}

/// What a process printed, and how it ended.
struct ProcessResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` in the repository, off the concurrency pool (so a relay
/// in this process keeps serving it), its output read to the end.
func runProcess(_ executable: URL, _ arguments: [String]) async throws -> ProcessResult {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            do {
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                process.currentDirectoryURL = repositoryRoot
                process.standardInput = FileHandle.nullDevice
                let out = Pipe(), err = Pipe()
                process.standardOutput = out
                process.standardError = err
                try process.run()
                let errors = DispatchQueue(label: "stderr")
                nonisolated(unsafe) var errorBytes = Data()
                errors.async { errorBytes = err.fileHandleForReading.readDataToEndOfFile() }
                let output = out.fileHandleForReading.readDataToEndOfFile()
                errors.sync {}
                process.waitUntilExit()
                continuation.resume(
                    returning: ProcessResult(
                        status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                        stderr: String(decoding: errorBytes, as: UTF8.self)))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

/// Waits until `condition` holds, looking every 20 ms (the kill test stops a relay the moment
/// a report is in flight), failing after `seconds`.
func poll(_ what: String, seconds: Double = 20, _ condition: () async throws -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !(try await condition()) {
        guard Date() < deadline else { throw PostgresServer.Failure(description: "gave up after \(seconds) s waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}

/// A clock a test sets.
final class TestClock: Sendable {
    private let value: Mutex<Double>
    init(_ now: Double) { value = Mutex(now) }
    var now: Double {
        get { value.withLock { $0 } }
        set { value.withLock { $0 = newValue } }
    }
}
