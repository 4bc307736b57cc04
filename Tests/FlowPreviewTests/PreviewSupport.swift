import AsyncHTTPClient
import FlowKit
@testable import FlowPreview
import Foundation
import NIOCore
import Testing

/// The repository's own project (flows/ and parks/ with the real park data).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let repository = ProjectRoot(path: repositoryRoot.path)

/// 2026-07-04 09:30 in San Francisco: the clock the tests' runs see.
let fixedTime = "2026-07-04T09:30:00-07:00"

struct ServerDidNotStart: Error {}

/// Runs a real preview server of `root` on 127.0.0.1, on a free port, for `body`; stops it after.
/// - Parameter store: makes the server's visitor's store (default: the server's own, in memory).
func withServer<T: Sendable>(
    root: ProjectRoot = repository, store: (@Sendable () -> any VisitorStore)? = nil, photos: String? = nil,
    _ body: (URL) async throws -> T
) async throws -> T {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    var preview = PreviewServer(root: root, port: 0)
    if let store { preview.store = store }
    preview.photos = photos
    let server = Task { [preview] in
        defer { continuation.finish() }
        try await preview.run(handlesSignals: false) { continuation.yield($0) }
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else {
        _ = try await server.value
        throw ServerDidNotStart()
    }
    do {
        let result = try await body(URL(string: "http://127.0.0.1:\(port)")!)
        server.cancel()
        _ = await server.result
        return result
    } catch {
        server.cancel()
        _ = await server.result
        throw error
    }
}

/// A GET over real HTTP: the status, the content type and the body as text.
func get(_ url: URL, _ path: String) async throws -> (status: Int, type: String, body: String) {
    let request = HTTPClientRequest(url: url.absoluteString + path)
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 16 << 20)
    return (Int(response.status.code), response.headers.first(name: "content-type") ?? "", String(buffer: body))
}

/// The header that makes a request an act on the server at `url`, with the token it hands out.
func actHeader(_ url: URL) async throws -> [(String, String)] {
    let answer = try await get(url, "/act-token")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])
    return [(try #require(json["header"]), try #require(json["token"]))]
}

/// A POST over real HTTP, with `headers`: the status, the content type and the body as text.
func post(_ url: URL, _ path: String, headers: [(String, String)] = []) async throws -> (status: Int, type: String, body: String) {
    var request = HTTPClientRequest(url: url.absoluteString + path)
    request.method = .POST
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 16 << 20)
    return (Int(response.status.code), response.headers.first(name: "content-type") ?? "", String(buffer: body))
}

/// A throwaway copy of the repository's flows/ and parks/, removed on deinit.
final class TestProject: @unchecked Sendable {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-preview-\(UUID().uuidString)")
    var root: ProjectRoot { ProjectRoot(path: url.path) }

    init(files: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for folder in ["flows", "parks"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: url.appendingPathComponent(folder))
        }
        for (path, text) in files { try write(path, text) }
    }

    func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The project with `flows/broken.lua`: a flow that fails at line 3, indexing nil, as an
    /// author might write it.
    static func withBrokenFlow() throws -> TestProject {
        try TestProject(files: [
            "flows/broken.lua": """
            flow.register("broken", function(ctx)
              local site = nil
              return site.name
            end)

            """
        ])
    }
}
