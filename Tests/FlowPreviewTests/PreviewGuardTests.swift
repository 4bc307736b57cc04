import AsyncHTTPClient
import FlowKit
@testable import FlowPreview
import Foundation
import NIOCore
import RawClient
import Testing

/// The preview against a page of another site and against clients that open many streams:
/// DNS rebinding, cross-site acts, tracks that lead out of the project, stream caps.
@Suite struct PreviewGuardTests {
    static let pins = "/parks/GOGA/flows/pins?at=37.8078,-122.4750&time=2026-07-04T09:30:00-07:00"

    /// A request with `headers` on a raw socket (any Host), and the answer's status line.
    static func raw(_ url: URL, _ method: String, _ path: String, headers: [(String, String)]) throws -> String {
        let client = try RawClient(port: try #require(url.port))
        let fields = headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        client.send("\(method) \(path) HTTP/1.1\r\n\(fields)Content-Length: 0\r\nConnection: close\r\n\r\n")
        let answer = String(decoding: client.readAll(seconds: 30).bytes, as: UTF8.self)
        return answer.components(separatedBy: "\r\n").first ?? ""
    }

    @Test func aRebindingPageGetsNothingAndActsNothingEvenWithTheToken() async throws {
        try await withServer { url in
            let token = try await actHeader(url)
            let port = try #require(url.port)
            let rebound = ("Host", "attacker.example:\(port)")
            #expect(try Self.raw(url, "GET", "/", headers: [rebound]) == "HTTP/1.1 421 Misdirected Request")
            #expect(try Self.raw(url, "GET", "/act-token", headers: [rebound]) == "HTTP/1.1 421 Misdirected Request")
            #expect(try Self.raw(url, "POST", Self.pins + "&arg.drop=1", headers: [rebound] + token) == "HTTP/1.1 421 Misdirected Request")
            // A cross-site page that targets 127.0.0.1 itself carries its own Origin.
            let local = ("Host", "127.0.0.1:\(port)")
            let crossSite = [local, ("Origin", "https://attacker.example")] + token
            #expect(try Self.raw(url, "POST", Self.pins + "&arg.drop=1", headers: crossSite) == "HTTP/1.1 403 Forbidden")
            #expect(try Self.raw(url, "POST", "/sessions?park=GOGA", headers: crossSite) == "HTTP/1.1 403 Forbidden")
            #expect(try await get(url, Self.pins).body.contains("\"title\" : \"Your pins (0)\""), "nothing was dropped")
            // The server's own page may.
            let own = [local, ("Origin", "http://127.0.0.1:\(port)")] + token
            #expect(try Self.raw(url, "POST", Self.pins + "&arg.drop=1", headers: own) == "HTTP/1.1 200 OK")
        }
    }

    @Test func aTrackOrRecordingThatLeadsOutOfTheProjectIsNotThere() async throws {
        let project = try TestProject()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-outside-\(UUID().uuidString).gpx")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(LiveSessionAPITests.exitTrack), to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("tracks"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent("tracks/out.gpx").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: project.url.appendingPathComponent("tracks/etc").path, withDestinationPath: "/etc")
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent(LiveSessionAPITests.exitTrack), to: project.url.appendingPathComponent("tracks/in.gpx"))
        try FileManager.default.createSymbolicLink(
            atPath: project.url.appendingPathComponent("tracks/also-in.gpx").path, withDestinationPath: project.url.appendingPathComponent("tracks/in.gpx").path
        )
        try await withServer(root: project.root) { url in
            for track in ["tracks/out.gpx", "tracks/etc/passwd", "tracks/etc/hostname"] {
                let screen = try await get(url, "/parks/YOSE/flows/geofence?track=\(track)")
                #expect(screen.status == 404, "\(track): \(screen.body)")
                #expect(!screen.body.contains("root:"))
                let played = try await post(url, "/sessions?park=YOSE&play=\(track)", headers: try await actHeader(url))
                #expect(played.status == 404, "\(track): \(played.body)")
            }
            // A link that stays inside the project is followed.
            #expect(try await get(url, "/parks/YOSE/flows/geofence?track=tracks/also-in.gpx").status == 200)
            #expect(try await post(url, "/sessions?park=YOSE&play=tracks/also-in.gpx", headers: try await actHeader(url)).status == 201)
        }
    }

    /// A client with room for more streams than the caps (AsyncHTTPClient keeps 8 per host).
    static func client() -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 100)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    @Test func aChangeRunsAFlowOnceForEveryStreamWithTheSameInputs() async throws {
        let project = PreviewProject(root: repository)
        let home = try PreviewQuery.inputs(flow: "home", pairs: [("time", fixedTime)])
        var other = home
        other.values["zoom"] = "13"
        // First events are each stream's own; after change 1, one run per inputs.
        _ = await project.screenEvent(park: "GOGA", inputs: home, generation: nil)
        _ = await project.screenEvent(park: "GOGA", inputs: home, generation: nil)
        #expect(await project.runs == 2)
        let shared = await project.screenEvent(park: "GOGA", inputs: home, generation: 1)
        for _ in 0..<15 { #expect(await project.screenEvent(park: "goga", inputs: home, generation: 1) == shared) }
        #expect(await project.runs == 3)
        _ = await project.screenEvent(park: "GOGA", inputs: other, generation: 1)
        _ = await project.screenEvent(park: "GOGA", inputs: home, generation: 2)
        #expect(await project.runs == 5)
        #expect(shared.hasPrefix("event: screen\ndata: {"))
    }

    @Test func aFlowThatRunsToItsLimitIsNotRunAgainUntilASave() async throws {
        let project = try TestProject(files: ["flows/spin.lua": "flow.register(\"spin\", function(ctx)\n  while true do end\nend)\n"])
        let preview = PreviewProject(root: project.root)
        let spin = try PreviewQuery.inputs(flow: "spin", pairs: [])
        var messages: [String] = []
        for _ in 0..<5 {
            do {
                _ = try await preview.screen(park: "GOGA", inputs: spin)
            } catch {
                #expect(error.status == 422)
                messages.append(error.message)
            }
        }
        #expect(messages.count == 5)
        #expect(messages.allSatisfy { $0.hasPrefix("flows/spin.lua:2: instruction budget of") && $0.hasSuffix("when a file is saved, or in 10 s)") })
        #expect(await preview.runs == 1, "one run to its limit, then its failure until a save")
        // Other flows run meanwhile; a save runs it again.
        _ = try await preview.screen(park: "GOGA", inputs: try PreviewQuery.inputs(flow: "home", pairs: [("time", fixedTime)]))
        await preview.invalidate()
        _ = try? await preview.screen(park: "GOGA", inputs: spin)
        #expect(await preview.runs == 3)
    }

    @Test func streamsPastTheCapAreRefusedAndTheRestGetEachChange() async throws {
        let project = try TestProject()
        let client = Self.client()
        try await withServer(root: project.root) { url in
            let path = url.absoluteString + "/parks/GOGA/flows/home/events?time=2026-07-04T09:30:00-07:00"
            var streams: [HTTPClientResponse.Body.AsyncIterator] = []
            for _ in 0..<EventStreamSlots.perSubject {
                let response = try await client.execute(HTTPClientRequest(url: path), timeout: .seconds(60))
                #expect(response.status.code == 200)
                streams.append(response.body.makeAsyncIterator())
            }
            // One more on the same screen: refused, and it says why.
            let refused = try await client.execute(HTTPClientRequest(url: path), timeout: .seconds(60))
            #expect(refused.status.code == 503)
            #expect(String(buffer: try await refused.body.collect(upTo: 1 << 16)).contains("too many event streams"))
            // Another screen still has room.
            #expect(try await client.execute(HTTPClientRequest(url: path + "&zoom=13"), timeout: .seconds(60)).status.code == 200)
            for i in streams.indices { _ = try await Self.event(&streams[i]) }
            try project.write("flows/lib/touched.lua", "return {}\n")
            for i in streams.indices { #expect(try await Self.event(&streams[i]).contains("event: screen")) }
        }
        try await client.shutdown()
    }

    /// The next event's text on a stream (pings skipped).
    static func event(_ stream: inout HTTPClientResponse.Body.AsyncIterator) async throws -> String {
        var text = ""
        while let chunk = try await stream.next() {
            text += String(buffer: chunk)
            if text.contains("event: "), text.hasSuffix("\n\n") { return text }
        }
        return text
    }
}
