public import FlowKit
import Formats
import Synchronization

/// This member's reports not yet acknowledged by the relay, kept in a file so a phone that is
/// offline, or restarted, still sends them: in order, each once (docs/relay.md, "Reports: in
/// order, once").
///
/// Each report takes the next of the outbox's own sequence numbers, kept with the queue and
/// never reused. ``send(_:credentials:backoff:)`` sends the oldest, at most 100 a request,
/// and drops those the relay acknowledges (`acked`); a request that got no answer is sent
/// again as it was, and the relay counts what it had as duplicates. A report the relay refuses
/// for itself (a 4xx naming `reports[N]`: too old, out of range, a replay) is dropped and
/// counted by the relay's reason, so one bad report never holds the queue.
public final class RelayOutbox: Sendable {
    /// A queued report (`{seq, time, lat, lon, accuracy?}`).
    public struct Entry: Codable, Sendable, Equatable {
        public var seq: Int
        public var time: Double
        public var lat: Double
        public var lon: Double
        public var accuracy: Double?
    }

    struct State: Codable {
        var nextSeq = 1
        var entries: [Entry] = []
        /// Reports dropped, by the relay's reason.
        var dropped: [String: Int] = [:]
    }

    /// Reports a request carries at most (the relay's limit).
    public static let batch = 100
    /// Reports the queue keeps at most: a day of one fix every 10 s, 8 640, ten times over;
    /// past it the oldest are dropped (`queue_full`): the relay refuses fixes a day old anyway.
    public static let capacity = 86_400

    private let state: Mutex<State>
    private let folder: RelayFolder
    static let fileName = "outbox.json"

    /// The outbox kept in `folder` (made if missing), with what it held when last written.
    /// - Throws: ``RelayClientError/storage(_:)`` when the folder or its file cannot be read.
    public convenience init(folder path: String) throws(RelayClientError) {
        try self.init(folder: try RelayFolder(path))
    }

    init(folder: RelayFolder) throws(RelayClientError) {
        self.folder = folder
        state = Mutex(try folder.read(Self.fileName, as: State.self) ?? State())
    }

    /// The reports waiting, oldest first.
    public var pending: [Entry] { state.withLock { $0.entries } }
    /// The reports dropped, by reason (the relay's `time_past`, `bad_report`, ...; `queue_full`).
    public var dropped: [String: Int] { state.withLock { $0.dropped } }
    /// The sequence number the next report takes.
    public var nextSeq: Int { state.withLock { $0.nextSeq } }

    /// Queues a fix as the next report, kept on disk before this returns.
    /// - Returns: its sequence number.
    /// - Throws: ``RelayClientError/storage(_:)`` when the file cannot be written (the
    ///   report stays queued in memory).
    @discardableResult
    public func append(_ fix: RelayFix) throws(RelayClientError) -> Int {
        let (seq, snapshot) = state.withLock { s in
            let seq = s.nextSeq
            s.nextSeq += 1
            s.entries.append(Entry(seq: seq, time: fix.time, lat: fix.coordinate.latitude, lon: fix.coordinate.longitude, accuracy: fix.accuracy))
            if s.entries.count > Self.capacity {
                let over = s.entries.count - Self.capacity
                s.entries.removeFirst(over)
                s.dropped["queue_full", default: 0] += over
            }
            return (seq, s)
        }
        try folder.write(Self.fileName, snapshot)
        return seq
    }

    /// Numbers the next reports after `seq`, the last the relay stored of this member, when
    /// the queue's own numbering is behind it (a phone whose folder was lost): the relay takes
    /// each member's reports in increasing order only.
    /// - Throws: ``RelayClientError/storage(_:)`` when the file cannot be written.
    public func numberAfter(_ seq: Int) throws(RelayClientError) {
        let snapshot: State? = state.withLock { s in
            guard s.nextSeq <= seq else { return nil }
            s.nextSeq = seq + 1
            return s
        }
        if let snapshot { try folder.write(Self.fileName, snapshot) }
    }

    /// What one ``send(_:credentials:backoff:)`` did.
    public enum Outcome: Sendable, Equatable {
        /// Nothing was waiting.
        case idle
        /// The relay acknowledged up to `acked`; more may be waiting.
        case sent(acked: Int)
        /// A report was refused and dropped (its reason); the rest wait.
        case dropped(seq: Int, reason: String)
        /// Nothing was stored: try again after `seconds` (no network, 503, 429).
        case wait(seconds: Double, why: String)
        /// The relay refuses this member (token expired, removed, another party's): sending
        /// stops, and the queue is kept for credentials that work.
        case stopped(RelayClientError)
    }

    /// Sends the oldest reports (at most ``batch``) once.
    func send(_ http: RelayHTTP, credentials: RelayCredentials, backoff: inout RelayBackoff) async -> Outcome {
        let batch = state.withLock { Array($0.entries.prefix(Self.batch)) }
        guard !batch.isEmpty else { return .idle }
        let reports: [JSONValue] = batch.map { e in
            var o: [String: JSONValue] = ["seq": .number(Double(e.seq)), "time": .number(e.time), "lat": .number(e.lat), "lon": .number(e.lon)]
            if let a = e.accuracy { o["accuracy"] = .number(a) }
            return .object(o)
        }
        let answer: RelayHTTP.Answer
        do {
            answer = try await http.call(.POST, "/v1/parties/\(credentials.party)/reports", token: credentials.token, body: ["reports": .array(reports)])
        } catch {
            return .wait(seconds: backoff.next(), why: error.description)
        }
        switch answer.status {
        case 200..<300:
            guard let acked = answer["acked"]?.numberValue, acked.isFinite else {
                return .wait(seconds: backoff.next(), why: "the relay's answer has no 'acked'")
            }
            backoff.reset()
            acknowledge(upTo: Int(acked))
            return .sent(acked: Int(acked))
        case 503, 429, 500..<600:
            let why = answer.refusal?.description ?? "HTTP \(answer.status)"
            return .wait(seconds: backoff.next(asked: answer.retryAfter), why: why)
        default:
            if let refusal = answer.refusal, refusal.endsMembership { return .stopped(refusal) }
            // A report refused for itself: the message names it (`reports[2].lat: ...`); one
            // that names none is the batch's first, so the queue always moves on.
            backoff.reset()
            let reason = answer["error"]?.stringValue ?? "http_\(answer.status)"
            let index = Self.reportIndex(answer["message"]?.stringValue ?? "").flatMap { $0 >= 1 && $0 <= batch.count ? $0 - 1 : nil } ?? 0
            let seq = batch[index].seq
            drop(seq: seq, reason: reason)
            return .dropped(seq: seq, reason: reason)
        }
    }

    /// `N` of the first `reports[N]` in a refusal's message (1-based).
    static func reportIndex(_ message: String) -> Int? {
        guard let open = message.range(of: "reports[") else { return nil }
        return Int(message[open.upperBound...].prefix { $0.isNumber })
    }

    /// Drops the reports up to `acked`, which the relay has stored.
    func acknowledge(upTo acked: Int) {
        let snapshot = state.withLock { s in
            s.entries.removeAll { $0.seq <= acked }
            return s
        }
        try? folder.write(Self.fileName, snapshot)
    }

    /// Drops report `seq`, counted under `reason`.
    func drop(seq: Int, reason: String) {
        let snapshot = state.withLock { s in
            s.entries.removeAll { $0.seq == seq }
            s.dropped[reason, default: 0] += 1
            return s
        }
        try? folder.write(Self.fileName, snapshot)
    }
}
