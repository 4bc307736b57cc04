import Formats
import Hummingbird
import HTTPTypes
import LoopbackServer
import NIOCore
import ServiceLifecycle

/// The relay's HTTP face (docs/relay.md, "API"): each route reads its request, calls
/// ``RelayService``, and answers JSON; a ``Refusal`` becomes its status and
/// `{"error", "message"}`, counted by reason.
struct RelayRoutes {
    let service: RelayService

    func router() -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.get("/v1/health") { _, _ in await self.health() }
        router.get("/v1/stats") { _, _ in Self.json(200, service.counters.json) }
        router.post("/v1/parties") { request, _ in
            await answer(201) { () async throws(Refusal) in try await service.createParty(try await body(request)) }
        }
        router.post("/v1/join") { request, _ in
            await answer { () async throws(Refusal) in try await service.join(try await body(request)) }
        }
        router.get("/v1/parties/:party") { request, context in
            await answer { () async throws(Refusal) in try await service.partyInfo(try token(request, context)) }
        }
        router.post("/v1/parties/:party/reports") { request, context in
            await answer { () async throws(Refusal) in
                let token = try token(request, context)
                return try await service.report(token, try await body(request))
            }
        }
        router.get("/v1/parties/:party/positions") { request, context in
            await answer { () async throws(Refusal) in try await service.positions(try token(request, context)) }
        }
        router.get("/v1/parties/:party/alerts") { request, context in
            await answer { () async throws(Refusal) in
                let token = try token(request, context)
                let after = try Self.integer(request, "after") ?? 0
                let limit = min(RelayAlerts.readLimit, max(1, Int(try Self.integer(request, "limit") ?? 100)))
                return try await service.alerts(token, after: after, limit: limit)
            }
        }
        router.get("/v1/parties/:party/events") { request, context in
            await events(request, context)
        }
        router.post("/v1/parties/:party/invitations") { request, context in
            await answer(201) { () async throws(Refusal) in
                let token = try token(request, context)
                return try await service.invite(token, try await body(request))
            }
        }
        router.delete("/v1/parties/:party/members/:member") { request, context in
            await answer { () async throws(Refusal) in
                try await service.removeMember(try token(request, context), context.parameters.get("member") ?? "")
            }
        }
        router.put("/v1/parties/:party/zones/:zone") { request, context in
            await answer { () async throws(Refusal) in
                let token = try token(request, context)
                return try await service.setZone(token, context.parameters.get("zone") ?? "", try await body(request))
            }
        }
        router.delete("/v1/parties/:party/zones/:zone") { request, context in
            await answer { () async throws(Refusal) in try await service.removeZone(try token(request, context), context.parameters.get("zone") ?? "") }
        }
        router.post("/v1/parties/:party/watch") { request, context in
            await answer { () async throws(Refusal) in
                let token = try token(request, context)
                return try await service.watch(token, try await body(request))
            }
        }
        router.post("/v1/parties/:party/check-in") { request, context in
            await answer { () async throws(Refusal) in try await service.checkIn(try token(request, context)) }
        }
        router.post("/v1/parties/:party/emergency") { request, context in
            await answer { () async throws(Refusal) in
                let token = try token(request, context)
                return try await service.emergency(token, try await body(request))
            }
        }
        return router
    }

    private func health() async -> Response {
        do {
            _ = try await service.database.connection { [self] connection in try await connection.query("SELECT 1", logger: service.logger) }
            return Self.json(200, ["database": "up"])
        } catch {
            return Self.json(503, ["database": "down", "message": .string(error.message)])
        }
    }

    /// Server-Sent Events of the caller's alerts, from after `Last-Event-ID` (or `?after=`).
    private func events(_ request: Request, _ context: ServerRequestContext) async -> Response {
        let token: RelayToken
        do {
            token = try self.token(request, context)
            _ = try await service.database.connection { [self] connection in try await service.caller(token, on: connection) }
        } catch {
            return refuse(error)
        }
        var after: Int64 = 0
        if let last = request.headers[.lastEventID].flatMap({ Int64($0) }) {
            after = last
        } else if let given = try? Self.integer(request, "after") {
            after = given
        }
        let (events, close) = service.fanout.open(party: token.party, member: token.member, after: after)
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                defer { close() }
                try await withGracefulShutdownHandler {
                    try await writer.write(ByteBuffer(string: ": stream of \(token.member)'s alerts\n\n"))
                    for await event in events { try await writer.write(ByteBuffer(string: event)) }
                } onGracefulShutdown: {
                    close()
                }
                try await writer.finish(nil)
            })
    }

    // MARK: - Reading requests

    private func token(_ request: Request, _ context: ServerRequestContext) throws(Refusal) -> RelayToken {
        service.counters.add(\.requests, 1)
        return try service.token(request.headers[.authorization], party: context.parameters.get("party") ?? "")
    }

    private func body(_ request: Request) async throws(Refusal) -> [UInt8] {
        let limit = service.configuration.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw Refusal(.tooLarge, "the body is \(length) bytes; at most \(limit)")
        }
        do {
            return Array(buffer: try await request.body.collect(upTo: limit))
        } catch {
            throw Refusal(.tooLarge, "the body is more than \(limit) bytes, or was cut short")
        }
    }

    private static func integer(_ request: Request, _ name: String) throws(Refusal) -> Int64? {
        guard let text = request.uri.queryParameters[Substring(name)] else { return nil }
        guard let n = Int64(text), n >= 0 else { throw Refusal(.badRequest, "\(name): expected a whole number ≥ 0, got '\(Excerpt.text(text))'") }
        return n
    }

    // MARK: - Answers

    private func answer(_ status: Int = 200, _ body: () async throws(Refusal) -> JSONValue) async -> Response {
        do {
            return Self.json(status, try await body())
        } catch {
            return refuse(error)
        }
    }

    private func refuse(_ refusal: Refusal) -> Response {
        service.counters.refused(refusal.reason)
        var response = Self.json(refusal.reason.status, ["error": .string(refusal.reason.rawValue), "message": .string(refusal.message)])
        if let wait = refusal.retryAfter { response.headers[.retryAfter] = "\(wait)" }
        return response
    }

    static func json(_ status: Int, _ value: JSONValue) -> Response {
        Response(
            status: .init(code: status), headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: value.description + "\n")))
    }
}

extension HTTPField.Name {
    static let lastEventID = Self("Last-Event-ID")!
}
