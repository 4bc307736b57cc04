/// Clusters one zoom during a build: supercluster's greedy pass, visiting items in ascending
/// rep (smallest point id) while their data sits in grid-cell order, so each seed's
/// neighbours are three contiguous runs in memory. Scratch lives here and is reused from zoom
/// to zoom; one builder per build.
final class LevelBuilder {
    var options: ClusterOptions
    private let keys = ScratchBuffer<UInt64>()             // cell key per item, sorted, then each cell's once
    private let order = ScratchBuffer<Int32>()             // grid position → rep rank
    private let byRank = ScratchBuffer<RankedItem>()       // items by rep rank, until they move to grid order
    private let positionOfRank = ScratchBuffer<Int32>()    // rep rank → grid position
    private let taken = ScratchBuffer<UInt8>()             // rep rank → 1 once in a group
    private let cellStart = ScratchBuffer<Int32>()         // first grid position per cell, then the end
    // Per grid position: x, y interleaved (x is NaN once the item is taken, which also fails
    // every distance test), and the rest of the item apart so neighbour scans read 16 bytes each.
    // The same memory is the radix sort's scratch before it holds x, y.
    private static let xyStride = 2
    /// How many ranks ahead the greedy pass touches a seed's data before it gets there.
    private static let lookahead = 16
    private let xy = ScratchBuffer<Double>()
    private let gridItems = ScratchBuffer<GridItem>()
    private let members = ScratchBuffer<Member>()          // the current seed's group
    private var outRanks = ContiguousArray<Int32>()
    private var released = ContiguousArray<Int64>()        // rank << 32 | slot, when minPoints > 2
    private var cellCount = 0
    private var touchSink = 0                              // keeps the look-ahead loads alive
    private var bitsX: UInt64 = 0
    private var lastColumn: UInt64 = 0
    private var lastRow: UInt64 = 0

    /// One item of a forming cluster, carried so the centre needs no store reads.
    struct Member {
        var rank: Int32
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

    /// An item by grid position, beside its x, y: a group's members are read where the
    /// neighbour scan found them rather than by rank at random, and a seed finds its cell's
    /// neighbourhood here, with no further lookup: the greedy pass is bound by the latency of
    /// each seed's chain of dependent reads, so the chain is kept short.
    struct GridItem {
        var rank: Int32
        var count: Int32
        var reach: Float
        /// The grid positions of the cell's 3×3 neighbourhood: three runs (rows above, same, below).
        var runs: (Int32, Int32, Int32, Int32, Int32, Int32)
    }

    init(options: ClusterOptions) { self.options = options }

    /// Bytes of scratch memory held.
    var scratchBytes: Int {
        keys.bytes + order.bytes + byRank.bytes + positionOfRank.bytes + taken.bytes + cellStart.bytes + xy.bytes
            + gridItems.bytes + members.bytes
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

    /// Cell keys (row-major, rebased to the level's extent), stable radix sort, grid arrays.
    private func sortIntoCells(_ level: ContiguousArray<Int32>, zoom z: Int, store: ClusterStore) {
        let m = level.count
        let scale = Projection.cellScale(options, zoom: z)
        let keys = self.keys.reserve(m), order = self.order.reserve(m), byRank = self.byRank.reserve(m)
        var minX = UInt64.max, maxX: UInt64 = 0, minY = UInt64.max, maxY: UInt64 = 0
        // In rep order, which for the points is store order: read each item once, sequentially.
        level.withUnsafeBufferPointer { lv in
            store.positions.withUnsafeBufferPointer { pos in
                store.links.withUnsafeBufferPointer { links in
                    store.reaches.withUnsafeBufferPointer { storeReaches in
                        for i in 0..<m {
                            let s = Int(lv[i])
                            let x = pos[s &* ClusterStore.positionStride &+ ClusterStore.xOffset]
                            let y = pos[s &* ClusterStore.positionStride &+ ClusterStore.yOffset]
                            let cx = UInt64(x * scale), cy = UInt64(y * scale)
                            minX = min(minX, cx); maxX = max(maxX, cx)
                            minY = min(minY, cy); maxY = max(maxY, cy)
                            keys[i] = cy << 32 | cx
                            order[i] = Int32(i)
                            byRank[i] = RankedItem(x: x, y: y,
                                                   count: links[s &* ClusterStore.linkStride &+ ClusterStore.countOffset],
                                                   reach: storeReaches[s])
                        }
                    }
                }
            }
        }
        let bitsX = UInt64(64 - (maxX - minX).leadingZeroBitCount)
        let bitsY = 64 - (maxY - minY).leadingZeroBitCount
        self.bitsX = bitsX
        lastColumn = maxX - minX
        lastRow = maxY - minY
        for i in 0..<m { keys[i] = ((keys[i] >> 32) &- minY) << bitsX | ((keys[i] & 0xFFFF_FFFF) &- minX) }
        let shared = UnsafeMutableRawPointer(xy.reserve(m * Self.xyStride))
        RadixSort.sort(keys: keys, values: order, count: m, bits: Int(bitsX) + bitsY,
                       keyScratch: shared.assumingMemoryBound(to: UInt64.self),
                       valueScratch: (shared + 8 * m).assumingMemoryBound(to: Int32.self))

        let xy = self.xy.base, cellStart = self.cellStart.reserve(m + 1)
        let gridItems = self.gridItems.reserve(m), positionOfRank = self.positionOfRank.reserve(m)
        let taken = self.taken.reserve(m)
        taken.initialize(repeating: 0, count: m)
        var cells = 0
        var previous = UInt64.max
        for p in 0..<m {
            let key = keys[p]
            if key != previous || p == 0 {
                keys[cells] = key  // cells <= p: the unique keys move to the front
                cellStart[cells] = Int32(p)
                cells &+= 1
                previous = key
            }
            let rank = Int(order[p])
            let item = byRank[rank]
            positionOfRank[rank] = Int32(p)
            gridItems[p] = GridItem(rank: Int32(rank), count: item.count, reach: item.reach, runs: (0, 0, 0, 0, 0, 0))
            xy[p &* Self.xyStride] = item.x
            xy[p &* Self.xyStride &+ 1] = item.y
        }
        cellStart[cells] = Int32(m)
        cellCount = cells
    }

    /// For each cell, the runs of grid positions in the rows above, of and below it that cover
    /// columns cx-1...cx+1, written to each of the cell's items: a sweep with one cursor per row
    /// offset, since keys are sorted.
    private func findNeighbourRuns() {
        let cells = cellCount
        let ck = keys.base, start = cellStart.base, items = gridItems.base
        let bitsX = self.bitsX, lastColumn = self.lastColumn, lastRow = self.lastRow
        let maskX = (UInt64(1) << bitsX) &- 1
        var cursors: (Int, Int, Int) = (0, 0, 0)
        for c in 0..<cells {
            let key = ck[c]
            let cy = key >> bitsX, cx = key & maskX
            let low = cx > 0 ? cx &- 1 : 0, high = min(cx &+ 1, lastColumn)
            var runs: (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0)
            for d in 0..<3 {
                guard d > 0 || cy > 0, d < 2 || cy < lastRow else { continue }
                let row = cy &+ UInt64(d) &- 1
                let lowKey = row << bitsX | low, highKey = row << bitsX | high
                var first = d == 0 ? cursors.0 : (d == 1 ? cursors.1 : cursors.2)
                while first < cells && ck[first] < lowKey { first &+= 1 }
                var end = first
                while end < cells && ck[end] <= highKey { end &+= 1 }
                switch d {
                case 0: cursors.0 = first; runs.0 = start[first]; runs.1 = start[end]
                case 1: cursors.1 = first; runs.2 = start[first]; runs.3 = start[end]
                default: cursors.2 = first; runs.4 = start[first]; runs.5 = start[end]
                }
            }
            for p in Int(start[c])..<Int(start[c &+ 1]) { items[p].runs = runs }
        }
    }

    /// supercluster's `_cluster`: each untaken item in rep order takes every untaken item within
    /// the radius; with enough points they become one cluster, else they pass through.
    private func greedy(_ level: inout ContiguousArray<Int32>, zoom z: Int, store: inout ClusterStore,
                        points: ClusterPoints, scratch: inout CategoryScratch) {
        let m = level.count
        let r = Projection.radius(options, zoom: z)
        let r2 = r * r
        let minPoints = Int32(options.minPoints)
        let xy = self.xy.base, gridItems = self.gridItems.base
        let positionOfRank = self.positionOfRank.base, taken = self.taken.base
        let members = self.members.reserve(m)
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
                    touched &+= Int(gridItems[q].runs.2) &+ Int(bitPattern: UInt(xy[q &* Self.xyStride].bitPattern))
                }
                if taken[i] != 0 { continue }
                let p = Int(positionOfRank[i])
                let px = xy[p &* Self.xyStride], py = xy[p &* Self.xyStride &+ 1]
                let seedInfo = gridItems[p]
                xy[p &* Self.xyStride] = .nan
                members[0] = Member(rank: Int32(i), count: seedInfo.count, reach: seedInfo.reach, x: px, y: py)
                var memberCount = 1
                var total = seedInfo.count
                withUnsafeBytes(of: seedInfo.runs) { runs in
                    let runs = runs.assumingMemoryBound(to: Int32.self)
                    for d in 0..<3 {
                        var q = Int(runs[2 &* d])
                        let to = Int(runs[2 &* d &+ 1])
                        while q < to {
                            let qx = xy[q &* Self.xyStride], qy = xy[q &* Self.xyStride &+ 1]
                            let dx = qx - px, dy = qy - py
                            if dx * dx + dy * dy <= r2 {
                                xy[q &* Self.xyStride] = .nan
                                let memberInfo = gridItems[q]
                                taken[Int(memberInfo.rank)] = 1
                                members[memberCount] = Member(rank: memberInfo.rank, count: memberInfo.count,
                                                              reach: memberInfo.reach, x: qx, y: qy)
                                memberCount &+= 1
                                total &+= memberInfo.count
                            }
                            q &+= 1
                        }
                    }
                }
                let seed = level[i]
                if memberCount > 1 {
                    Self.sortByRank(members + 1, memberCount &- 1)
                    let group = UnsafeBufferPointer(start: members, count: memberCount)
                    if total >= minPoints {
                        level[out] = formCluster(group, total: total, level: level, zoom: z,
                                                 store: &store, points: points, scratch: &scratch)
                    } else {
                        level[out] = seed
                        for member in group.dropFirst() {
                            let child = level[Int(member.rank)]
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

    /// A new cluster formed at `z` from `group` (the seed, then members by ascending rank).
    private func formCluster(_ group: UnsafeBufferPointer<Member>, total: Int32, level: UnsafeMutableBufferPointer<Int32>,
                             zoom z: Int, store: inout ClusterStore, points: ClusterPoints,
                             scratch: inout CategoryScratch) -> Int32 {
        var sum = ClusterMath.Sum()
        for member in group { sum.add(x: member.x, y: member.y, count: member.count) }
        let (cx, cy) = sum.centre
        var reach = 0.0
        for member in group { reach = ClusterMath.reach(reach, x: member.x, y: member.y, childReach: member.reach, cx: cx, cy: cy) }
        let seed = level[Int(group[0].rank)]
        let cluster = store.allocate(x: cx, y: cy, rep: store.rep(seed), count: total, highest: z)
        store.reaches[Int(cluster)] = ClusterMath.roundedUp(reach)
        store.links.withUnsafeMutableBufferPointer { links in
            store.zooms.withUnsafeMutableBufferPointer { zooms in
                links[Int(cluster) &* ClusterStore.linkStride &+ ClusterStore.firstChildOffset] = seed
                var previous: Int32 = -1
                for member in group {
                    let child = level[Int(member.rank)]
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

    /// Sorts members by ascending rank: insertion sort up to 24 members (nearly always); beyond,
    /// sorts packed rank-and-index integers, cheaper than moving 32-byte members in a generic sort.
    static func sortByRank(_ a: UnsafeMutablePointer<Member>, _ count: Int) {
        guard count > 1 else { return }
        guard count <= 24 else {
            var keys = [UInt64](unsafeUninitializedCapacity: count) { keys, initialized in
                for i in 0..<count { keys[i] = UInt64(UInt32(bitPattern: a[i].rank)) << 32 | UInt64(i) }
                initialized = count
            }
            keys.sort()
            let copy = UnsafeMutablePointer<Member>.allocate(capacity: count)
            defer { copy.deallocate() }
            copy.initialize(from: a, count: count)
            for (i, key) in keys.enumerated() { a[i] = copy[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)] }
            return
        }
        for i in 1..<count {
            let v = a[i]
            var j = i &- 1
            while j >= 0 && a[j].rank > v.rank {
                a[j &+ 1] = a[j]
                j &-= 1
            }
            a[j &+ 1] = v
        }
    }
}
