import Formats
import Logging
import PostgresNIO
import Synchronization

/// Alerts to the members connected to this relay, wherever they were raised: every relay
/// LISTENs on PostgreSQL's channel (``RelaySchema/channel``), and the statement that stores
/// a party's alerts NOTIFYs it with the new deliveries (``Push``), or with the party's id
/// alone when they would not fit, after which the relay reads them.
///
/// A stream's position is the last delivery id it was sent (the SSE event id a phone resumes
/// after); a party's delivery ids commit in order (its row is held by whatever stores them),
/// and PostgreSQL delivers notifications in commit order. A push is sent as it is only when
/// it follows the last delivery this relay's streams of the party stand at (`known`): after
/// a lost notification, a stream just opened, or a read under way, the party is read instead,
/// by one task at a time, in id order. So no stream is sent an alert twice or skips one.
/// After the LISTEN connection is lost and made again, every party with streams is read, for
/// what was stored meanwhile.
final class RelayFanout: Sendable {
    /// One member's open event stream.
    final class Stream: Sendable {
        let member: String
        let output: AsyncStream<String>.Continuation
        /// The last delivery id sent.
        let cursor: Mutex<Int64>
        /// The order it was opened in here: which slice of the keep-alive round it is in.
        let number: Int

        init(member: String, after: Int64, output: AsyncStream<String>.Continuation, number: Int) {
            self.member = member
            self.cursor = Mutex(after)
            self.output = output
            self.number = number
        }
    }

    private struct PartyStreams {
        var streams: [ObjectIdentifier: Stream] = [:]
        /// A read is running; `again`: a notification came meanwhile.
        var reading = false
        var again = false
        /// The party's last delivery id every stream here has been sent what it should of, up
        /// to: set by a read that reached the end and moved by each push that follows it.
        var known: Int64?
    }

    /// A notification carrying a party's new deliveries: those after delivery `after` (the
    /// party's last before them), in id order (``RelayStatements/AlertRows``).
    struct Push: Sendable {
        var party: String
        var after: Int64
        var deliveries: [RelayAlerts.Delivery]

        /// The push a payload holds; nil for a payload that is a party's id alone.
        init?(payload: String) {
            guard payload.first == "{", let json = try? JSONValue.parse(payload), let party = json["party"]?.stringValue,
                let after = json["after"]?.numberValue, let listed = json["deliveries"]?.arrayValue
            else { return nil }
            let deliveries = listed.compactMap(RelayAlerts.Delivery.init(listed:))
            guard deliveries.count == listed.count, !deliveries.isEmpty else { return nil }
            (self.party, self.after, self.deliveries) = (party, Int64(after), deliveries)
        }
    }

    /// The longest payload a NOTIFY carries deliveries in (PostgreSQL takes under 8,000 bytes).
    static let largestPayload = 7_900

    /// Events a stream holds for a phone that reads slowly; past this its stream ends, and
    /// the phone resumes after the last event it read (nothing skipped, nothing twice).
    static let buffered = 1_000

    private let parties = Mutex<[String: PartyStreams]>([:])
    private let opened = Atomic<Int>(0)
    private let database: RelayDatabase
    private let counters: RelayCounters
    private let logger: Logger

    init(database: RelayDatabase, counters: RelayCounters, logger: Logger) {
        (self.database, self.counters, self.logger) = (database, counters, logger)
    }

    /// Opens a stream for `member` of `party`, starting after delivery `after`: the text of
    /// each event (`id:`, `event:`, `data:` lines) arrives on the returned sequence until
    /// `close` is called.
    func open(party: String, member: String, after: Int64) -> (events: AsyncStream<String>, close: @Sendable () -> Void) {
        let (events, output) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(Self.buffered))
        let stream = Stream(member: member, after: after, output: output, number: opened.add(1, ordering: .relaxed).newValue)
        let key = ObjectIdentifier(stream)
        parties.withLock { all in
            all[party, default: PartyStreams()].streams[key] = stream
            // Its place is its own until read from: a push must not move it past what it lacks.
            all[party]?.known = nil
        }
        counters.add(\.streams, 1)
        poke(party)
        let close: @Sendable () -> Void = { [weak self] in
            output.finish()
            guard let self else { return }
            self.parties.withLock { all in
                all[party]?.streams.removeValue(forKey: key)
                if all[party]?.streams.isEmpty == true, all[party]?.reading == false { all.removeValue(forKey: party) }
            }
            self.counters.add(\.streams, -1)
        }
        return (events, close)
    }

    /// Writes a comment line on the streams of slice `slice` of `slices`, so proxies and phones
    /// see the connection alive. A round of all the slices reaches every stream once: written
    /// all at once, 5,000 streams' comments held the reports behind them for hundreds of ms.
    func keepAlive(slice: Int, of slices: Int) {
        let due = parties.withLock { $0.values.flatMap { $0.streams.values.filter { $0.number % slices == slice % slices } } }
        for stream in due { stream.output.yield(": keep-alive\n\n") }
    }

    /// Ends every stream (the relay stops).
    func closeAll() {
        let all = parties.withLock { $0.values.flatMap { $0.streams.values } }
        for stream in all { stream.output.finish() }
    }

    /// New deliveries may exist for `party`: read them for the streams here.
    func poke(_ party: String) {
        let start = parties.withLock { all -> Bool in
            guard var entry = all[party], !entry.streams.isEmpty else { return false }
            if entry.reading {
                entry.again = true
                all[party] = entry
                return false
            }
            entry.reading = true
            entry.again = false
            all[party] = entry
            return true
        }
        guard start else { return }
        Task { await self.read(party) }
    }

    /// A notification's payload: a push sent at once if it follows what this relay's streams of
    /// the party stand at, else (or a party's id alone) the party read.
    func notified(_ payload: String) {
        // A party's id alone: its deliveries did not fit.
        guard let push = Push(payload: payload), let last = push.deliveries.last?.id else { return poke(payload) }
        let streams = parties.withLock { all -> [Stream]? in
            guard var entry = all[push.party], !entry.streams.isEmpty else { return [] }
            guard !entry.reading, entry.known == push.after else { return nil }
            entry.known = last
            all[push.party] = entry
            return Array(entry.streams.values)
        }
        guard let streams else {
            counters.add(\.pushesRead, 1)
            return poke(push.party)
        }
        counters.add(\.pushesSent, 1)
        send(push.deliveries, to: streams)
    }

    /// Sends each stream the deliveries to its member it was not sent yet, in id order, and
    /// moves every stream to the last: `rows` are every delivery to these streams' members
    /// up to there. The cursor is held while an event is queued, so two senders (a read and
    /// a push) never put one stream's events out of order.
    private func send(_ rows: [RelayAlerts.Delivery], to streams: [Stream]) {
        for row in rows {
            for stream in streams where stream.member == row.recipient {
                let sent = stream.cursor.withLock { cursor -> Bool in
                    guard row.id > cursor else { return false }
                    cursor = row.id
                    if case .dropped = stream.output.yield("id: \(row.id)\nevent: alert\ndata: \(row.json.description)\n\n") {
                        stream.output.finish()
                        return false
                    }
                    return true
                }
                if sent { counters.add(\.delivered, 1) }
            }
        }
        // A stream none of them was for moves there too, or a member seldom told of anything
        // would hold every read back at its old place (and a full page of others' rows would
        // be read again and again).
        if let last = rows.last?.id {
            for stream in streams { stream.cursor.withLock { $0 = max($0, last) } }
        }
    }

    /// Every party with streams here (the LISTEN connection was made again).
    func pokeAll() {
        for party in parties.withLock({ Array($0.keys) }) { poke(party) }
    }

    private func read(_ party: String) async {
        while true {
            var more = false
            var top: Int64?
            let streams = parties.withLock { Array(($0[party]?.streams ?? [:]).values) }
            if !streams.isEmpty {
                let from = streams.map { $0.cursor.withLock { $0 } }.min() ?? 0
                let members = Array(Set(streams.map(\.member)))
                do {
                    let (rows, last) = try await database.connection { [self] connection in
                        try await RelayAlerts.deliveries(party: party, members: members, after: from, on: connection, logger: self.logger)
                    }
                    more = rows.count == RelayAlerts.readLimit
                    send(rows, to: streams)
                    if !more { top = last }
                } catch {
                    // The database is away: the streams keep their places, and the LISTEN
                    // loop reads every party again once it is back.
                    logger.debug("fan-out read failed: \(error)")
                }
            }
            let done = parties.withLock { all -> Bool in
                guard var entry = all[party] else { return true }
                // Streams opened during the read were read from their own places by it only if
                // they were there when it began: `again` (set by their poke) reads them.
                entry.known = entry.again ? nil : top
                if entry.again || more {
                    entry.again = false
                    all[party] = entry
                    return false
                }
                entry.reading = false
                if entry.streams.isEmpty { all.removeValue(forKey: party) } else { all[party] = entry }
                return true
            }
            if done { return }
        }
    }

    /// LISTENs until cancelled, making the connection again a second after it is lost.
    func listen() async {
        while !Task.isCancelled {
            do {
                try await database.client.withConnection { connection in
                    try await connection.listen(on: RelaySchema.channel) { notifications in
                        self.pokeAll()
                        for try await notification in notifications { self.notified(notification.payload) }
                    }
                }
            } catch {
                logger.debug("LISTEN lost: \(error)")
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
