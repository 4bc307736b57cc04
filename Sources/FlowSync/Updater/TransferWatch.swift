import Foundation

/// The updater's guard against slow retrieval: a server that sends each byte just before the
/// read timeout would otherwise hold a sync, and its cache's lock, for hours. It bounds the
/// whole sync (``SyncOptions/deadline``) and the rate while the sync waits on the network
/// (``SyncOptions/minimumRate`` over ``SyncOptions/rateWindow``); when either is passed the
/// sync's work is cancelled, which ends its requests at once. Time spent verifying and running
/// a version is not waiting on the network, so it counts towards the deadline only.
/// Unchecked Sendable: every access to the counts holds the lock.
final class TransferWatch: @unchecked Sendable {
    private let lock = NSLock()
    /// Requests in flight, and since when at least one has been.
    private var inFlight = 0
    private var waitingSince: ContinuousClock.Instant?
    /// Time with a request in flight, before `waitingSince`.
    private var waited = Duration.zero
    private var received = 0

    private let options: SyncOptions
    /// The bundle's URL, which a stop names.
    private let source: String

    init(options: SyncOptions, source: String) {
        self.options = options
        self.source = source
    }

    /// A request starts.
    func begin() {
        lock.withLock {
            if inFlight == 0 { waitingSince = .now }
            inFlight += 1
        }
    }

    /// A request ends, however it ends.
    func end() {
        lock.withLock {
            inFlight -= 1
            if inFlight == 0, let since = waitingSince {
                waited += .now - since
                waitingSince = nil
            }
        }
    }

    /// Bytes of an answer arrived.
    func add(bytes: Int) { lock.withLock { received += bytes } }

    /// Runs `work`, cancelling it when the deadline or the minimum rate is passed.
    /// - Throws: what `work` throws, or ``SyncError`` (``SyncError/Reason/tooSlow``) naming the limit.
    func bounding<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await self.watch()
                return nil
            }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let result { return result }
            }
            throw CancellationError()
        }
    }

    // MARK: - Private

    /// Time waited on the network so far, and the bytes received.
    private func sample() -> (waited: Double, bytes: Int) {
        lock.withLock {
            let now = waitingSince.map { waited + (.now - $0) } ?? waited
            return (Double(now.components.seconds) + Double(now.components.attoseconds) / 1e18, received)
        }
    }

    /// Returns only when cancelled (the work ended first); throws when a limit is passed.
    private func watch() async throws {
        let start = ContinuousClock.now
        let deadline = Duration.milliseconds(Int64(options.deadline * 1000))
        // Often enough that a stop comes within a twentieth of the shorter limit (at least 20 ms).
        let tick = Duration.milliseconds(Int64(max(0.02, min(0.5, min(options.deadline, options.rateWindow) / 20)) * 1000))
        var samples: [(waited: Double, bytes: Int)] = [(0, 0)]
        while true {
            try await Task.sleep(for: tick)
            if ContinuousClock.now - start >= deadline {
                throw SyncError(
                    .tooSlow, source,
                    "stopped at the sync's deadline of \(Self.seconds(options.deadline)) s (--deadline): the server sends too slowly")
            }
            guard options.minimumRate > 0 else { continue }
            let now = sample()
            samples.append(now)
            // The latest sample a whole window before now: the rate is averaged from it.
            guard let from = samples.lastIndex(where: { now.waited - $0.waited >= options.rateWindow }) else { continue }
            samples.removeFirst(from)
            let window = now.waited - samples[0].waited
            let rate = Double(now.bytes - samples[0].bytes) / window
            if rate < Double(options.minimumRate) {
                throw SyncError(
                    .tooSlow, source,
                    "stopped: \(now.bytes - samples[0].bytes) bytes in the last \(Self.seconds(window)) s of waiting, "
                        + "under the minimum of \(options.minimumRate) bytes/s (--min-rate): the server sends too slowly")
            }
        }
    }

    private static func seconds(_ value: Double) -> String { String(format: "%g", (value * 10).rounded() / 10) }
}
