extension ClusterIndex {
    /// The most threads ``withBuildThreads(_:_:)`` allows.
    public static let threadLimit = ParallelSplit.Policy.chunkLimit

    /// Runs `body` with every build, rebuild and update inside it splitting its parallel passes
    /// over at most `threads` threads; outside, they use one per core (up to ``threadLimit``).
    ///
    /// For a process held to fewer cores than the machine has (`taskset`, a container's CPU
    /// set), which the default count cannot see on Linux, and for a caller that keeps a core for
    /// other work. The index is the same for any count (`ParallelBuildTests`); only the time changes.
    ///
    /// ```swift
    /// let index = try ClusterIndex.withBuildThreads(1) { try ClusterIndex(points: sites) }
    /// ```
    /// - Parameters:
    ///   - threads: The most threads a pass uses; values below 1 count as 1, above ``threadLimit`` as ``threadLimit``.
    ///   - body: The work, run on the calling task.
    /// - Returns: What `body` returns.
    public static func withBuildThreads<R>(_ threads: Int, _ body: () throws -> R) rethrows -> R {
        // One chunk per thread: DispatchQueue.concurrentPerform runs at most as many at once
        // as there are chunks, which is what caps the threads.
        let policy = ParallelSplit.Policy(
            minimumChunk: ParallelSplit.Policy.standard.minimumChunk,
            maximumChunks: min(max(threads, 1), threadLimit))
        return try ParallelSplit.$policy.withValue(policy) { try body() }
    }
}
