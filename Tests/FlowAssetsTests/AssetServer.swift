import FlowKit
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The repository's own project (flows/ and parks/ with the real park data).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repository = ProjectRoot(path: repositoryRoot.path)

/// How the test server answers one path: late, not at all, or cut short.
enum Fault: Sendable {
    /// Answer after this long.
    case delay(Duration)
    /// 404 Not Found.
    case missing
    /// Send the head and half the body, then drop the connection.
    case broken
}

/// What the test server saw: requests in the order they came, and how many were in flight.
actor ServerLog {
    private(set) var requests: [String] = []
    private(set) var inFlight = 0
    private(set) var mostInFlight = 0
    /// Requests that came while another was in flight.
    private(set) var overlapping: [String] = []

    func begin(_ path: String) {
        requests.append(path)
        if inFlight > 0 { overlapping.append(path) }
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
    }

    func end() { inFlight -= 1 }
}

struct ServerDidNotStart: Error {}

/// Serves `folder` (a park's assets/) on 127.0.0.1 at a free port for `body`, with the
/// faults asked for by path inside the folder, and stops after. A request counts as in
/// flight from its arrival until its whole answer is written.
func withAssetServer<T: Sendable>(
    folder: URL = repositoryRoot.appendingPathComponent("parks/GRTE/assets"), faults: [String: Fault] = [:],
    _ body: (_ base: String, _ log: ServerLog) async throws -> T
) async throws -> T {
    let log = ServerLog()
    let router = Router()
    router.get("**") { request, _ -> Response in
        let path = String(request.uri.path.dropFirst())
        await log.begin(path)
        let fault = faults[path]
        if case .delay(let delay) = fault { try? await Task.sleep(for: delay) }
        guard fault.map({ if case .missing = $0 { false } else { true } }) ?? true,
            !path.split(separator: "/").contains(".."),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
        else {
            await log.end()
            return Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "not found")))
        }
        let bytes = ByteBuffer(bytes: data)
        if case .broken = fault {
            return Response(
                status: .ok, headers: [.contentLength: "\(bytes.readableBytes)"],
                body: ResponseBody { writer in
                    try await writer.write(bytes.getSlice(at: 0, length: bytes.readableBytes / 2) ?? ByteBuffer())
                    await log.end()
                    throw CancellationError()
                })
        }
        return Response(
            status: .ok, headers: [.contentType: "image/svg+xml"],
            body: ResponseBody { writer in
                try await writer.write(bytes)
                try await writer.finish(nil)
                await log.end()
            })
    }
    var logger = Logger(label: "flowassets.test")
    logger.logLevel = .critical
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
    let server = Task {
        defer { continuation.finish() }; try await app.run()
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        _ = try await server.value
        throw ServerDidNotStart()
    }
    defer { server.cancel() }
    let result = try await body("http://127.0.0.1:\(port)/", log)
    server.cancel()
    _ = await server.result
    return result
}
