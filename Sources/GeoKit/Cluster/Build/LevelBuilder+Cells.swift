/// The grid a level is clustered on: items sorted into cells a little wider than the radius,
/// and for each cell the grid positions of its 3×3 neighborhood. Every pass here but the one
/// that finds the cells splits over the cores (``ParallelSplit``, the radix sort too); the
/// result never depends on how it was split.
extension LevelBuilder {
    /// The smallest and largest cell column and row seen.
    struct CellExtent {
        var minX = UInt64.max, maxX: UInt64 = 0, minY = UInt64.max, maxY: UInt64 = 0

        @inline(__always) mutating func add(_ cx: UInt64, _ cy: UInt64) {
            minX = min(minX, cx); maxX = max(maxX, cx)
            minY = min(minY, cy); maxY = max(maxY, cy)
        }

        func union(_ other: CellExtent) -> CellExtent {
            CellExtent(
                minX: min(minX, other.minX), maxX: max(maxX, other.maxX),
                minY: min(minY, other.minY), maxY: max(maxY, other.maxY))
        }
    }

    /// Cell keys (row-major, rebased to the level's extent), stable radix sort, grid arrays.
    /// The items by rep rank (`byRank`) live in the memory of the neighbor runs, rebound to
    /// ``RankedItem`` (the same 24-byte stride, aligned for both) until they are in the grid.
    func sortIntoCells(_ level: ContiguousArray<Int32>, zoom z: Int, store: ClusterStore) {
        let m = level.count
        let chunks = ParallelSplit.chunkCount(m)
        runs.reserve(m).withMemoryRebound(to: RankedItem.self, capacity: m) { byRank in
            let extent = readItems(level, zoom: z, store: store, into: byRank, chunks: chunks)
            sortKeys(m, extent: extent, chunks: chunks)
            findCells(m, chunks: chunks)
            moveToGrid(level, from: byRank, chunks: chunks)
        }
    }

    /// Rebases the `m` keys to the level's extent and sorts them with their ranks in `order`.
    /// The sort borrows scratch that is free until after it: `positionOfRank` for the ranks, and
    /// the grid's memory, rebound to UInt64 (a GridItem is four 8-byte words) for the keys.
    private func sortKeys(_ m: Int, extent: CellExtent, chunks: Int) {
        let bitsX = UInt64(64 - (extent.maxX - extent.minX).leadingZeroBitCount)
        let bitsY = 64 - (extent.maxY - extent.minY).leadingZeroBitCount
        self.bitsX = bitsX
        lastColumn = extent.maxX - extent.minX
        lastRow = extent.maxY - extent.minY
        let keys = self.keys.base, order = self.order.base
        ParallelSplit.forEachChunk(m, chunks: chunks) { _, range in
            for i in range { keys[i] = ((keys[i] >> 32) &- extent.minY) << bitsX | ((keys[i] & 0xFFFF_FFFF) &- extent.minX) }
        }
        let valueScratch = positionOfRank.reserve(m)
        grid.reserve(m).withMemoryRebound(to: UInt64.self, capacity: m) { keyScratch in
            RadixSort.sort(
                keys: keys, values: order, count: m, bits: Int(bitsX) + bitsY,
                keyScratch: keyScratch, valueScratch: valueScratch)
        }
    }

    /// Finds the cells in the sorted keys: each cell's key moves to the front of `keys` and its
    /// first grid position to `cellStart`; and each rank's grid position, for the greedy pass.
    private func findCells(_ m: Int, chunks: Int) {
        let keys = self.keys.base, order = self.order.base, cellStart = self.cellStart.reserve(m + 1)
        let positionOfRank = self.positionOfRank.base
        taken.reserve(m).initialize(repeating: 0, count: m)
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
        }
        cellStart[cells] = Int32(m)
        cellCount = cells
        ParallelSplit.forEachChunk(m, chunks: chunks) { _, range in
            for p in range { positionOfRank[Int(order[p])] = Int32(p) }
        }
    }

    /// Moves the items to grid order by scattering them in rank order: the reads stream, and the
    /// writes, unlike reads, do not hold up the loop while they miss.
    private func moveToGrid(_ level: ContiguousArray<Int32>, from byRank: UnsafeMutablePointer<RankedItem>, chunks: Int) {
        let grid = self.grid.base, positionOfRank = self.positionOfRank.base
        level.withUnsafeBufferPointer { slots in
            ParallelSplit.forEachChunk(level.count, chunks: chunks) { _, range in
                for rank in range {
                    let item = byRank[rank]
                    grid[Int(positionOfRank[rank])] = GridItem(
                        x: item.x, y: item.y, rank: Int32(truncatingIfNeeded: rank),
                        slot: slots[rank], count: item.count, reach: item.reach)
                }
            }
        }
    }

    /// Reads the level's items in rep order (for the points, store order: sequential) into
    /// `byRank` and `reps`, with their unrebased cell keys; returns the cells' extent.
    private func readItems(
        _ level: ContiguousArray<Int32>, zoom z: Int, store: ClusterStore,
        into byRank: UnsafeMutablePointer<RankedItem>, chunks: Int
    ) -> CellExtent {
        let m = level.count
        let scale = Projection.cellScale(options, zoom: z)
        let keys = self.keys.reserve(m + Self.keyPadding), order = self.order.reserve(m)
        let reps = self.reps.reserve(m)
        var extents = [CellExtent](repeating: CellExtent(), count: chunks)
        level.withUnsafeBufferPointer { lv in
            store.positions.withUnsafeBufferPointer { pos in
                store.links.withUnsafeBufferPointer { links in
                    store.reaches.withUnsafeBufferPointer { storeReaches in
                        extents.withUnsafeMutableBufferPointer { extents in
                            ParallelSplit.forEachChunk(m, chunks: chunks) { chunk, range in
                                var extent = CellExtent()
                                for i in range {
                                    let s = Int(lv[i])
                                    let x = pos[s &* ClusterStore.positionStride &+ ClusterStore.xOffset]
                                    let y = pos[s &* ClusterStore.positionStride &+ ClusterStore.yOffset]
                                    let cx = UInt64(x * scale), cy = UInt64(y * scale)
                                    extent.add(cx, cy)
                                    keys[i] = cy << 32 | cx
                                    order[i] = Int32(i)
                                    byRank[i] = RankedItem(
                                        x: x, y: y,
                                        count: links[s &* ClusterStore.linkStride &+ ClusterStore.countOffset],
                                        reach: storeReaches[s])
                                    reps[i] = links[s &* ClusterStore.linkStride &+ ClusterStore.repOffset]
                                }
                                extents[chunk] = extent
                            }
                        }
                    }
                }
            }
        }
        return extents.reduce(CellExtent()) { $0.union($1) }
    }

    /// For each cell, the runs of grid positions in the rows above, of and below it that cover
    /// columns cx-1...cx+1, written to each of the cell's items: a sweep with one cursor per row
    /// offset, since keys are sorted. Chunks of cells sweep concurrently, each starting its
    /// cursors at the row above its first cell.
    func findNeighborRuns() {
        let cells = cellCount
        let ck = keys.base, start = cellStart.base
        let items = runs.base
        let bitsX = self.bitsX, lastColumn = self.lastColumn, lastRow = self.lastRow
        let maskX = (UInt64(1) << bitsX) &- 1
        // Keys past the last cell stop every cursor without a bounds test.
        for k in cells..<(cells &+ Self.keyPadding) { ck[k] = .max }
        ParallelSplit.forEachChunk(cells, chunks: ParallelSplit.chunkCount(Int(start[cells]))) { _, chunk in
            guard let firstCell = chunk.first else { return }
            let firstRow = ck[firstCell] >> bitsX
            let from = Self.lowerBound(ck, cells, (firstRow > 0 ? firstRow &- 1 : 0) << bitsX)
            var above = from, same = from, below = from
            for c in chunk {
                let key = ck[c]
                let cy = key >> bitsX, cx = key & maskX
                let low = cx > 0 ? cx &- 1 : 0, high = min(cx &+ 1, lastColumn)
                // The cells of one row within columns low...high: at most three consecutive keys, as
                // keys are unique and sorted, counted without a branch the predictor would miss.
                @inline(__always) func run(_ row: UInt64, _ cursor: inout Int) -> (Int32, Int32) {
                    let lowKey = row << bitsX | low, highKey = row << bitsX | high
                    var first = cursor
                    while ck[first] < lowKey { first &+= 1 }
                    cursor = first
                    var end = first
                    end &+= ck[first] <= highKey ? 1 : 0
                    end &+= ck[first &+ 1] <= highKey ? 1 : 0
                    end &+= ck[first &+ 2] <= highKey ? 1 : 0
                    return (start[first], start[end])
                }
                let up = cy > 0 ? run(cy &- 1, &above) : (0, 0)
                let middle = run(cy, &same)
                let down = cy < lastRow ? run(cy &+ 1, &below) : (0, 0)
                let runs: NeighborRuns = (up.0, up.1, middle.0, middle.1, down.0, down.1)
                for p in Int(start[c])..<Int(start[c &+ 1]) { items[p] = runs }
            }
        }
    }

    /// The first of `count` sorted keys that is not below `key`.
    private static func lowerBound(_ keys: UnsafeMutablePointer<UInt64>, _ count: Int, _ key: UInt64) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low &+ high) / 2
            if keys[mid] < key { low = mid &+ 1 } else { high = mid }
        }
        return low
    }
}
