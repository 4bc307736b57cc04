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
    let order = ScratchBuffer<Int32>()             // grid position → rep rank
    let reps = ScratchBuffer<Int32>()              // rep rank → rep (the smallest point id inside)
    let positionOfRank = ScratchBuffer<Int32>()    // rep rank → grid position
    let taken = ScratchBuffer<UInt8>()             // rep rank → 1 once in a group
    let cellStart = ScratchBuffer<Int32>()         // first grid position per cell, then the end
    // Per grid position, the item with its x, y (x is NaN once the item is taken, which also
    // fails every distance test): a neighbour scan that finds a member reads it from the line it
    // has just tested. The same memory is the radix sort's scratch before it holds the items.
    let grid = ScratchBuffer<GridItem>()
    // Per grid position, its cell's 3×3 neighbourhood. Before the runs are found, the same
    // memory holds the items by rep rank (`byRank`), read from the store and then moved to
    // grid order: the two never live at once, and sharing spares 24 bytes per item.
    let runs = ScratchBuffer<NeighbourRuns>()
    private let members = ScratchBuffer<Member>()          // the current seed's group, seed first
    private let byAscendingRank = ScratchBuffer<UInt64>()  // rank << 32 | index in members, sorted
    private let hits = ScratchBuffer<Int32>()              // grid positions within the radius of the seed
    private var outRanks = ContiguousArray<Int32>()
    private var released = ContiguousArray<Int64>()        // rank << 32 | slot, when minPoints > 2
    var cellCount = 0
    private var touchSink = 0                              // keeps the look-ahead loads alive
    var bitsX: UInt64 = 0
    var lastColumn: UInt64 = 0
    var lastRow: UInt64 = 0

    /// One item of a forming cluster, carried so the centre needs no store reads.
    struct Member {
        var rank: Int32
        var slot: Int32
        var count: Int32
        var reach: Float
        var x: Double
        var y: Double
    }

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
            + runs.bytes + members.bytes + byAscendingRank.bytes + hits.bytes
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
    /// the radius; with enough points they become one cluster, else they pass through.
    private func greedy(_ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
                        points: ClusterPoints, scratch: inout CategoryScratch) {
        let m = level.count
        let r = Projection.radius(options, zoom: z)
        let r2 = r * r
        let minPoints = Int32(options.minPoints)
        let grid = self.grid.base, neighbourRuns = self.runs.base
        let positionOfRank = self.positionOfRank.base, taken = self.taken.base
        // Group scratch grows with the largest neighbourhood met, not with the level.
        var members = self.members.base, hits = self.hits.base, byAscendingRank = self.byAscendingRank.base
        var groupCapacity = min(self.members.capacity, self.hits.capacity, self.byAscendingRank.capacity)
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
                let seedInfo = grid[p]
                let px = seedInfo.x, py = seedInfo.y
                grid[p].x = .nan
                // The scan keeps every position and advances past it only when within the radius:
                // no branch on the distance test, whose outcome the predictor cannot learn.
                let runs = neighbourRuns[p]
                let span = Int(runs.1 &- runs.0) &+ Int(runs.3 &- runs.2) &+ Int(runs.5 &- runs.4)
                if span >= groupCapacity {
                    groupCapacity = span &+ 1
                    members = self.members.reserve(groupCapacity)
                    hits = self.hits.reserve(groupCapacity)
                    byAscendingRank = self.byAscendingRank.reserve(groupCapacity)
                }
                var hitCount = 0
                @inline(__always) func scan(_ from: Int32, _ to: Int32) {
                    for q in Int(from)..<Int(to) {
                        let dx = grid[q].x - px, dy = grid[q].y - py
                        hits[hitCount] = Int32(truncatingIfNeeded: q)
                        hitCount &+= dx * dx + dy * dy <= r2 ? 1 : 0
                    }
                }
                scan(runs.0, runs.1)
                scan(runs.2, runs.3)
                scan(runs.4, runs.5)
                members[0] = Member(rank: Int32(i), slot: seedInfo.slot, count: seedInfo.count, reach: seedInfo.reach, x: px, y: py)
                byAscendingRank[0] = UInt64(i) << 32
                var total = seedInfo.count
                for k in 0..<hitCount {
                    let q = Int(hits[k])
                    let member = grid[q]
                    grid[q].x = .nan
                    taken[Int(member.rank)] = 1
                    members[k &+ 1] = Member(rank: member.rank, slot: member.slot, count: member.count,
                                             reach: member.reach, x: member.x, y: member.y)
                    byAscendingRank[k &+ 1] = UInt64(UInt32(bitPattern: member.rank)) << 32 | UInt64(k &+ 1)
                    total &+= member.count
                }
                let memberCount = hitCount &+ 1
                let seed = level[i]
                if memberCount > 1 {
                    if total >= minPoints {
                        // The seed has the smallest rank of its group: only the others need sorting.
                        Self.sortGroupKeys(byAscendingRank + 1, memberCount &- 1)
                        level[out] = formCluster(members, byAscendingRank, memberCount, total: total, zoom: z,
                                                 store: &store, points: points, scratch: &scratch)
                    } else {
                        level[out] = seed
                        for member in UnsafeBufferPointer(start: members + 1, count: memberCount &- 1) {
                            let child = member.slot
                            released.append(Int64(member.rank) << 32 | Int64(child))
                            store.releasedMasks[Int(child)] |= 1 << UInt32(z)
                        }
                    }
                } else {
                    level[out] = seed
                }
                outRanks.append(Int32(i))
                out &+= 1
            }
            touchSink = touched
          }
        }
        level.removeLast(m - out)
        self.outRanks = outRanks
        self.released = released
        if !released.isEmpty { mergeReleased(&level) }
    }

    /// A new cluster formed at `z` from the `count` members, visited in ascending rank through
    /// `order` (rank << 32 | index in `members`; the seed first).
    private func formCluster(_ members: UnsafePointer<Member>, _ order: UnsafePointer<UInt64>, _ count: Int, total: Int32,
                             zoom z: Int, store: inout ClusterStore, points: ClusterPoints,
                             scratch: inout CategoryScratch) -> Int32 {
        let group = UnsafeBufferPointer(start: order, count: count).lazy.map { members[Int(truncatingIfNeeded: $0 & 0xFFFF_FFFF)] }
        var sum = ClusterMath.Sum()
        for member in group { sum.add(x: member.x, y: member.y, count: member.count) }
        let (cx, cy) = sum.centre
        var reach = 0.0
        for member in group { reach = ClusterMath.reach(reach, x: member.x, y: member.y, childReach: member.reach, cx: cx, cy: cy) }
        let seed = members[0].slot
        let cluster = store.allocate(x: cx, y: cy, rep: reps.base[Int(members[0].rank)], count: total, highest: z)
        store.reaches[Int(cluster)] = ClusterMath.roundedUp(reach)
        store.links.withUnsafeMutableBufferPointer { links in
            store.zooms.withUnsafeMutableBufferPointer { zooms in
                links[Int(cluster) &* ClusterStore.linkStride &+ ClusterStore.firstChildOffset] = seed
                var previous: Int32 = -1
                for member in group {
                    let child = member.slot
                    links[Int(child) &* ClusterStore.linkStride &+ ClusterStore.parentOffset] = cluster
                    zooms[Int(child) &* ClusterStore.zoomStride &+ ClusterStore.lowestOffset] = UInt8(z + 1)
                    if previous >= 0 { links[Int(previous) &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] = child }
                    previous = child
                }
                links[Int(previous) &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] = ClusterStore.none
            }
        }
        if store.tracksValues || store.tracksCategories { store.recomputeAggregates(cluster, points: points, scratch: &scratch) }
        return cluster
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
