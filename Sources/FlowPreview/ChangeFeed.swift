/// Tells every subscriber when the project's files changed: each Server-Sent Events stream
/// holds one subscription for as long as its client stays.
actor ChangeFeed {
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextID = 0
    /// How many changes have been seen: the number each event carries.
    private(set) var generation = 0

    /// A stream of change numbers, from the next change on.
    func subscribe() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
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

    private func unsubscribe(_ id: Int) {
        subscribers[id] = nil
    }
}
