/// One block of memory for a build's per-item buffers, so that a first build faults in a few
/// 2 MiB pages instead of hundreds of 4 KiB ones.
///
/// Why: a first park_100k build spends about a fifth of its time in the kernel zeroing fresh
/// pages (2-4 µs a 4 KiB page fault on the VMs here, 175-300 µs a 2 MiB one). The six buffers
/// of 1 to 8 bytes an item (cell keys, order, reps, positions of ranks, cell starts, taken
/// marks) are each under the 1 MiB from which ``ScratchBuffer`` asks for huge pages, and the
/// grid items (32 bytes) and neighbor runs (24) each end in a huge page used only in part:
/// together in one block they fill whole huge pages, and a small rest stays in 4 KiB pages
/// (``HugePageHint/blockBytes(_:)``). Later builds that fit reuse the block; the results
/// never depend on where the memory lies (`BuildSlabTests`).
extension LevelBuilder {
    /// Lends the per-item buffers one block for `m` items when some of them would have to grow
    /// and together they reach the huge-page threshold (``HugePageHint``); otherwise leaves
    /// them to grow on their own, as before.
    func prepare(items m: Int) {
        // The greedy pass appends one rank per item kept: room for the first level at once, not
        // by doubling (each step a fresh buffer to fault in, and a copy).
        outRanks.reserveCapacity(m)
        let needed = m + Self.keyPadding
        guard
            keys.capacity < needed || order.capacity < m || reps.capacity < m || positionOfRank.capacity < m
                || cellStart.capacity < m + 1 || taken.capacity < m || grid.capacity < m || runs.capacity < m
        else { return }
        // Each piece starts on a cache line; the 8-byte aligned ones first, the taken marks last.
        func rounded(_ bytes: Int) -> Int { (bytes + 63) & ~63 }
        let sizes = [
            rounded(MemoryLayout<GridItem>.stride * m), rounded(MemoryLayout<NeighborRuns>.stride * m),
            rounded(8 * needed), rounded(4 * m), rounded(4 * m), rounded(4 * m), rounded(4 * (m + 1)), rounded(m),
        ]
        let total = sizes.reduce(0, +)
        let hugePage = HugePageHint.hugePage
        guard total >= hugePage / 2 else { return }
        slab?.deallocate()
        slab = nil
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: HugePageHint.blockBytes(total), alignment: hugePage)
        HugePageHint.advise(block)
        slab = block
        guard let base = block.baseAddress else { return }
        var offset = 0
        func next(_ k: Int) -> UnsafeMutableRawPointer {
            defer { offset += sizes[k] }
            return base + offset
        }
        grid.adopt(next(0), capacity: m)
        runs.adopt(next(1), capacity: m)
        keys.adopt(next(2), capacity: needed)
        order.adopt(next(3), capacity: m)
        reps.adopt(next(4), capacity: m)
        positionOfRank.adopt(next(5), capacity: m)
        cellStart.adopt(next(6), capacity: m + 1)
        taken.adopt(next(7), capacity: m)
    }

    /// Whether the per-item buffers lie in the block (for tests).
    var usesSlab: Bool {
        slab != nil && !keys.ownsMemory && !order.ownsMemory && !taken.ownsMemory && !grid.ownsMemory && !runs.ownsMemory
    }
}
