import Synchronization

/// Group commit: jobs that arrive while others are being run go together in the next batch,
/// so a busy relay sends PostgreSQL one statement for many reports instead of one each (its
/// CPU per statement, and the relay's per round trip, were most of a report's cost). An idle
/// relay runs each job at once, alone: batching adds no wait of its own.
///
/// At most ``lanes`` batches run at once, and a key (a party) is in at most one of them: two
/// jobs of one key run one after the other, in the order they came.
final class BatchQueue<Job: Sendable, Outcome: Sendable>: Sendable {
    /// Runs a batch of jobs (distinct keys) and returns one outcome per job, in their order
    /// (a job left without one would wait forever: the lane stops with a precondition).
    typealias Run = @Sendable ([Job]) async -> [Outcome]

    private struct Waiting: Sendable {
        var key: String
        var job: Job
        var continuation: CheckedContinuation<Outcome, Never>
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var busy: Set<String> = []
        var running = 0
    }

    let lanes: Int
    let largest: Int
    private let state = Mutex(State())

    /// - Parameters:
    ///   - lanes: batches run at once (each holds one database connection while it runs).
    ///   - largest: jobs in one batch at most.
    init(lanes: Int, largest: Int) {
        (self.lanes, self.largest) = (max(1, lanes), max(1, largest))
    }

    /// Jobs waiting for a batch now.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// Runs `job` in the next batch with room for its key; its outcome. `run` runs the batch
    /// if this call starts a lane (every caller passes the same).
    func submit(_ job: Job, key: String, run: @escaping Run) async -> Outcome {
        await withCheckedContinuation { continuation in
            let batch = state.withLock { state -> [Waiting] in
                state.waiting.append(Waiting(key: key, job: job, continuation: continuation))
                return state.running < lanes ? Self.next(&state, largest: largest) : []
            }
            if !batch.isEmpty { Task { await self.drive(batch, run) } }
        }
    }

    /// One lane: runs `batch`, then whatever waits, until nothing it may take does.
    private func drive(_ first: [Waiting], _ run: Run) async {
        var batch = first
        while !batch.isEmpty {
            let outcomes = await run(batch.map(\.job))
            precondition(outcomes.count == batch.count, "a batch's run returned \(outcomes.count) outcomes for \(batch.count) jobs")
            for (waiting, outcome) in zip(batch, outcomes) { waiting.continuation.resume(returning: outcome) }
            batch = state.withLock { state -> [Waiting] in
                for waiting in batch { state.busy.remove(waiting.key) }
                state.running -= 1
                return Self.next(&state, largest: largest)
            }
        }
    }

    /// Takes the oldest waiting job of each key not in a running batch, up to `largest`, and
    /// counts the batch as running; empty when none may go.
    private static func next(_ state: inout State, largest: Int) -> [Waiting] {
        var batch: [Waiting] = []
        var seen: Set<String> = []
        var rest: [Waiting] = []
        for waiting in state.waiting {
            // A key seen once, taken or not, keeps its later jobs waiting behind the first.
            if batch.count < largest, !state.busy.contains(waiting.key), seen.insert(waiting.key).inserted {
                batch.append(waiting)
            } else {
                seen.insert(waiting.key)
                rest.append(waiting)
            }
        }
        guard !batch.isEmpty else { return [] }
        state.waiting = rest
        for waiting in batch { state.busy.insert(waiting.key) }
        state.running += 1
        return batch
    }
}
