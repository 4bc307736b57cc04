import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs a loop over `0..<n` as contiguous chunks on the machine's cores, for the build passes
/// whose iterations are independent (projection, cell keys, moving items to grid order, neighbor
/// runs). Small loops stay on the calling thread: waking a thread costs microseconds.
/// Every chunking gives the same result; only the greedy pass, which is sequential by nature
/// (supercluster's order), never splits.
enum ParallelSplit {
    /// How loops are cut: chunks of at least `minimumChunk` iterations, at most `maximumChunks`.
    struct Policy: Sendable {
        var minimumChunk: Int
        var maximumChunks: Int

        /// The most chunks a loop is cut into, whatever the cores.
        static let chunkLimit = 8

        /// At least 8,192 iterations a chunk, one chunk per core up to ``chunkLimit``.
        static let standard = Policy(
            minimumChunk: 8_192,
            maximumChunks: min(max(ProcessInfo.processInfo.activeProcessorCount, 1), chunkLimit))
    }

    /// The policy in force (tests cut small loops into many chunks to check they agree).
    @TaskLocal static var policy = Policy.standard

    static func chunkCount(_ n: Int) -> Int {
        let policy = self.policy
        return max(1, min(policy.maximumChunks, n / max(policy.minimumChunk, 1)))
    }

    /// Calls `body(chunk, range)` once per chunk, concurrently when there is more than one;
    /// the ranges cover `0..<n` in order. Returns when all have run. The chunks must write
    /// disjoint memory: that is the caller's promise, which the compiler cannot check through
    /// the unsafe pointers these passes use.
    static func forEachChunk(_ n: Int, chunks: Int? = nil, _ body: (Int, Range<Int>) -> Void) {
        let k = max(1, chunks ?? chunkCount(n))
        guard k > 1 else {
            body(0, 0..<n)
            return
        }
        withoutActuallyEscaping(body) { body in
            let shared = Unchecked(body)
            DispatchQueue.concurrentPerform(iterations: k) { c in shared.value(c, (n * c / k)..<(n * (c + 1) / k)) }
        }
    }

    // Why unchecked holds: it carries the caller's `body` to the chunks of one
    // concurrentPerform, which returns only after every chunk has run, so the closure never
    // outlives the call; the chunks write disjoint memory, as forEachChunk's contract says.
    private struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
