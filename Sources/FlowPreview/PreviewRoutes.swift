import ScreenRendering
import FlowKit
import Foundation
import HTTPTypes
import Hummingbird
import LoopbackServer
import ServiceLifecycle
import ScreenModel

/// The server's routes (README, Live preview):
/// - `GET /?park=...&flow=...&...`: the preview page, opened on that run.
/// - `GET /parks`: the park list, as `flowrun parks --format json` prints it.
/// - `GET /parks/{code}/flows`: the flows the park runs, by name.
/// - `GET /parks/{code}/flows/{flow}?at=...`: the screen JSON (`flowrun/screen@1`).
/// - `GET /parks/{code}/flows/{flow}/frame?...`: the phone frame's HTML, or the error panel.
/// - `GET /parks/{code}/flows/{flow}/events?...`: Server-Sent Events, the screen on each change.
/// - `POST /parks/{code}/flows/{flow}?...` and `POST .../frame?...`: perform the flow as an act
///   run (an `act` action) on the server's visitor's store, then answer its screen as the GETs
///   do. Only with the header `X-Flowrun-Act: TOKEN`, the server's secret (``ActToken``).
/// - `POST /parks/{code}/flows/{flow}/submission?...` `{"action", "values"}`: the `go` or
///   `act` a form of that screen sends with these values, checked by the runtime (400 with the
///   field named when one is refused); the page then runs it as it runs a link.
/// - `GET /act-token`: `{"header": "X-Flowrun-Act", "token": ...}`, for app clients.
/// - `GET /parks/{code}/assets/{path}`: a picture of the park's assets/ (``PreviewAssets``).
/// - `GET /photos/{name}`: a photo of the visitor's profile (``PreviewPhotos``), with `--profile`.
/// - `GET /events`: Server-Sent Events, a `change` on each save under flows/ or parks/.
/// - `/sessions...`: live sessions, a phone that moves (``addSessionRoutes(to:)``).
/// - `/parks/{code}/catalog/...`: every screen of the park (``addCatalogRoutes(to:)``).
struct PreviewRoutes: Sendable {
    let project: PreviewProject
    let feed: ChangeFeed
    let defaultPark: String?
    /// The secret an act must carry (``ActToken``).
    let actToken: String
    /// The visitor's photos, when the preview has a profile.
    var photos: PreviewPhotos? = nil
    /// The event streams open (``EventStreamSlots``).
    let slots = EventStreamSlots()

    /// Where frames find the visitor's photos, when there are any.
    var photoAddress: String? { photos == nil ? nil : PreviewPhotos.address }

    func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: TraversalGuard())
        router.get("/") { request, _ in
            let (park, frame) = await page(request)
            return Self.response(200, PreviewPage.html(park: park, frame: frame, actToken: actToken), type: "text/html; charset=utf-8")
        }
        router.get("/act-token") { _, _ in
            var json = PrettyJSON()
            json.object { json in
                json.field("header", ActToken.header)
                json.field("token", actToken)
            }
            return Self.json(200, json.finishedText())
        }
        router.get("/parks") { _, _ in
            Self.json(200, await project.parkListJSON())
        }
        router.get("/parks/:code/flows") { _, context in
            do throws(PreviewFailure) {
                return Self.json(200, try await project.flowList(park: context.parameters.get("code") ?? ""))
            } catch {
                return Self.json(error.status, error.json(root: project.root))
            }
        }
        router.get("/parks/:code/flows/:flow") { request, context in
            do throws(PreviewFailure) {
                let inputs = try PreviewQuery.inputs(flow: context.parameters.get("flow") ?? "", pairs: Self.pairs(request))
                return Self.json(200, try await project.screenJSON(park: context.parameters.get("code") ?? "", inputs: inputs))
            } catch {
                return Self.json(error.status, error.json(root: project.root))
            }
        }
        router.post("/parks/:code/flows/:flow") { request, context in
            do throws(PreviewFailure) {
                try requireActToken(request)
                return Self.json(200, JSONRenderer().render(try await screen(request, context, acting: true)))
            } catch {
                return Self.json(error.status, error.json(root: project.root))
            }
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/parks/:code/flows/:flow/frame", method: method) { request, context in
                let code = context.parameters.get("code") ?? "", flow = context.parameters.get("flow") ?? ""
                do throws(PreviewFailure) {
                    let acting = request.method == .post
                    if acting { try requireActToken(request) }
                    let inputs = try PreviewQuery.inputs(flow: flow, pairs: Self.pairs(request))
                    let (status, body) = await frame(park: code, inputs: inputs, size: try Self.frameSize(request), acting: acting)
                    return Self.response(status, body, type: "text/html; charset=utf-8")
                } catch {
                    return Self.response(error.status, PreviewErrorPanel.html(error, root: project.root), type: "text/html; charset=utf-8")
                }
            }
        }
        router.post("/parks/:code/flows/:flow/submission") { request, context in
            // A form sent from the page: the runtime checks its values against the screen the
            // query shows and answers the action they make, which the page then runs as a link.
            await Self.answer(200) { () throws(PreviewFailure) in
                struct Body: Decodable { var action: String; var values: [String: String] }
                let body = try await Self.decode(Body.self, request)
                let inputs = try PreviewQuery.inputs(flow: context.parameters.get("flow") ?? "", pairs: Self.pairs(request))
                let action = try await project.submission(park: context.parameters.get("code") ?? "", inputs: inputs, action: body.action, values: body.values)
                return JSONRenderer().render(action)
            }
        }
        router.get("/parks/:code/flows/:flow/events") { request, context in
            let code = context.parameters.get("code") ?? "", flow = context.parameters.get("flow") ?? ""
            let inputs: RunInputText
            do throws(PreviewFailure) {
                inputs = try PreviewQuery.inputs(flow: flow, pairs: Self.pairs(request))
            } catch {
                return Self.json(error.status, error.json(root: project.root))
            }
            // Each change's screen is run once for every stream of the same inputs (PreviewProject.screenEvent).
            return eventStream(on: "\(code.uppercased())|\(PreviewProject.key(inputs))", onShutdown: { await feed.close() }) { writer in
                let changes = await feed.subscribe()
                try await writer.write(ByteBuffer(string: await project.screenEvent(park: code, inputs: inputs, generation: nil)))
                for await generation in changes {
                    let text = generation == 0 ? ": ping\n\n" : await project.screenEvent(park: code, inputs: inputs, generation: generation)
                    try await writer.write(ByteBuffer(string: text))
                }
            }
        }
        router.get("/parks/:code/assets/**") { request, context in
            PreviewAssets(root: project.root).response(park: context.parameters.get("code") ?? "", uriPath: request.uri.path, over: context.channel)
        }
        router.get("/photos/**") { request, context in
            guard let photos else { return Self.json(404, PreviewFailure.notFound("no photos: the preview runs without --profile").json(root: nil)) }
            return photos.response(uriPath: request.uri.path, over: context.channel)
        }
        router.get("/events") { _, _ in
            eventStream(on: "changes", onShutdown: { await feed.close() }) { writer in
                let changes = await feed.subscribe()
                // A comment first: the client knows it is subscribed from here on.
                try await writer.write(ByteBuffer(string: ": watching flows/ and parks/\n\n"))
                for await generation in changes {
                    let text = generation == 0 ? ": ping\n\n" : "event: change\ndata: \(generation)\n\n"
                    try await writer.write(ByteBuffer(string: text))
                }
            }
        }
        addSessionRoutes(to: router)
        addCatalogRoutes(to: router)
        return router
    }

    /// The park the page opens on and its first frame, drawn here so it shows before any
    /// script runs. The page's address can name a run (`/?park=GOGA&flow=sites&arg.id=...`,
    /// the frame's query plus `park` and `flow`); without one it is the first park's home.
    /// A bad query shows its error panel in the frame: the page itself still opens.
    private func page(_ request: Request) async -> (park: String?, frame: String) {
        var pairs = Self.pairs(request)
        let asked = pairs.last { $0.key == "park" }.map { $0.value.uppercased() } ?? defaultPark
        let park: String? = if let asked { asked } else { await project.parks().codes.first }
        let flow = pairs.last { $0.key == "flow" && !$0.value.isEmpty }?.value ?? "home"
        pairs.removeAll { $0.key == "park" || $0.key == "flow" }
        guard let park else { return (nil, "") }
        do throws(PreviewFailure) {
            let inputs = try PreviewQuery.inputs(flow: flow, pairs: pairs)
            return (park, await frame(park: park, inputs: inputs, size: try Self.frameSize(request)).body)
        } catch {
            return (park, PreviewErrorPanel.html(error, root: project.root))
        }
    }

    /// The phone frame for a run (an act run with `acting`) with its style sheet, or the error
    /// panel, with the status.
    private func frame(park: String, inputs: RunInputText, size: Component.Map.Size, acting: Bool = false) async -> (status: Int, body: String) {
        let (result, console) = await project.screenWithConsole(park: park, inputs: inputs, acting: acting)
        switch result {
        case .success(let screen):
            var renderer = HTMLRenderer(frame: size, assets: PreviewAssets.address(park: screen.park), photos: photoAddress)
            renderer.language = inputs.values["locale"]
            return (200, "<style class=\"phone-style\">\n" + renderer.styleSheet(screen) + "</style>\n" + renderer.phoneFrame(screen) + console.html())
        case .failure(let error):
            return (error.status, PreviewErrorPanel.html(error, root: project.root) + console.html())
        }
    }

    static let defaultFrame = Component.Map.Size(width: 390, height: 844)

    /// The screen a request asks for; with `acting`, performed as an act run.
    private func screen(_ request: Request, _ context: ServerRequestContext, acting: Bool = false) async throws(PreviewFailure) -> Screen {
        let code = context.parameters.get("code") ?? "", flow = context.parameters.get("flow") ?? ""
        let inputs = try PreviewQuery.inputs(flow: flow, pairs: Self.pairs(request))
        return try await project.screen(park: code, inputs: inputs, acting: acting)
    }

    /// Refuses an act without the server's secret in ``ActToken/header``: only the server's
    /// own page (and a client that asked ``/act-token``) has it.
    func requireActToken(_ request: Request) throws(PreviewFailure) {
        guard let name = HTTPField.Name(ActToken.header), let given = request.headers[name], ActToken.matches(given, actToken) else {
            throw PreviewFailure(
                status: 403,
                message: "an act needs the header \(ActToken.header) with this server's token (GET /act-token), so that no other page can make the preview act")
        }
    }

    /// An event: each line of `data` on a `data:` line of its own, as SSE requires.
    static func event(_ name: String, _ data: String) -> String {
        var text = "event: \(name)\n"
        for line in data.split(separator: "\n", omittingEmptySubsequences: false).dropLast(data.hasSuffix("\n") ? 1 : 0) {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }

    /// The query's pairs, percent-decoded, in order.
    /// The query's pairs as a form encodes them (the page's `URLSearchParams`): `+` is a
    /// space and `%2B` a plus, so a search for "fort mas" arrives with its space.
    static func pairs(_ request: Request) -> [(key: String, value: String)] {
        guard let query = request.uri.query, !query.isEmpty else { return [] }
        func decoded(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            guard let equals = part.firstIndex(of: "=") else { return (decoded(part), "") }
            return (decoded(part[..<equals]), decoded(part[part.index(after: equals)...]))
        }
    }

    /// The phone frame's size: the query's `size`, else 390×844.
    static func frameSize(_ request: Request) throws(PreviewFailure) -> Component.Map.Size {
        guard let text = request.uri.queryParameters["size"].map(String.init) else { return defaultFrame }
        var probe = FlowRequest(flow: "")
        do {
            try probe.setView(from: ["size": text])
        } catch {
            throw .badQuery("size: \(error.message)")
        }
        guard let size = probe.size else { return defaultFrame }
        return Component.Map.Size(width: Double(size.width), height: Double(size.height))
    }

    static func json(_ status: Int, _ body: String) -> Response {
        response(status, body, type: "application/json; charset=utf-8")
    }

    static func response(_ status: Int, _ body: String, type: String) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    /// A Server-Sent Events response on `subject` whose events `write` sends until the client
    /// leaves or the server shuts down, or 503 when ``EventStreamSlots`` has no slot for it. A
    /// graceful shutdown (Ctrl-C) waits for open responses, and these would never end by
    /// themselves, so it runs `onShutdown` (which closes what feeds them: the change feed, the
    /// live sessions), which ends their loops.
    func eventStream(
        on subject: String, onShutdown: @escaping @Sendable () async -> Void,
        _ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void
    ) -> Response {
        guard let slot = slots.take(subject) else {
            return Self.json(503, PreviewFailure(status: 503, message: EventStreamSlots.refusal).json(root: nil))
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                // Held while the stream is open, given back when its response is done with.
                _ = slot
                try await withGracefulShutdownHandler {
                    try await write(&writer)
                } onGracefulShutdown: {
                    Task { await onShutdown() }
                }
                try await writer.finish(nil)
            })
    }
}

/// Refuses any path with a `..` segment, written plainly or percent-encoded, before routing:
/// 404, and nothing is read. (Park codes and flow names are looked up among the project's
/// own, never used as paths; this keeps a guess at the files behind them from getting even
/// a different error.)
struct TraversalGuard<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path.lowercased().replacingOccurrences(of: "%2e", with: ".")
            .replacingOccurrences(of: "%2f", with: "/").replacingOccurrences(of: "%5c", with: "/").replacingOccurrences(of: "\\", with: "/")
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." }) || path.contains("\0") {
            return PreviewRoutes.json(404, PreviewFailure.notFound("not found: \(request.uri.path)").json(root: nil))
        }
        return try await next(request, context)
    }
}
