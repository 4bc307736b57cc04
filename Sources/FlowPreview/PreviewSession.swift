import Formats
import FlowKit
import Foundation
import ScreenRendering

/// One live session of the preview server: a ``FlowSession`` (a phone in a park) that pages
/// and app clients share by its id, the streams that hear what it does, and the player that
/// feeds it a recording. It lives in ``PreviewProject``, as its runtime must.
final class PreviewSession {
    let id: String
    let park: String
    var session: FlowSession
    /// The park's time zone: what `at` is written in.
    let zone: ZoneRules
    /// The task playing a recording into the session, if one plays.
    var player: Task<Void, Never>?
    /// Bumped by every new player, so a cancelled one's late step is dropped.
    var playerGeneration = 0
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextSubscriber = 0

    /// The last event of a stream whose session a new one of the same name replaced, or
    /// that was ended: the client opens or joins again.
    static let replacedEvent = "event: ended\ndata: {\"reason\":\"replaced\"}\n\n"
    static let endedEvent = "event: ended\ndata: {\"reason\":\"ended\"}\n\n"

    /// How many events a stream holds for a client that reads slowly: the newest are kept.
    static let streamBuffer = 512

    init(id: String, park: String, session: FlowSession) {
        (self.id, self.park, self.session) = (id, park, session)
        zone = ZoneRules(identifier: session.runtime.park.timezone) ?? .utc
    }

    /// A stream of Server-Sent Events: first every open screen as it is now, then each
    /// output as it happens. `onEnd` runs when the client leaves.
    func subscribe(onEnd: @escaping @Sendable (Int) -> Void) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.streamBuffer))
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = continuation
        continuation.onTermination = { _ in onEnd(key) }
        continuation.yield(": session \(id), park \(park)\n\n")
        for handle in session.handles {
            guard let screen = session.screen(handle), let flow = session.request(handle)?.flow else { continue }
            let update = SessionOutput.screen(ScreenUpdate(handle: handle, flow: flow, time: session.now, screen: screen))
            continuation.yield(Self.event(update, line: update.jsonLine(in: zone, screen: JSONRenderer.line)))
        }
        return stream
    }

    func unsubscribe(_ key: Int) { subscribers[key] = nil }

    /// How many clients listen.
    var listeners: Int { subscribers.count }

    /// Sends `outputs` to every stream, and returns them as one JSON array.
    @discardableResult
    func publish(_ outputs: [SessionOutput]) -> String {
        // Each output written once, for the streams and for the answer.
        let lines = outputs.map { $0.jsonLine(in: zone, screen: JSONRenderer.line) }
        for (output, line) in zip(outputs, lines) {
            let text = Self.event(output, line: line)
            for continuation in subscribers.values { continuation.yield(text) }
        }
        return "[" + lines.joined(separator: ",") + "]"
    }

    /// Sends a comment to every stream: one whose client left fails to write and ends.
    func ping() {
        for continuation in subscribers.values { continuation.yield(": ping\n\n") }
    }

    /// Stops the player and ends every stream (after `last`, an event telling why).
    func close(_ last: String? = nil) {
        player?.cancel()
        player = nil
        for continuation in subscribers.values {
            if let last { continuation.yield(last) }
            continuation.finish()
        }
        subscribers.removeAll()
    }

    /// An output as one Server-Sent Event: `screen`, `event` or `error` (a flow that failed),
    /// its data the output's JSON line (`SessionOutput.jsonLine(in:screen:)`).
    static func event(_ output: SessionOutput, line: String) -> String {
        let name: String
        switch output {
        case .screen: name = "screen"
        case .event: name = "event"
        case .failure: name = "error"
        }
        return "event: \(name)\ndata: \(line)\n\n"
    }
}
