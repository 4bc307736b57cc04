import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// One `GET` over plain HTTP/1.1 on a connection of its own, on NIO (which the preview
/// server links already). flowrun links no TLS and no HTTP client library for this: with
/// AsyncHTTPClient (and BoringSSL under it) a cold `flowrun --park GOGA home` took 6-11%
/// longer and 2.6 MiB more (BENCHMARKS.md, Cold start), for a command nobody runs cold.
enum HTTPGet {
    /// The status and body size of `url`, or why there are none.
    static func size(of url: String, deadline: ContinuousClock.Instant, limit: Int) async throws(AssetFetchError) -> Int {
        guard let parsed = URL(string: url), let host = parsed.host, !host.isEmpty else { throw AssetFetchError("not a valid URL") }
        guard parsed.scheme?.lowercased() == "http" else {
            throw AssetFetchError("https:// is for the app to load: flowrun's loader speaks plain http:// (it links no TLS)")
        }
        let port = parsed.port ?? 80
        var target = parsed.path.isEmpty ? "/" : parsed.path
        if let query = parsed.query { target += "?" + query }
        let left = ContinuousClock.now.duration(to: deadline)
        let timeout = TimeAmount.nanoseconds(max(1, left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000))
        let group = MultiThreadedEventLoopGroup.singleton
        let promise = group.next().makePromise(of: Answer.self)
        let channel: any Channel
        do {
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(timeout)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        try channel.pipeline.syncOperations.addHandler(AnswerHandler(promise: promise, limit: limit))
                    }
                }
                .connect(host: host, port: port).get()
        } catch {
            promise.fail(error)
            throw AssetFetchError("cannot connect to \(host):\(port) (\(error))")
        }
        let closer = channel.eventLoop.scheduleTask(in: timeout) {
            promise.fail(HTTPGetTimeout())
            channel.close(promise: nil)
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        head.headers.add(name: "Host", value: parsed.port.map { "\(host):\($0)" } ?? host)
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        let answer: Answer
        do {
            answer = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                promise.fail(CancellationError())
                channel.close(promise: nil)
            }
        } catch is HTTPGetTimeout {
            throw AssetFetchError("no answer in time")
        } catch is CancellationError {
            throw AssetFetchError("cancelled")
        } catch let error as AssetFetchError {
            throw error
        } catch {
            throw AssetFetchError("\(error)")
        }
        closer.cancel()
        guard answer.status == .ok else { throw AssetFetchError("HTTP \(answer.status.code) \(answer.status.reasonPhrase)") }
        return answer.bytes
    }

    struct Answer: Sendable {
        var status: HTTPResponseStatus
        var bytes: Int
    }
}

private struct HTTPGetTimeout: Error {}

/// Counts the answer's body and completes `promise` once: at its end, or with why it broke.
private final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    let promise: EventLoopPromise<HTTPGet.Answer>
    let limit: Int
    private var status: HTTPResponseStatus?
    private var bytes = 0
    private var done = false

    init(promise: EventLoopPromise<HTTPGet.Answer>, limit: Int) {
        (self.promise, self.limit) = (promise, limit)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            status = head.status
        case .body(let buffer):
            bytes += buffer.readableBytes
            if bytes > limit { finish(.failure(AssetFetchError("larger than \(limit >> 20) MiB")), context) }
        case .end:
            finish(.success(HTTPGet.Answer(status: status ?? .ok, bytes: bytes)), context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        finish(.failure(broken(error)), context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.failure(broken(nil)), context)
        context.fireChannelInactive()
    }

    private func broken(_ error: (any Error)?) -> AssetFetchError {
        let why = error.map { " (\($0))" } ?? ""
        return AssetFetchError(status == nil ? "the server closed the connection before it answered\(why)"
                                             : "the connection broke before the whole picture arrived\(why)")
    }

    private func finish(_ result: Result<HTTPGet.Answer, AssetFetchError>, _ context: ChannelHandlerContext) {
        guard !done else { return }
        done = true
        switch result {
        case .success(let answer): promise.succeed(answer)
        case .failure(let error): promise.fail(error)
        }
        context.close(promise: nil)
    }
}
