/// Clusters one zoom during a build: supercluster's greedy pass, visiting items in ascending
/// rep (smallest point id) while their data sits in grid-cell order, so each seed's
/// neighbours are three contiguous runs in memory. Scratch lives here and is reused from zoom
/// to zoom; one builder per build.
final class LevelBuilder {
    let options: ClusterOptions
    private let keys = ScratchBuffer<UInt64>()             // cell key per item, sorted, then each cell's once
    private let order = ScratchBuffer<Int32>()             // grid position → rep rank
    private let seeds = ScratchBuffer<SeedRecord>()        // per rep rank, read in order by the greedy pass
    private let cellStart = ScratchBuffer<Int32>()         // first grid position per cell, then the end
    // Per cell, the grid positions of its 3×3 neighbourhood: three runs (rows above, same, below).
    private static let rangeStride = 6
    private let cellRanges = ScratchBuffer<Int32>()
    // Per grid position: x, y interleaved (x is NaN once the item is taken, which also fails
    // every distance test), and the rest of the item apart so neighbour scans read 16 bytes each.
    // The same memory is the radix sort's scratch before it holds x, y.
    private static let xyStride = 2
    private let xy = ScratchBuffer<Double>()
    private let members = ScratchBuffer<Member>()          // the current seed's group
    private var outRanks = ContiguousArray<Int32>()
    private var released = ContiguousArray<Int64>()        // rank << 32 | slot, when minPoints > 2
    private var cellCount = 0
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

    /// An item by rep rank: what the greedy pass needs when it reaches it, read sequentially.
    struct SeedRecord {
        var x: Double
        var y: Double
        var position: Int32  // grid position, -1 once taken
        var cell: Int32
        var count: Int32
        var reach: Float
    }

    init(options: ClusterOptions) { self.options = options }

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
        let keys = self.keys.reserve(m), order = self.order.reserve(m), seeds = self.seeds.reserve(m)
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
                            seeds[i] = SeedRecord(x: x, y: y, position: 0, cell: 0,
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
            seeds[rank].position = Int32(p)
            seeds[rank].cell = Int32(cells &- 1)
            xy[p &* Self.xyStride] = seeds[rank].x
            xy[p &* Self.xyStride &+ 1] = seeds[rank].y
        }
        cellStart[cells] = Int32(m)
        cellCount = cells
    }

    /// For each cell, the runs of grid positions in the rows above, of and below it that cover
    /// columns cx-1...cx+1: a sweep with one cursor per row offset, since keys are sorted.
    private func findNeighbourRuns() {
        let cells = cellCount
        let ck = keys.base, start = cellStart.base
        let ranges = cellRanges.reserve(cells * Self.rangeStride)
        let bitsX = self.bitsX, lastColumn = self.lastColumn, lastRow = self.lastRow
        let maskX = (UInt64(1) << bitsX) &- 1
        var cursors: (Int, Int, Int) = (0, 0, 0)
        for c in 0..<cells {
            let key = ck[c]
            let cy = key >> bitsX, cx = key & maskX
            let low = cx > 0 ? cx &- 1 : 0, high = min(cx &+ 1, lastColumn)
            for d in 0..<3 {
                let at = c &* Self.rangeStride &+ 2 &* d
                guard d > 0 || cy > 0, d < 2 || cy < lastRow else {
                    ranges[at] = 0
                    ranges[at &+ 1] = 0
                    continue
                }
                let row = cy &+ UInt64(d) &- 1
                let lowKey = row << bitsX | low, highKey = row << bitsX | high
                var first = d == 0 ? cursors.0 : (d == 1 ? cursors.1 : cursors.2)
                while first < cells && ck[first] < lowKey { first &+= 1 }
                var end = first
                while end < cells && ck[end] <= highKey { end &+= 1 }
                switch d {
                case 0: cursors.0 = first
                case 1: cursors.1 = first
                default: cursors.2 = first
                }
                ranges[at] = start[first]
                ranges[at &+ 1] = start[end]
            }
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
        let xy = self.xy.base, ranks = order.base
        let seeds = self.seeds.base, ranges = cellRanges.base
        let members = self.members.reserve(m)
        var outRanks = self.outRanks, released = self.released
        self.outRanks = []
        self.released = []
        outRanks.removeAll(keepingCapacity: true)
        released.removeAll(keepingCapacity: true)
        var out = 0
        do {
          level.withUnsafeMutableBufferPointer { level in
            for i in 0..<m {
                let seedInfo = seeds[i]
                if seedInfo.position < 0 { continue }
                let p = Int(seedInfo.position)
                let px = seedInfo.x, py = seedInfo.y
                xy[p &* Self.xyStride] = .nan
                members[0] = Member(rank: Int32(i), count: seedInfo.count, reach: seedInfo.reach, x: px, y: py)
                var memberCount = 1
                var total = seedInfo.count
                let c = Int(seedInfo.cell) &* Self.rangeStride
                for d in 0..<3 {
                    var q = Int(ranges[c &+ 2 &* d])
                    let to = Int(ranges[c &+ 2 &* d &+ 1])
                    while q < to {
                        let qx = xy[q &* Self.xyStride], qy = xy[q &* Self.xyStride &+ 1]
                        let dx = qx - px, dy = qy - py
                        if dx * dx + dy * dy <= r2 {
                            xy[q &* Self.xyStride] = .nan
                            let rank = ranks[q]
                            seeds[Int(rank)].position = -1
                            let memberInfo = seeds[Int(rank)]
                            members[memberCount] = Member(rank: rank, count: memberInfo.count, reach: memberInfo.reach,
                                                          x: qx, y: qy)
                            memberCount &+= 1
                            total &+= memberInfo.count
                        }
                        q &+= 1
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

    /// Sorts members by ascending rank (insertion sort up to 16, which is nearly always).
    static func sortByRank(_ a: UnsafeMutablePointer<Member>, _ count: Int) {
        guard count > 1 else { return }
        guard count <= 16 else {
            var run = UnsafeMutableBufferPointer(start: a, count: count)
            run.sort { $0.rank < $1.rank }
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
