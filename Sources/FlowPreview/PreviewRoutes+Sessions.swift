import Formats
import FlowKit
import Foundation
import GeoKit
import HTTPTypes
import Hummingbird
import LoopbackServer
import ScreenModel
import ScreenRendering

/// The live sessions' HTTP API, for the page and for app clients (docs/authoring/preview.md,
/// Live sessions). Everything that changes a session is a POST or DELETE with the act
/// header, as an act is; the rest are GETs.
/// - `POST /sessions?park=P[&name=N][&flow=F&arg.K=V...][&play=FILE&as=ID&speed=N&from=T]`:
///   opens a session (or joins the one named N) and opens the flow's screen in it; with
///   `play`, a new session plays the recording (a `.gpx` track, `.csv` scan log or `.json`
///   party) from its start, at once up to `from`, then at `speed` (default 1).
///   `{"id", "park", "handle"?, "outputs": [...], "start"?, "from"?, "end"?}`.
/// - `GET /sessions/{id}/events`: Server-Sent Events: `screen` (every open screen first),
///   `event`, `error`, each a JSON line as `flowrun live --format jsonl` prints; `ended` last.
/// - `POST /sessions/{id}/screens?flow=F&...`: opens another screen; `DELETE .../screens/{h}`.
/// - `GET /sessions/{id}/screens/{h}`: the screen's JSON; `.../frame?size=`: its phone frame.
/// - `POST /sessions/{id}/fixes` `{"lat", "lon", "time"?, "accuracy"?}`, `.../readings`
///   `{"beacon", "rssi", "time"?, "tx_power"?}`, `.../connectivity` `{"state", "cache"?}`,
///   `.../actions` `{"screen", "action", "values"?}` (`values`: a form's, by field name):
///   inputs; each answers what it caused.
/// - `DELETE /sessions/{id}`: ends the session.
extension PreviewRoutes {
    /// Query keys of `POST /sessions` that are the session's, not the screen's.
    static let sessionKeys: Set<String> = ["park", "name", "flow", "play", "as", "speed", "from", "size"]

    func addSessionRoutes(to router: Router<ServerRequestContext>) {
        router.post("/sessions") { request, _ in
            await Self.answer(201) { () throws(PreviewFailure) in
                try requireActToken(request)
                let pairs = Self.pairs(request)
                func value(_ key: String) -> String? { pairs.last { $0.key == key }?.value }
                guard let park = value("park") else { throw .badQuery("park: which park's live session? (?park=CODE)") }
                let playback = try value("play").map { file throws(PreviewFailure) in
                    PreviewProject.Playback(
                        file: file, member: value("as"), speed: try Self.number(value("speed"), "speed") ?? 1,
                        from: try Self.moment(value("from")))
                }
                if playback == nil, value("as") != nil { throw .badQuery("as: a member of the party being played: give play=FILE.json") }
                let screen = try value("flow").map { flow throws(PreviewFailure) in
                    try PreviewQuery.inputs(flow: flow, pairs: pairs.filter { !Self.sessionKeys.contains($0.key) })
                }
                return try await project.openSession(park: park, name: value("name"), screen: screen, playback: playback).json
            }
        }
        router.get("/sessions/:id/events") { _, context in
            let id = context.parameters.get("id") ?? ""
            let stream: AsyncStream<String>
            do throws(PreviewFailure) {
                stream = try await project.subscribe(id)
            } catch {
                return Self.json(error.status, error.json(root: project.root))
            }
            return eventStream(on: "session|\(id)", onShutdown: { await project.endSessions() }) { writer in
                for await text in stream { try await writer.write(ByteBuffer(string: text)) }
            }
        }
        router.post("/sessions/:id/screens") { request, context in
            await Self.answer(201) { () throws(PreviewFailure) in
                try requireActToken(request)
                let pairs = Self.pairs(request)
                guard let flow = pairs.last(where: { $0.key == "flow" })?.value else { throw .badQuery("flow: which flow's screen?") }
                let screen = try PreviewQuery.inputs(flow: flow, pairs: pairs.filter { !Self.sessionKeys.contains($0.key) })
                return try await project.openScreen(context.parameters.get("id") ?? "", screen).json
            }
        }
        router.get("/sessions/:id/screens/:handle") { _, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                JSONRenderer().render(try await project.liveScreen(context.parameters.get("id") ?? "", try Self.handle(context)))
            }
        }
        router.get("/sessions/:id/screens/:handle/frame") { request, context in
            do throws(PreviewFailure) {
                let screen = try await project.liveScreen(context.parameters.get("id") ?? "", try Self.handle(context))
                let renderer = HTMLRenderer(frame: try Self.frameSize(request), assets: PreviewAssets.address(park: screen.park), photos: photoAddress)
                let body = "<style class=\"phone-style\">\n" + renderer.styleSheet(screen) + "</style>\n" + renderer.phoneFrame(screen)
                return Self.response(200, body, type: "text/html; charset=utf-8")
            } catch {
                return Self.response(error.status, PreviewErrorPanel.html(error, root: project.root), type: "text/html; charset=utf-8")
            }
        }
        router.delete("/sessions/:id/screens/:handle") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                try await project.closeScreen(context.parameters.get("id") ?? "", try Self.handle(context))
                return "{}"
            }
        }
        router.post("/sessions/:id/fixes") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                struct Body: Decodable { var lat, lon: Double; var time, accuracy: Double? }
                let body = try await Self.decode(Body.self, request)
                let fix = LocationFix(
                    coordinate: Coordinate(latitude: body.lat, longitude: body.lon), accuracy: body.accuracy ?? FlowRequest.defaultAccuracy,
                    time: body.time ?? Date().timeIntervalSince1970)
                return "{\"outputs\":" + (try await project.feed(context.parameters.get("id") ?? "") { $0.feed(fix) }) + "}"
            }
        }
        router.post("/sessions/:id/readings") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                struct Body: Decodable { var beacon: String; var rssi: Double; var time, tx_power: Double? }
                let body = try await Self.decode(Body.self, request)
                let beacon: BeaconID
                do { beacon = try BeaconID.parse(body.beacon) } catch let error as GeoError { throw .badQuery("beacon: \(error.message)") } catch {
                    throw .badQuery("beacon: \(error)")
                }
                let reading = BeaconReading(beacon: beacon, rssi: body.rssi, txPower: body.tx_power, time: body.time ?? Date().timeIntervalSince1970)
                return "{\"outputs\":" + (try await project.feed(context.parameters.get("id") ?? "") { $0.feed(reading) }) + "}"
            }
        }
        router.post("/sessions/:id/connectivity") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                struct Body: Decodable { var state: String; var cache: String? }
                let body = try await Self.decode(Body.self, request)
                let state: Connectivity
                switch body.state {
                case "online": state = .online
                case "offline": state = .offline(cache: body.cache ?? "what the phone holds")
                case "unknown": state = .unknown
                default: throw .badQuery("state: online, offline or unknown, got \(Excerpt.quoted(body.state))")
                }
                return "{\"outputs\":" + (try await project.feed(context.parameters.get("id") ?? "") { $0.setConnectivity(state) }) + "}"
            }
        }
        router.post("/sessions/:id/actions") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                struct Body: Decodable { var screen: Int; var action: String; var values: [String: String]? }
                let body = try await Self.decode(Body.self, request)
                return try await project.perform(context.parameters.get("id") ?? "", action: body.action, on: body.screen, values: body.values ?? [:])
            }
        }
        router.delete("/sessions/:id") { request, context in
            await Self.answer(200) { () throws(PreviewFailure) in
                try requireActToken(request)
                try await project.endSession(context.parameters.get("id") ?? "")
                return "{}"
            }
        }
    }

    /// `body`'s JSON with `status`, or the failure's JSON with its status.
    static func answer(_ status: Int, _ body: () async throws(PreviewFailure) -> String) async -> Response {
        do throws(PreviewFailure) {
            return json(status, try await body())
        } catch {
            return json(error.status, error.json(root: nil))
        }
    }

    /// The request's JSON body as `T` (at most 64 KiB).
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws(PreviewFailure) -> T {
        let bytes: ByteBuffer
        do { bytes = try await request.body.collect(upTo: 64 << 10) } catch { throw .badQuery("the body: more than 64 KiB, or cut short") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: bytes))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .badQuery("the body: no \(Excerpt.quoted(key.stringValue))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .badQuery("the body: \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)")
        } catch {
            throw .badQuery("the body is not the JSON object this takes")
        }
    }

    private static func handle(_ context: ServerRequestContext) throws(PreviewFailure) -> Int {
        guard let text = context.parameters.get("handle"), let handle = Int(text) else { throw .notFound("a screen's handle is a number") }
        return handle
    }

    private static func number(_ text: String?, _ name: String) throws(PreviewFailure) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite else { throw .badQuery("\(name): a number, got \(Excerpt.quoted(text))") }
        return value
    }

    /// `from`: seconds after the recording's start, or an ISO 8601 time.
    private static func moment(_ text: String?) throws(PreviewFailure) -> Double? {
        guard let text else { return nil }
        if let seconds = Double(text) {
            guard seconds.isFinite, seconds >= 0 else { throw .badQuery("from: seconds ≥ 0 or an ISO 8601 time, got \(Excerpt.quoted(text))") }
            return seconds
        }
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw .badQuery("from: seconds after the recording's start or an ISO 8601 time (2019-07-31T18:02:00-07:00), got \(Excerpt.quoted(text))")
        }
        return date.timeIntervalSince1970
    }
}
