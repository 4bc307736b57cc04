import AsyncHTTPClient
import FlowSync
import LoopbackServer
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1

/// What the test server does to one request instead of answering it plainly.
enum Fault: Sendable {
    /// Wait this long, then answer plainly (a slow server).
    case delay(Duration)
    /// Answer with this status and no body.
    case status(Int)
    /// Send the whole file's headers, then only this many bytes, then drop the connection.
    case truncate(Int)
    /// Send these bytes as the body, with their own length (a server holding other bytes).
    case body([UInt8])
    /// Send the whole file's headers, then its bytes one at a time, this long apart (a
    /// server that sends just fast enough never to time out: slow retrieval).
    case drip(Duration)
}

/// The faults still to inject, by the end of the request path they apply to
/// (`manifest.json`, `versions/2.sig`, or `objects/` for any object), each used once, in
/// order; and every request the server saw.
actor FaultPlan {
    private var queued: [(key: String, fault: Fault)] = []
    private(set) var paths: [String] = []

    func add(_ fault: Fault, to key: String, times: Int = 1) {
        queued += Array(repeating: (key, fault), count: times)
    }

    /// Records a request and takes the first fault for its path.
    func take(_ path: String) -> Fault? {
        paths.append(path)
        guard let index = queued.firstIndex(where: { path.hasSuffix($0.key) || ($0.key == "objects/" && path.contains("/objects/")) }) else { return nil }
        return queued.remove(at: index).fault
    }

    var requests: Int { paths.count }
    func objectRequests() -> Int { paths.filter { $0.contains("/objects/") }.count }
    func reset() { paths = [] }
}

/// ``BundleFiles`` with a ``FaultPlan`` in front: the project's own server, with faults.
struct FaultInjector: HTTPResponder {
    typealias Context = ServerRequestContext
    let files: BundleFiles
    let plan: FaultPlan

    func respond(to request: Request, context: Context) async throws -> Response {
        guard let fault = await plan.take(request.uri.path) else { return try await files.respond(to: request, context: context) }
        switch fault {
        case .delay(let duration):
            try await Task.sleep(for: duration)
            return try await files.respond(to: request, context: context)
        case .status(let code):
            return Response(status: .init(code: code), headers: [.contentLength: "0"])
        case .truncate(let count):
            let whole = try await files.respond(to: request, context: context)
            // The test's own paths are plain: the file is the folder plus the path.
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: files.folder + request.uri.path)))
            return Response(
                status: whole.status, headers: whole.headers,
                body: ResponseBody(contentLength: bytes.count) { writer in
                    try await writer.write(ByteBuffer(bytes: bytes.prefix(count)))
                    throw CancellationError()  // the connection is dropped mid-body
                })
        case .drip(let interval):
            let whole = try await files.respond(to: request, context: context)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: files.folder + request.uri.path)))
            return Response(
                status: whole.status, headers: whole.headers,
                body: ResponseBody(contentLength: bytes.count) { writer in
                    for byte in bytes {
                        try await Task.sleep(for: interval)
                        try await writer.write(ByteBuffer(bytes: [byte]))
                    }
                    try await writer.finish(nil)
                })
        case .body(let bytes):
            var headers = try await files.respond(to: request, context: context).headers
            headers[.contentLength] = String(bytes.count)
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}

/// Runs the project's bundle server on 127.0.0.1 (any free port) over `folder`, with
/// `plan`'s faults, for `body`; stops it after. `body` gets the server's root URL.
func withServer<T: Sendable>(
    _ folder: String, plan: FaultPlan = FaultPlan(), limits: ServerLimits = ServerLimits(), _ body: (String) async throws -> T
) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    var server = BundleServer(folder: folder, port: 0)
    server.limits = limits
    let running = Task { [server] in
        defer { continuation.finish() }
        try await server
            .run(responder: FaultInjector(files: BundleFiles(folder: folder), plan: plan), handlesSignals: false) { continuation.yield($0) }
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        _ = try await running.value
        throw TestFailure("the server did not start")
    }
    defer { running.cancel() }
    let result = try await body("http://127.0.0.1:\(port)/")
    running.cancel()
    _ = await running.result
    return result
}

/// A request over real HTTP: status, headers, body.
func fetch(_ url: String, method: HTTPMethod = .GET, headers: [(String, String)] = []) async throws -> (status: Int, headers: HTTPHeaders, body: [UInt8]) {
    var request = HTTPClientRequest(url: url)
    request.method = method
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 64 << 20)
    return (Int(response.status.code), response.headers, Array(buffer: body))
}
