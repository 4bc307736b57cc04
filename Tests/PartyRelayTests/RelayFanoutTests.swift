import Logging
@testable import PartyRelay
import Testing

/// The event streams' keep-alive comments: a round of slices reaches every stream once, a
/// slice at a time, so thousands of streams are never written all at once.
@Suite("Relay: keep-alive comments, a slice of the streams at a time") struct RelayFanoutTests {
    @Test("a slice writes to its streams only; a round of slices to every stream once")
    func keepAliveSlices() async throws {
        let half = try await Self.comments(streams: 10, slices: [0, 1], of: 4)
        // Streams are numbered 1, 2, 3, … as they open; slices 0 and 1 of 4 hold 1, 4, 5, 8, 9.
        #expect(half == [1, 0, 0, 1, 1, 0, 0, 1, 1, 0])
        #expect(try await Self.comments(streams: 10, slices: [0, 1, 2, 3], of: 4) == Array(repeating: 1, count: 10))
    }

    /// The keep-alive comments each of `streams` new streams got from `slices` of `of`.
    static func comments(streams: Int, slices: [Int], of count: Int) async throws -> [Int] {
        // No database is reached: a stream's first read of deliveries fails, and waits for a NOTIFY.
        let logger = Logger(label: "test")
        let database = RelayDatabase(try RelayDatabaseURL("postgres://relay@127.0.0.1:1/relay"), connections: 2, timeout: 0.2, logger: logger)
        let fanout = RelayFanout(database: database, counters: RelayCounters(), logger: logger)
        let opened = (0..<streams).map { fanout.open(party: "p\($0 % 3)", member: "m\($0)", after: 0) }
        for slice in slices { fanout.keepAlive(slice: slice, of: count) }
        var counts: [Int] = []
        for stream in opened {
            stream.close()
            var n = 0
            for await event in stream.events where event.hasPrefix(": keep-alive") { n += 1 }
            counts.append(n)
        }
        return counts
    }
}
