/// Tells every subscriber when the project's files changed: each Server-Sent Events stream
/// holds one subscription for as long as its client stays.
actor ChangeFeed {
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextID = 0
    /// Set by ``close()``: no stream gets another change.
    private var closed = false
    /// How many changes have been seen: the number each event carries.
    private(set) var generation = 0

    /// A stream of change numbers, from the next change on; 0 is no change but a ping
    /// (``ping()``).
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        guard !closed else {
            continuation.finish()
            return stream
        }
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    /// Sends a change to every subscriber.
    func publish() {
        generation += 1
        for continuation in subscribers.values { continuation.yield(generation) }
    }

    /// Sends every subscriber a 0: its stream writes a comment, and a stream whose client
    /// left fails to write and ends, so it does not wait for the next save to go.
    func ping() {
        for continuation in subscribers.values { continuation.yield(0) }
    }

    /// Ends every stream, and every later one at once: the server is shutting down.
    func close() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    /// How many streams are subscribed.
    var count: Int { subscribers.count }

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
    }
}
