import AsyncHTTPClient
import FlowKit
import Foundation
import NIOCore
import NIOHTTP1
import Testing

@testable import FlowPreview

/// The preview's live sessions over HTTP, as an app client uses them: open a session and a
/// screen, post fixes and actions, hear the outputs as Server-Sent Events, play a recording.
@Suite struct LiveSessionAPITests {
    static let exitTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"

    /// A POST with the act header (the server's token unless `headers` are given) and a JSON body.
    func send(
        _ url: URL, _ path: String, _ body: String? = nil, method: HTTPMethod = .POST, headers: [(String, String)]? = nil
    ) async throws -> (
        status: Int, json: [String: Any]
    ) {
        var request = HTTPClientRequest(url: url.absoluteString + path)
        request.method = method
        let sent: [(String, String)]
        if let headers { sent = headers } else { sent = try await actHeader(url) }
        for (name, value) in sent { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let text = String(buffer: try await response.body.collect(upTo: 16 << 20))
        let json = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
        return (Int(response.status.code), json)
    }

    static func screens(_ outputs: Any?) -> [[String: Any]] {
        ((outputs as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "screen" }
    }

    /// The text of a screen's JSON, for looking for words in it.
    static func text(_ screen: Any?) -> String {
        guard let screen, let data = try? JSONSerialization.data(withJSONObject: screen) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func fixesAndAnActUpdateEveryScreenThatShowsWhatChanged() async throws {
        try await withServer { url in
            let opened = try await send(url, "/sessions?park=GOGA&flow=favorites")
            #expect(opened.status == 201, "\(opened.json)")
            let id = try #require(opened.json["id"] as? String)
            let favorites = try #require(opened.json["handle"] as? Int)
            #expect(Self.screens(opened.json["outputs"]).count == 1)

            // A second client opens a site's screen in the same session.
            let site = try await send(url, "/sessions/\(id)/screens?flow=sites&arg.id=nps-poi:goga:0144")
            #expect(site.status == 201, "\(site.json)")
            let siteHandle = try #require(site.json["handle"] as? Int)
            let screen = try #require(Self.screens(site.json["outputs"]).first?["screen"] as? [String: Any])
            let actions = Self.text(screen)
            #expect(actions.contains("\"kind\":\"act\""), "the site's screen offers to favourite it")

            // A fix: the position's state changes, and what read it runs again.
            // Without a time, a fix is of now: the session's clock is the real one.
            let fix = try await send(url, "/sessions/\(id)/fixes", #"{"lat": 37.8078, "lon": -122.475, "accuracy": 8}"#)
            #expect(fix.status == 200)
            #expect(((fix.json["outputs"] as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "location" })

            // The act on the site's screen: the favorites screen (the other client's) updates.
            let sections = try #require(screen["sections"] as? [[String: Any]])
            let actID = try #require(Self.actionID(in: sections, kind: "act"))
            let performed = try await send(url, "/sessions/\(id)/actions", #"{"screen": \#(siteHandle), "action": "\#(actID)"}"#)
            #expect(performed.status == 200, "\(performed.json)")
            let updated = Self.screens(performed.json["outputs"])
            #expect(updated.contains { $0["handle"] as? Int == favorites && Self.text($0["screen"]).contains("Fort Point") }, "\(updated)")
            let now = try await get(url, "/sessions/\(id)/screens/\(favorites)")
            #expect(now.status == 200 && now.body.contains("Fort Point"))
            let frame = try await get(url, "/sessions/\(id)/screens/\(favorites)/frame")
            #expect(frame.status == 200 && frame.type.hasPrefix("text/html") && frame.body.contains("Fort Point"))
        }
    }

    /// The id of the first action of `kind` in `sections` (cards, lists, buttons, anywhere).
    static func actionID(in value: Any, kind: String) -> String? {
        if let table = value as? [String: Any] {
            if table["kind"] as? String == kind, let id = table["id"] as? String { return id }
            for (_, v) in table.sorted(by: { $0.key < $1.key }) { if let found = actionID(in: v, kind: kind) { return found } }
        } else if let list = value as? [Any] {
            for v in list { if let found = actionID(in: v, kind: kind) { return found } }
        }
        return nil
    }

    @Test func aPlayedTrackReachesTheStreamAndHomeSaysTheVisitorLeft() async throws {
        try await withServer { url in
            // From 18:02:30, a minute and a half before the exit, as fast as it can.
            let opened = try await send(url, "/sessions?park=YOSE&name=walk&flow=home&play=\(Self.exitTrack)&speed=0&from=2019-07-31T18:02:30-07:00")
            #expect(opened.status == 201, "\(opened.json)")
            #expect(opened.json["id"] as? String == "walk")
            let handle = try #require(opened.json["handle"] as? Int)
            let from = try #require(opened.json["from"] as? Double), start = try #require(opened.json["start"] as? Double)
            #expect(from - start > 5 * 3600)
            // The stream: the open screen first, then what happens.
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString + "/sessions/walk/events"), timeout: .seconds(60))
            #expect(response.headers.first(name: "content-type") == "text/event-stream")
            var text = ""
            for try await chunk in response.body {
                text += String(buffer: chunk)
                if text.contains("You are outside Yosemite National Park.") { break }
            }
            #expect(text.contains("event: screen\ndata: {\"type\":\"screen\""))
            // Played to the end already (speed 0): the exit was an event before the stream opened.
            let screen = try await get(url, "/sessions/walk/screens/\(handle)")
            #expect(screen.body.contains("You are outside Yosemite National Park."))
            #expect(try await send(url, "/sessions/walk", method: .DELETE).status == 200)
            #expect(try await get(url, "/sessions/walk/screens/\(handle)").status == 404)
        }
    }

    @Test(arguments: [
        ("/sessions?park=GOGA&flow=home", [] as [(String, String)]?, 403),
        ("/sessions?flow=home", nil, 400),
        ("/sessions?park=NOPE", nil, 404),
        ("/sessions?park=GOGA&flow=nope", nil, 404),
        ("/sessions?park=GOGA&name=a%20b", nil, 400),
        ("/sessions?park=GOGA&play=no-such.gpx", nil, 404),
        ("/sessions?park=GOGA&play=../etc/passwd", nil, 404),
        ("/sessions?park=GOGA&play=README.md", nil, 400),
        ("/sessions?park=GOGA&play=\(exitTrack)&speed=-1", nil, 400),
        ("/sessions?park=GOGA&play=\(exitTrack)&from=yesterday", nil, 400),
        ("/sessions?park=GOGA&as=ben", nil, 400),
        ("/sessions/nope/fixes", nil, 404),
    ])
    func badRequestsAreRefusedWithTheirStatus(_ path: String, _ headers: [(String, String)]?, _ status: Int) async throws {
        try await withServer(root: repository) { url in
            let result = try await send(url, path, #"{"lat": 1, "lon": 2}"#, headers: headers)
            #expect(result.status == status, "\(path): \(result.json)")
            let message = (result.json["error"] as? [String: Any])?["message"] as? String
            #expect(!(message ?? "").isEmpty, "\(path): a message says why")
        }
    }

    @Test func badBodiesAreRefusedAndBadFixesCounted() async throws {
        try await withServer { url in
            let id = try #require(try await send(url, "/sessions?park=GOGA&flow=home").json["id"] as? String)
            for body in ["not json", #"{"lat": 1}"#, #"{"lat": "north", "lon": 2}"#] {
                let result = try await send(url, "/sessions/\(id)/fixes", body)
                #expect(result.status == 400, "\(body): \(result.json)")
            }
            #expect(try await send(url, "/sessions/\(id)/readings", #"{"beacon": "ibeacon:nope", "rssi": -60}"#).status == 400)
            #expect(try await send(url, "/sessions/\(id)/connectivity", #"{"state": "sideways"}"#).status == 400)
            #expect(try await send(url, "/sessions/\(id)/actions", #"{"screen": 99, "action": "1"}"#).status == 400)
            // A fix that cannot be is taken and dropped, not an error: the session counts it.
            let nan = try await send(url, "/sessions/\(id)/fixes", #"{"lat": 95, "lon": 2, "time": 1783180800}"#)
            #expect(nan.status == 200 && (nan.json["outputs"] as? [Any])?.isEmpty == true)
        }
    }
}
