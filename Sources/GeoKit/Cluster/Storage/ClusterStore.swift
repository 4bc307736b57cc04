/// The items of a ``ClusterIndex``, one slot each, in flat arrays: every point and every cluster
/// of every zoom, stored once. An item is *alive* on the zooms `lowest...highest`: a point from
/// `maxZoom + 1` down to where a cluster absorbs it, a cluster from the zoom where it formed
/// (`highest`) down to where a bigger one absorbs it. Children of a cluster are the items it was
/// formed from (alive at `highest + 1`), linked by `nextSibling` in ascending `rep`.
struct ClusterStore {
    // Positions: projected Web Mercator x, y in [0, 1], float64 as the reference (supercluster in float64).
    static let positionStride = 2
    static let xOffset = 0
    static let yOffset = 1
    // Links and counts, Int32 each.
    static let linkStride = 5
    static let parentOffset = 0  // parent slot, `noParent`, or `rootMark - rootIndex`
    static let firstChildOffset = 1  // first child slot (smallest rep), -1 for a point
    static let nextSiblingOffset = 2  // next child of the same parent, -1 at the end
    static let repOffset = 3  // smallest point id inside (a point's own id)
    static let countOffset = 4  // points inside (1 for a point)
    // Zoom range alive, UInt8 each.
    static let zoomStride = 2
    static let lowestOffset = 0
    static let highestOffset = 1
    // Category spans, Int32 each: where a cluster's (category, count) pairs sit in `categoryPool`.
    static let spanStride = 2
    static let spanStartOffset = 0
    static let spanLengthOffset = 1
    static let pairStride = 2  // categoryPool: category index, count

    static let none: Int32 = -1
    static let noParent: Int32 = -1
    /// Parents at or below this mark are roots: `rootMark - parent` is the index in `roots`.
    static let rootMark: Int32 = -2

    // The per-slot arrays a build writes in bulk are ``PageArray``s: a first build writes them
    // into fresh memory, which huge pages fault in faster.
    var positions = PageArray<Double>()
    var links = PageArray<Int32>()
    var zooms = PageArray<UInt8>()
    /// Conservative reach: every point inside lies within this distance (per axis) of the position.
    var reaches = PageArray<Float>()
    /// Sum of the points' values per slot, once `tracksValues`.
    var valueSums = ContiguousArray<Double>()
    var tracksValues = false
    /// Per slot, once `tracksCategories`; points have none (their own category counts instead).
    var categorySpans = ContiguousArray<Int32>()
    var tracksCategories = false
    var categoryPool = ContiguousArray<Int32>()
    var categoryPoolGarbage = 0
    /// Per slot, bit z set when the item, alive at z, was taken at zoom z by a seed whose group
    /// stayed under `minPoints` (so it passed through without being a seed). Only when minPoints > 2.
    var releasedMasks = ContiguousArray<UInt32>()
    var tracksReleases = false
    /// Slots of deleted items, reused first.
    var freeSlots = ContiguousArray<Int32>()

    var slotCount: Int { reaches.count }

    /// Fills an empty store with the point leaves of a fresh build: slot i is point `ids[i]`,
    /// projected from `coordinates` (longitude, latitude per point id), count 1, no links, alive
    /// up to `highest`; with room for `capacity` items in all. Each array is written once, in
    /// chunks over the cores, into memory offered huge pages from its start (``PageArray``).
    /// (The same fields ``allocate(x:y:rep:count:highest:)`` writes, without a call per point.)
    mutating func fillLeaves(
        ids: UnsafeBufferPointer<Int32>, coordinates: UnsafeBufferPointer<Double>,
        highest: Int, capacity: Int, pages: HugePageBlocks
    ) {
        assert(slotCount == 0, "fillLeaves starts a fresh store")
        let n = ids.count
        positions = Self.fresh(n, stride: Self.positionStride, capacity: capacity, pages: pages) { pos, items in
            for i in items {
                let id = Int(ids[i]) &* ClusterPoints.coordinateStride
                pos[i &* Self.positionStride &+ Self.xOffset] = Projection.x(longitude: coordinates[id &+ ClusterPoints.longitudeOffset])
                pos[i &* Self.positionStride &+ Self.yOffset] = Projection.y(latitude: coordinates[id &+ ClusterPoints.latitudeOffset])
            }
        }
        links = Self.fresh(n, stride: Self.linkStride, capacity: capacity, pages: pages) { links, items in
            for i in items {
                let l = links + i &* Self.linkStride
                l[Self.parentOffset] = Self.noParent
                l[Self.firstChildOffset] = Self.none
                l[Self.nextSiblingOffset] = Self.none
                l[Self.repOffset] = ids[i]
                l[Self.countOffset] = 1
            }
        }
        zooms = Self.fresh(n, stride: Self.zoomStride, capacity: capacity, pages: pages) { zooms, items in
            (zooms + items.lowerBound &* Self.zoomStride).initialize(repeating: UInt8(highest), count: items.count &* Self.zoomStride)
        }
        reaches = Self.fresh(n, stride: 1, capacity: capacity, pages: pages) { reaches, items in
            (reaches + items.lowerBound).initialize(repeating: 0, count: items.count)
        }
    }

    /// A new array of `n` items of `stride` elements, with room for `capacity` items, whose
    /// elements `fill(base, items)` writes for a range of items (ranges run concurrently).
    private static func fresh<Element>(
        _ n: Int, stride: Int, capacity: Int, pages: HugePageBlocks,
        _ fill: (UnsafeMutablePointer<Element>, Range<Int>) -> Void
    ) -> PageArray<Element> {
        PageArray(unsafeUninitializedCapacity: max(capacity, n) * stride, pool: pages) { buffer, count in
            if let base = buffer.baseAddress { ParallelSplit.forEachChunk(n) { _, items in fill(base, items) } }
            count = n * stride
        }
    }

    /// A new slot (reusing a freed one if any) holding an item at (x, y) with no links.
    mutating func allocate(x: Double, y: Double, rep: Int32, count: Int32, highest: Int) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            let s = Int(slot)
            positions[s * Self.positionStride + Self.xOffset] = x
            positions[s * Self.positionStride + Self.yOffset] = y
            let l = s * Self.linkStride
            links[l + Self.parentOffset] = Self.noParent
            links[l + Self.firstChildOffset] = Self.none
            links[l + Self.nextSiblingOffset] = Self.none
            links[l + Self.repOffset] = rep
            links[l + Self.countOffset] = count
            zooms[s * Self.zoomStride + Self.lowestOffset] = UInt8(highest)
            zooms[s * Self.zoomStride + Self.highestOffset] = UInt8(highest)
            reaches[s] = 0
            if tracksReleases { releasedMasks[s] = 0 }
            if tracksValues { valueSums[s] = 0 }
            if tracksCategories {
                categorySpans[s * Self.spanStride + Self.spanStartOffset] = 0
                categorySpans[s * Self.spanStride + Self.spanLengthOffset] = 0
            }
        } else {
            slot = appendBlank(1, highest: highest)
            let s = Int(slot)
            positions[s * Self.positionStride + Self.xOffset] = x
            positions[s * Self.positionStride + Self.yOffset] = y
            links[s * Self.linkStride + Self.repOffset] = rep
            links[s * Self.linkStride + Self.countOffset] = count
        }
        return slot
    }

    /// Appends `n` slots at (0, 0) with no links, rep or count, alive at `highest` only;
    /// returns the first.
    mutating func appendBlank(_ n: Int, highest: Int) -> Int32 {
        let first = Int32(reaches.count)
        positions.append(contentsOf: repeatElement(0, count: n * Self.positionStride))
        links.append(contentsOf: repeatElement(Self.none, count: n * Self.linkStride))  // none == noParent
        zooms.append(contentsOf: repeatElement(UInt8(highest), count: n * Self.zoomStride))
        reaches.append(contentsOf: repeatElement(0, count: n))
        if tracksReleases { releasedMasks.append(contentsOf: repeatElement(0, count: n)) }
        if tracksValues { valueSums.append(contentsOf: repeatElement(0, count: n)) }
        if tracksCategories { categorySpans.append(contentsOf: repeatElement(0, count: n * Self.spanStride)) }
        return first
    }

    // MARK: - Field access

    @inline(__always) func x(_ s: Int32) -> Double { positions[Int(s) &* Self.positionStride &+ Self.xOffset] }
    @inline(__always) func y(_ s: Int32) -> Double { positions[Int(s) &* Self.positionStride &+ Self.yOffset] }
    @inline(__always) func link(_ s: Int32, _ offset: Int) -> Int32 { links[Int(s) &* Self.linkStride &+ offset] }
    @inline(__always) func parent(_ s: Int32) -> Int32 { link(s, Self.parentOffset) }
    @inline(__always) func firstChild(_ s: Int32) -> Int32 { link(s, Self.firstChildOffset) }
    @inline(__always) func nextSibling(_ s: Int32) -> Int32 { link(s, Self.nextSiblingOffset) }
    @inline(__always) func rep(_ s: Int32) -> Int32 { link(s, Self.repOffset) }
    @inline(__always) func count(_ s: Int32) -> Int32 { link(s, Self.countOffset) }
    @inline(__always) func isCluster(_ s: Int32) -> Bool { firstChild(s) >= 0 }
    @inline(__always) func lowest(_ s: Int32) -> Int { Int(zooms[Int(s) &* Self.zoomStride &+ Self.lowestOffset]) }
    @inline(__always) func highest(_ s: Int32) -> Int { Int(zooms[Int(s) &* Self.zoomStride &+ Self.highestOffset]) }

    @inline(__always) mutating func setPosition(_ s: Int32, _ x: Double, _ y: Double) {
        positions[Int(s) * Self.positionStride + Self.xOffset] = x
        positions[Int(s) * Self.positionStride + Self.yOffset] = y
    }
    @inline(__always) mutating func setLink(_ s: Int32, _ offset: Int, _ value: Int32) {
        links[Int(s) * Self.linkStride + offset] = value
    }
    @inline(__always) mutating func setLowest(_ s: Int32, _ zoom: Int) {
        zooms[Int(s) * Self.zoomStride + Self.lowestOffset] = UInt8(zoom)
    }

    /// Starts keeping value sums (all zero so far).
    mutating func trackValues() {
        guard !tracksValues else { return }
        tracksValues = true
        valueSums = ContiguousArray(repeating: 0, count: slotCount)
    }

    /// Starts recording which items passed through a too-small group (none so far).
    mutating func trackReleases() {
        guard !tracksReleases else { return }
        tracksReleases = true
        releasedMasks = ContiguousArray(repeating: 0, count: slotCount)
    }

    /// Starts keeping category counts (none so far).
    mutating func trackCategories() {
        guard !tracksCategories else { return }
        tracksCategories = true
        categorySpans = ContiguousArray(repeating: 0, count: slotCount * Self.spanStride)
    }

    /// A cluster's (category, count) pairs, ascending by category.
    func categoryPairs(_ s: Int32) -> ArraySlice<Int32> {
        let start = Int(categorySpans[Int(s) * Self.spanStride + Self.spanStartOffset])
        let length = Int(categorySpans[Int(s) * Self.spanStride + Self.spanLengthOffset])
        return categoryPool[start..<(start + length * Self.pairStride)]
    }

    /// Replaces a cluster's category pairs (the old ones become garbage, compacted when it dominates).
    mutating func setCategoryPairs(_ s: Int32, _ pairs: UnsafeBufferPointer<Int32>) {
        let span = Int(s) * Self.spanStride
        categoryPoolGarbage += Int(categorySpans[span + Self.spanLengthOffset]) * Self.pairStride
        categorySpans[span + Self.spanStartOffset] = Int32(categoryPool.count)
        categorySpans[span + Self.spanLengthOffset] = Int32(pairs.count / Self.pairStride)
        categoryPool.append(contentsOf: pairs)
    }

    /// Drops a deleted cluster's pairs.
    mutating func clearCategoryPairs(_ s: Int32) {
        let span = Int(s) * Self.spanStride
        categoryPoolGarbage += Int(categorySpans[span + Self.spanLengthOffset]) * Self.pairStride
        categorySpans[span + Self.spanLengthOffset] = 0
    }

    /// Rewrites the pool without garbage once garbage is most of it.
    mutating func compactCategoryPoolIfNeeded() {
        guard categoryPoolGarbage > 4096, categoryPoolGarbage * 2 > categoryPool.count else { return }
        var pool = ContiguousArray<Int32>()
        pool.reserveCapacity(categoryPool.count - categoryPoolGarbage)
        for s in 0..<slotCount {
            let span = s * Self.spanStride
            let start = Int(categorySpans[span + Self.spanStartOffset])
            let length = Int(categorySpans[span + Self.spanLengthOffset]) * Self.pairStride
            categorySpans[span + Self.spanStartOffset] = Int32(pool.count)
            pool.append(contentsOf: categoryPool[start..<(start + length)])
        }
        categoryPool = pool
        categoryPoolGarbage = 0
    }
}
