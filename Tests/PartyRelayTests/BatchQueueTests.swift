@testable import PartyRelay
import Synchronization
import Testing

/// Group commit (``BatchQueue``): jobs that arrive while a batch runs go together in the next,
/// a key is in one running batch at most, and one key's jobs run in the order they came.
@Suite("Relay: reports that arrive together are stored in batches") struct BatchQueueTests {
    /// What a queue's runs saw.
    final class Runs: Sendable {
        let batches = Mutex<[[String]]>([])
        let running = Mutex((now: 0, most: 0))
    }

    @Test("jobs waiting behind a batch go in the next, each key once per batch, in order")
    func waitingJobsGoTogether() async throws {
        let queue = BatchQueue<String, String>(lanes: 1, largest: 100)
        let runs = Runs()
        let (started, startedOut) = AsyncStream<Void>.makeStream()
        let (gate, gateIn) = AsyncStream<Void>.makeStream()
        let run: BatchQueue<String, String>.Run = { jobs in
            runs.batches.withLock { $0.append(jobs) }
            if jobs == ["first"] {
                startedOut.yield()
                for await _ in gate { break }
            }
            return jobs.map { "done " + $0 }
        }
        let first = Task { await queue.submit("first", key: "p0", run: run) }
        for await _ in started { break }
        // 30 jobs of 10 parties arrive, one after another, while the first batch runs.
        let jobs = (0..<30).map { "p\($0 % 10)#\($0 / 10)" }
        var answers: [Task<String, Never>] = []
        for (n, job) in jobs.enumerated() {
            answers.append(Task { await queue.submit(job, key: String(job.prefix { $0 != "#" }), run: run) })
            try await poll("job \(n + 1) waiting") { queue.waiting == n + 1 }
        }
        gateIn.yield()
        #expect(await first.value == "done first")
        for (job, answer) in zip(jobs, answers) { #expect(await answer.value == "done " + job) }

        // The first alone, then each party's oldest job of those waiting, a party once a batch.
        let batches = runs.batches.withLock { $0 }
        #expect(batches == [["first"]] + (0..<3).map { k in (0..<10).map { "p\($0)#\(k)" } })
        #expect(queue.waiting == 0)
    }

    @Test("no more batches run at once than its lanes, and a key is never in two at once")
    func lanesBoundTheBatches() async throws {
        let queue = BatchQueue<Int, Int>(lanes: 3, largest: 4)
        let runs = Runs()
        let busy = Mutex<Set<Int>>([])
        let overlapped = Mutex(false)
        let run: BatchQueue<Int, Int>.Run = { jobs in
            runs.running.withLock {
                $0.now += 1; $0.most = max($0.most, $0.now)
            }
            busy.withLock { keys in
                for job in jobs where !keys.insert(job % 7).inserted { overlapped.withLock { $0 = true } }
            }
            try? await Task.sleep(for: .milliseconds(2))
            busy.withLock { keys in for job in jobs { keys.remove(job % 7) } }
            runs.running.withLock { $0.now -= 1 }
            return jobs.map { $0 * 2 }
        }
        let sum = await withTaskGroup(of: Int.self) { group in
            for job in 0..<200 { group.addTask { await queue.submit(job, key: "k\(job % 7)", run: run) } }
            return await group.reduce(0, +)
        }
        #expect(sum == 2 * (0..<200).reduce(0, +))
        #expect(runs.running.withLock { $0.most } <= 3)
        #expect(!overlapped.withLock { $0 })
        #expect(queue.waiting == 0)
    }
}
