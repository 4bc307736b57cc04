/// Clusters one zoom during a build: supercluster's greedy pass, visiting items in ascending
/// rep (smallest point id) while their data sits in grid-cell order, so each seed's
/// neighbors are three contiguous runs in memory. The builder owns its scratch memory and
/// reuses it from zoom to zoom. A build makes its own builder, or takes the one kept in the
/// caller's ``ClusterIndex/BuildScratch``: one build at a time, never shared between threads.
final class LevelBuilder {
    /// How many ranks ahead the greedy pass touches a seed's data before it gets there.
    static let lookahead = 16
    /// Sentinel keys after the last cell (see ``findNeighborRuns()``).
    static let keyPadding = 3

    var options: ClusterOptions
    let keys = ScratchBuffer<UInt64>()  // cell key per item, sorted, then each cell's once
    let order = ScratchBuffer<Int32>()  // grid position → rep rank; in the greedy pass, the group log
    let reps = ScratchBuffer<Int32>()  // rep rank → rep (the smallest point id inside)
    let positionOfRank = ScratchBuffer<Int32>()  // rep rank → grid position; before, the radix sort's value scratch
    let taken = ScratchBuffer<UInt8>()  // rep rank → 1 once in a group
    let cellStart = ScratchBuffer<Int32>()  // first grid position per cell, then the end; then group starts
    // Per grid position, the item with its x, y (its rank's high bit is set once it is taken):
    // a neighbor scan reads the position and whether it is taken from one line, and a member's
    // data from the line it has just tested. Before it holds the items, the radix sort borrows
    // its memory for its key scratch, rebound to UInt64 for the sort (see ``sortIntoCells``).
    let grid = ScratchBuffer<GridItem>()
    // Per grid position, its cell's 3×3 neighborhood. Before the runs are found, the same
    // memory holds the items by rep rank (`byRank`), read from the store and then moved to
    // grid order, rebound to ``RankedItem`` meanwhile: the two never live at once, and sharing
    // spares 24 bytes per item. Allocated aligned for either type.
    let runs = ScratchBuffer<NeighborRuns>(
        alignment: max(
            MemoryLayout<NeighborRuns>.alignment,
            MemoryLayout<RankedItem>.alignment))
    let byAscendingRank = ScratchBuffer<UInt64>()  // the current group: rank << 32 | grid position, sorted
    let hits = ScratchBuffer<Int32>()  // grid positions within the radius of the seed
    var outRanks = ContiguousArray<Int32>()  // per item kept at this zoom, its rank at the zoom above
    var released = ContiguousArray<Int64>()  // rank << 32 | slot, when minPoints > 2
    var cellCount = 0
    var touchSink = 0  // keeps the look-ahead loads alive
    var bitsX: UInt64 = 0
    var lastColumn: UInt64 = 0
    var lastRow: UInt64 = 0

    /// An item by rep rank, as read from the store before the sort.
    struct RankedItem {
        var x: Double
        var y: Double
        var count: Int32
        var reach: Float
    }

    /// An item by grid position: 32 bytes, two to a cache line.
    struct GridItem {
        var x: Double
        var y: Double
        var rank: Int32
        var slot: Int32
        var count: Int32
        var reach: Float
    }

    /// The grid positions of a cell's 3×3 neighborhood: three runs (rows above, same, below),
    /// stored for each of the cell's items so a seed finds them with no further lookup: the
    /// greedy pass is bound by the latency of each seed's chain of dependent reads.
    typealias NeighborRuns = (Int32, Int32, Int32, Int32, Int32, Int32)

    /// The block lent to the per-item buffers (``prepare(items:)``), freed with the builder.
    var slab: UnsafeMutableRawBufferPointer?

    init(options: ClusterOptions) {
        self.options = options
    }

    deinit { slab?.deallocate() }

    /// Bytes of scratch memory held.
    var scratchBytes: Int {
        // Buffers in the slab count as the slab.
        func own<E>(_ b: ScratchBuffer<E>) -> Int { b.ownsMemory ? b.bytes : 0 }
        return own(keys) + own(order) + own(reps) + own(positionOfRank) + own(taken) + own(cellStart) + own(grid)
            + own(runs) + byAscendingRank.bytes + hits.bytes + (slab?.count ?? 0)
    }

    /// Replaces `level` (slots alive at zoom + 1, ascending rep) by the slots alive at `zoom`,
    /// creating the clusters that form at `zoom` in `store`.
    func cluster(
        _ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
        points: ClusterPoints, scratch: inout CategoryScratch
    ) {
        guard level.count > 1 else { return }
        sortIntoCells(level, zoom: z, store: store)
        findNeighborRuns()
        greedy(&level, zoom: z, store: &store, points: points, scratch: &scratch)
    }

    // MARK: - Forming clusters

    /// The high bit of a grid item's rank, set once the item is in a group.
    static let takenMark = Int32.min

    /// Creates the `count` clusters the greedy pass logged at `z`, as slots `first...`: each one's
    /// center (Σ x·n over its members in ascending rank, supercluster's), reach, rep and count,
    /// and its members' parent, sibling order and lowest zoom. Groups write disjoint slots, so
    /// they split over the cores; aggregates, which share a pool, follow on one thread.
    func formClusters(
        _ count: Int, first: Int32, zoom z: Int, store: inout ClusterStore,
        points: ClusterPoints, scratch: inout CategoryScratch
    ) {
        guard count > 0 else { return }
        let blank = store.appendBlank(count, highest: z)
        assert(blank == first, "a fresh build allocates clusters in order")
        let grid = self.grid.base, log = self.order.base, groupStart = self.cellStart.base, reps = self.reps.base
        store.positions.withUnsafeMutableBufferPointer { positions in
            store.links.withUnsafeMutableBufferPointer { links in
                store.zooms.withUnsafeMutableBufferPointer { zooms in
                    store.reaches.withUnsafeMutableBufferPointer { reaches in
                        ParallelSplit.forEachChunk(count, chunks: ParallelSplit.chunkCount(Int(groupStart[count]))) { _, groups in
                            for g in groups {
                                let members = Int(groupStart[g])..<Int(groupStart[g &+ 1])
                                var sum = ClusterMath.Sum()
                                for k in members {
                                    let item = grid[Int(log[k])]
                                    sum.add(x: item.x, y: item.y, count: item.count)
                                }
                                let (cx, cy) = sum.center
                                var reach = 0.0
                                for k in members {
                                    let item = grid[Int(log[k])]
                                    reach = ClusterMath.reach(reach, x: item.x, y: item.y, childReach: item.reach, cx: cx, cy: cy)
                                }
                                let cluster = Int(first) &+ g
                                let seed = grid[Int(log[members.lowerBound])]
                                positions[cluster &* ClusterStore.positionStride &+ ClusterStore.xOffset] = cx
                                positions[cluster &* ClusterStore.positionStride &+ ClusterStore.yOffset] = cy
                                reaches[cluster] = ClusterMath.roundedUp(reach)
                                let l = cluster &* ClusterStore.linkStride
                                links[l &+ ClusterStore.repOffset] = reps[Int(seed.rank & ~Self.takenMark)]
                                links[l &+ ClusterStore.countOffset] = sum.total
                                links[l &+ ClusterStore.firstChildOffset] = seed.slot
                                for k in members {
                                    let child = Int(grid[Int(log[k])].slot)
                                    let next = k &+ 1 < members.upperBound ? grid[Int(log[k &+ 1])].slot : ClusterStore.none
                                    links[child &* ClusterStore.linkStride &+ ClusterStore.parentOffset] = Int32(truncatingIfNeeded: cluster)
                                    links[child &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] = next
                                    zooms[child &* ClusterStore.zoomStride &+ ClusterStore.lowestOffset] = UInt8(z + 1)
                                }
                            }
                        }
                    }
                }
            }
        }
        if store.tracksValues || store.tracksCategories {
            for g in 0..<count { store.recomputeAggregates(first &+ Int32(g), points: points, scratch: &scratch) }
        }
    }

    /// Puts items that passed through beside a too-small group back in rep order.
    func mergeReleased(_ level: inout ContiguousArray<Int32>) {
        released.sort()
        var merged = ContiguousArray<Int32>()
        merged.reserveCapacity(level.count + released.count)
        var j = 0
        for (k, slot) in level.enumerated() {
            while j < released.count && released[j] >> 32 < Int64(outRanks[k]) {
                merged.append(Int32(truncatingIfNeeded: released[j]))
                j += 1
            }
            merged.append(slot)
        }
        while j < released.count {
            merged.append(Int32(truncatingIfNeeded: released[j]))
            j += 1
        }
        level = merged
    }
}
