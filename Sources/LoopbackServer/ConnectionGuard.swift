import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Watches one connection of a server of this project (``ServerLimits``): it refuses a
/// request for another origin (``OriginCheck``) before any route sees it, closes a connection
/// whose request head or body does not arrive in time or that stays idle too long, and drops a
/// client that leaves its answer unread. Every connection is on the server's
/// ``ConnectionRoster``, which keeps their number under the cap.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum Phase {
        /// Before a request's head: a new connection, or one between two requests.
        case awaitingHead
        /// Between a request's head and its end.
        case receivingBody
        /// The request is whole and its answer is being written.
        case answering
        /// Refused by the origin check: the answer says so, and the connection closes.
        case refused
    }

    private let limits: ServerLimits
    private let roster: ConnectionRoster
    private var phase = Phase.awaitingHead
    private var ticket: ConnectionRoster.Ticket?
    /// The deadline of the current phase (head, body, idle), and the stalled reader's.
    private var deadline: Scheduled<Void>?
    private var stall: Scheduled<Void>?

    private let origins: OriginCheck.Policy

    init(limits: ServerLimits, roster: ConnectionRoster, origins: OriginCheck.Policy) {
        self.limits = limits
        self.roster = roster
        self.origins = origins
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leave()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            guard phase != .refused else { return }
            if let (status, message) = OriginCheck.refusal(request, port: context.channel.localAddress?.port, policy: origins) {
                phase = .refused
                refuse(context, status: status, message: message)
                return
            }
            phase = .receivingBody
            arm(context, seconds: limits.bodySeconds)
        case .body:
            guard phase != .refused else { return }
        case .end:
            guard phase != .refused else { return }
            // From here the server sets the pace: the connection is no longer one to replace.
            phase = .answering
            if let ticket { roster.setBusy(ticket, true) }
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), phase == .answering {
            // The answer is complete: the connection waits for the next request, and is idle.
            phase = .awaitingHead
            if let ticket { roster.setBusy(ticket, false) }
            arm(context, seconds: limits.idleSeconds)
        }
        context.write(data, promise: promise)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stall?.cancel()
        stall = nil
        if !context.channel.isWritable {
            stall = context.eventLoop.assumeIsolated().scheduleTask(in: Self.amount(limits.stalledReaderSeconds)) {
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    // MARK: - Private helpers

    private func admit(_ context: ChannelHandlerContext) {
        guard ticket == nil else { return }
        guard let admitted = roster.admit(context.channel) else {
            // Every connection is busy answering: this one waits for none of them.
            context.close(promise: nil)
            return
        }
        ticket = admitted
        arm(context, seconds: limits.headerSeconds)
    }

    private func leave() {
        deadline?.cancel()
        stall?.cancel()
        (deadline, stall) = (nil, nil)
        if let ticket { roster.leave(ticket) }
        ticket = nil
    }

    /// Closes the connection unless the phase changes within `seconds`.
    private func arm(_ context: ChannelHandlerContext, seconds: Double) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: Self.amount(seconds)) {
            context.close(promise: nil)
        }
    }

    /// Answers `status` with `message` as text and closes the connection.
    private func refuse(_ context: ChannelHandlerContext, status: Int, message: String) {
        deadline?.cancel()
        deadline = nil
        let body = ByteBuffer(string: message + "\n")
        var fields = HTTPFields()
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.contentLength] = String(body.readableBytes)
        fields[.connection] = "close"
        fields[.cacheControl] = "no-store"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .init(code: status), headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(max(0, min(seconds, 86_400)) * 1e9))
    }
}
