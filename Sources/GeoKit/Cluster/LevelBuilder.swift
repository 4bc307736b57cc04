/// Clusters one zoom during a build: supercluster's greedy pass, visiting items in ascending
/// rep (smallest point id) while their data sits in grid-cell order, so each seed's
/// neighbours are three contiguous runs in memory. Scratch lives here and is reused from zoom
/// to zoom; one builder per build.
final class LevelBuilder {
    /// How many ranks ahead the greedy pass touches a seed's data before it gets there.
    private static let lookahead = 16
    /// Sentinel keys after the last cell (see ``findNeighbourRuns()``).
    static let keyPadding = 3

    var options: ClusterOptions
    let keys = ScratchBuffer<UInt64>()             // cell key per item, sorted, then each cell's once
    let order = ScratchBuffer<Int32>()             // grid position → rep rank; in the greedy pass, the group log
    let reps = ScratchBuffer<Int32>()              // rep rank → rep (the smallest point id inside)
    let positionOfRank = ScratchBuffer<Int32>()    // rep rank → grid position
    let taken = ScratchBuffer<UInt8>()             // rep rank → 1 once in a group
    let cellStart = ScratchBuffer<Int32>()         // first grid position per cell, then the end; then group starts
    // Per grid position, the item with its x, y (its rank's high bit is set once it is taken):
    // a neighbour scan reads the position and whether it is taken from one line, and a member's
    // data from the line it has just tested. The same memory is the radix sort's scratch before
    // it holds the items.
    let grid = ScratchBuffer<GridItem>()
    // Per grid position, its cell's 3×3 neighbourhood. Before the runs are found, the same
    // memory holds the items by rep rank (`byRank`), read from the store and then moved to
    // grid order: the two never live at once, and sharing spares 24 bytes per item.
    let runs = ScratchBuffer<NeighbourRuns>()
    private let byAscendingRank = ScratchBuffer<UInt64>()  // the current group: rank << 32 | grid position, sorted
    private let hits = ScratchBuffer<Int32>()              // grid positions within the radius of the seed
    private var outRanks = ContiguousArray<Int32>()
    private var released = ContiguousArray<Int64>()        // rank << 32 | slot, when minPoints > 2
    var cellCount = 0
    private var touchSink = 0                              // keeps the look-ahead loads alive
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

    /// The grid positions of a cell's 3×3 neighbourhood: three runs (rows above, same, below),
    /// stored for each of the cell's items so a seed finds them with no further lookup: the
    /// greedy pass is bound by the latency of each seed's chain of dependent reads.
    typealias NeighbourRuns = (Int32, Int32, Int32, Int32, Int32, Int32)

    init(options: ClusterOptions) {
        assert(MemoryLayout<RankedItem>.stride <= MemoryLayout<NeighbourRuns>.stride, "byRank shares the runs' memory")
        self.options = options
    }

    /// Bytes of scratch memory held.
    var scratchBytes: Int {
        keys.bytes + order.bytes + reps.bytes + positionOfRank.bytes + taken.bytes + cellStart.bytes + grid.bytes
            + runs.bytes + byAscendingRank.bytes + hits.bytes
    }

    /// Replaces `level` (slots alive at zoom + 1, ascending rep) by the slots alive at `zoom`,
    /// creating the clusters that form at `zoom` in `store`.
    func cluster(_ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
                 points: ClusterPoints, scratch: inout CategoryScratch) {
        guard level.count > 1 else { return }
        sortIntoCells(level, zoom: z, store: store)
        findNeighbourRuns()
        greedy(&level, zoom: z, store: &store, points: points, scratch: &scratch)
    }

    // MARK: - Private helpers

    /// supercluster's `_cluster`: each untaken item in rep order takes every untaken item within
    /// the radius; with enough points they become one cluster, else they pass through. The pass
    /// only decides the groups (sequential by nature); ``formClusters(_:first:zoom:store:points:scratch:)``
    /// then computes and links them, over the cores.
    private func greedy(_ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
                        points: ClusterPoints, scratch: inout CategoryScratch) {
        let m = level.count
        let r = Projection.radius(options, zoom: z)
        let r2 = r * r
        let minPoints = Int32(options.minPoints)
        let grid = self.grid.base, neighbourRuns = self.runs.base
        let positionOfRank = self.positionOfRank.base, taken = self.taken.base
        // Free since the grid was built, `order` and `cellStart` now log the groups that become
        // clusters: each one's grid positions in ascending rank (the seed first), and its start.
        let log = self.order.base, groupStart = self.cellStart.base
        var logged = 0, groups = 0
        // A fresh build reuses no slot: the k-th group becomes slot `firstCluster + k`.
        let firstCluster = Int32(store.slotCount)
        // Group scratch grows with the largest neighbourhood met, not with the level.
        var hits = self.hits.base, byAscendingRank = self.byAscendingRank.base
        var groupCapacity = min(self.hits.capacity, self.byAscendingRank.capacity)
        var outRanks = self.outRanks, released = self.released
        self.outRanks = []
        self.released = []
        outRanks.removeAll(keepingCapacity: true)
        released.removeAll(keepingCapacity: true)
        var out = 0
        do {
          level.withUnsafeMutableBufferPointer { level in
            var touched = 0
            for i in 0..<m {
                // Touch a later seed's grid item and first neighbour run now, so their cache
                // misses overlap this seed's work (a load whose value only feeds `touched`).
                let ahead = i &+ Self.lookahead
                if ahead < m && taken[ahead] == 0 {
                    let q = Int(positionOfRank[ahead])
                    touched &+= Int(neighbourRuns[q].2) &+ Int(bitPattern: UInt(grid[q].x.bitPattern))
                }
                if taken[i] != 0 { continue }
                let p = Int(positionOfRank[i])
                let seed = grid[p]
                grid[p].rank = seed.rank | Self.takenMark
                let runs = neighbourRuns[p]
                let span = Int(runs.1 &- runs.0) &+ Int(runs.3 &- runs.2) &+ Int(runs.5 &- runs.4)
                if span >= groupCapacity {
                    groupCapacity = span &+ 1
                    hits = self.hits.reserve(groupCapacity)
                    byAscendingRank = self.byAscendingRank.reserve(groupCapacity)
                }
                // The scan keeps every position and advances past it only when within the radius
                // and untaken: no branch on the test, whose outcome the predictor cannot learn.
                var hitCount = 0
                @inline(__always) func scan(_ from: Int32, _ to: Int32) {
                    for q in Int(from)..<Int(to) {
                        let dx = grid[q].x - seed.x, dy = grid[q].y - seed.y
                        hits[hitCount] = Int32(truncatingIfNeeded: q)
                        hitCount &+= (dx * dx + dy * dy <= r2 ? 1 : 0) & (grid[q].rank >= 0 ? 1 : 0)
                    }
                }
                scan(runs.0, runs.1)
                scan(runs.2, runs.3)
                scan(runs.4, runs.5)
                var total = seed.count
                for k in 0..<hitCount {
                    let q = Int(hits[k])
                    let member = grid[q]
                    grid[q].rank = member.rank | Self.takenMark
                    taken[Int(member.rank)] = 1
                    byAscendingRank[k] = UInt64(UInt32(bitPattern: member.rank)) << 32 | UInt64(UInt32(truncatingIfNeeded: q))
                    total &+= member.count
                }
                if hitCount > 0 && total >= minPoints {
                    // The seed has the smallest rank of its group: only the others need sorting.
                    Self.sortGroupKeys(byAscendingRank, hitCount)
                    groupStart[groups] = Int32(truncatingIfNeeded: logged)
                    log[logged] = Int32(truncatingIfNeeded: p)
                    for k in 0..<hitCount { log[logged &+ 1 &+ k] = Int32(truncatingIfNeeded: byAscendingRank[k] & 0xFFFF_FFFF) }
                    logged &+= hitCount &+ 1
                    level[out] = firstCluster &+ Int32(truncatingIfNeeded: groups)
                    groups &+= 1
                } else {
                    level[out] = seed.slot
                    for k in 0..<hitCount {
                        let member = grid[Int(hits[k])]
                        released.append(Int64(member.rank & ~Self.takenMark) << 32 | Int64(member.slot))
                        store.releasedMasks[Int(member.slot)] |= 1 << UInt32(z)
                    }
                }
                outRanks.append(Int32(i))
                out &+= 1
            }
            touchSink = touched
          }
        }
        groupStart[groups] = Int32(truncatingIfNeeded: logged)
        level.removeLast(m - out)
        self.outRanks = outRanks
        self.released = released
        formClusters(groups, first: firstCluster, zoom: z, store: &store, points: points, scratch: &scratch)
        if !released.isEmpty { mergeReleased(&level) }
    }

    /// The high bit of a grid item's rank, set once the item is in a group.
    private static let takenMark = Int32.min

    /// Creates the `count` clusters the greedy pass logged at `z`, as slots `first...`: each one's
    /// centre (Σ x·n over its members in ascending rank, supercluster's), reach, rep and count,
    /// and its members' parent, sibling order and lowest zoom. Groups write disjoint slots, so
    /// they split over the cores; aggregates, which share a pool, follow on one thread.
    private func formClusters(_ count: Int, first: Int32, zoom z: Int, store: inout ClusterStore,
                              points: ClusterPoints, scratch: inout CategoryScratch) {
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
                                let (cx, cy) = sum.centre
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
    private func mergeReleased(_ level: inout ContiguousArray<Int32>) {
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

    /// Sorts `count` keys ascending: by insertion for the handful of members a group nearly
    /// always has, by the standard library's sort beyond.
    static func sortGroupKeys(_ a: UnsafeMutablePointer<UInt64>, _ count: Int) {
        guard count > 1 else { return }
        guard count <= 32 else {
            var all = UnsafeMutableBufferPointer(start: a, count: count)
            all.sort()
            return
        }
        for i in 1..<count {
            let v = a[i]
            var j = i &- 1
            while j >= 0 && a[j] > v {
                a[j &+ 1] = a[j]
                j &-= 1
            }
            a[j &+ 1] = v
        }
    }
}
