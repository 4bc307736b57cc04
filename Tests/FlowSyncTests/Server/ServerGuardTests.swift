import FlowBundle
import Foundation
import LoopbackServer
import RawClient
import Testing

/// What every server of the project (here `flowrun serve`'s) does to clients that are not
/// its own, slow, silent or many (LoopbackServer's connection guard, ServerLimits).
@Suite struct ServerGuardTests {
    /// A folder with one file of `size` bytes at GOGA/manifest.json.
    static func folder(size: Int) throws -> (path: String, bytes: [UInt8]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("GOGA"), withIntermediateDirectories: true)
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: folder.appendingPathComponent("GOGA/manifest.json"))
        return (folder.path, bytes)
    }

    static func port(_ root: String) throws -> Int { try #require(URL(string: root)?.port) }

    @Test(arguments: [
        ("evil.example", 421), ("127.0.0.1.evil.example", 421), ("localhost.", 421), ("127.0.0.2", 421), ("", 400),
    ])
    func aRequestForAnotherNameIsRefusedBeforeAnyRoute(_ host: String, _ status: Int) async throws {
        let (folder, _) = try Self.folder(size: 10)
        try await withServer(folder) { root in
            let client = try RawClient(port: try Self.port(root))
            let field = host.isEmpty ? "" : "Host: \(host):\(try Self.port(root))\r\n"
            client.send("GET /GOGA/manifest.json HTTP/1.1\r\n\(field)\r\n")
            let answer = String(decoding: client.readAll(seconds: 5).bytes, as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 \(status)"), "\(answer)")
            #expect(!answer.contains("\r\netag:"), "no route answered")
        }
    }

    @Test func aRequestForAnotherPortOrFromAnotherSiteIsRefused() async throws {
        let (folder, _) = try Self.folder(size: 10)
        try await withServer(folder) { root in
            let port = try Self.port(root)
            #expect(try await fetch(root + "GOGA/manifest.json", headers: [("Host", "127.0.0.1:\(port + 1)")]).status == 421)
            #expect(try await fetch(root + "GOGA/manifest.json", headers: [("Origin", "http://evil.example")]).status == 403)
            #expect(try await fetch(root + "GOGA/manifest.json", headers: [("Origin", "null")]).status == 403)
            #expect(try await fetch(root + "GOGA/manifest.json", headers: [("Host", "localhost:\(port)")]).status == 200)
            #expect(try await fetch(root + "GOGA/manifest.json", headers: [("Origin", "http://localhost:\(port)")]).status == 200)
        }
    }

    @Test func aClientThatSaysNothingOrDripsItsHeadersIsClosed() async throws {
        let (folder, _) = try Self.folder(size: 10)
        var limits = ServerLimits()
        limits.headerSeconds = 0.5
        try await withServer(folder, limits: limits) { root in
            let silent = try RawClient(port: try Self.port(root))
            let dripping = try RawClient(port: try Self.port(root))
            for byte in "GET /GOGA/manifest.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".map(String.init) {
                guard dripping.send(byte) else { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(silent.readAll(seconds: 5).closed)
            #expect(dripping.readAll(seconds: 5).closed)
        }
    }

    @Test(arguments: [
        "", "GET /GOGA/manifest.json HTTP/1.1\r\nHost: 127.0.0.1\r\n",
        "POST /GOGA/manifest.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nx",
    ])
    func silentOrSlowClientsPastTheCapMakeRoomForARealOne(_ start: String) async throws {
        let (folder, bytes) = try Self.folder(size: 10)
        var limits = ServerLimits()
        limits.connections = 8
        // Not by their timeouts: no client is closed for slowness during the test.
        (limits.headerSeconds, limits.bodySeconds) = (600, 600)
        try await withServer(folder, limits: limits) { root in
            // Each says nothing, or sends part of a head, or part of a body.
            let held = try (0..<40).map { _ in
                let client = try RawClient(port: try Self.port(root))
                client.send(start)
                return client
            }
            let answer = try await fetch(root + "GOGA/manifest.json")
            #expect(answer.status == 200 && answer.body == bytes)
            // The oldest made room: closed by the server.
            #expect(held[0].readAll(seconds: 2).closed)
        }
    }

    @Test func aClientThatNeverReadsIsDroppedAndHoldsNoWholeFile() async throws {
        let (folder, bytes) = try Self.folder(size: 16 << 20)
        var limits = ServerLimits()
        limits.stalledReaderSeconds = 2
        try await withServer(folder, limits: limits) { root in
            let stalled = try RawClient(port: try Self.port(root), receiveBuffer: 4096)
            stalled.send("GET /GOGA/manifest.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Well past the limit, even on a loaded machine.
            try await Task.sleep(for: .seconds(8))
            // The server stopped waiting: what reached the socket is a small part of the file.
            let got = stalled.readAll(seconds: 10)
            #expect(got.closed)
            #expect(got.bytes.count < bytes.count / 2, "\(got.bytes.count) bytes")
        }
    }
}
