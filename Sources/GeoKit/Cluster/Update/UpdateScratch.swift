/// Re-clusters one zoom after changes in the items of the zoom above, for insert and remove.
///
/// At zoom z the greedy pass makes an item a *seed* when no seed with a smaller rep lies within
/// the radius, and puts every other item in the group of the smallest-rep seed within the
/// radius (its *claim*). So only items near a change can change: they are re-decided in
/// ascending rep (a heap), and a decision that flips a seed wakes the items after it within the
/// radius. A claim is looked up in the zoom's seed grid (`ClusterIndex+Seeds.swift`). Groups
/// whose members changed are rebuilt with the same arithmetic as a build, their members
/// merged in rep order from the old children and the items decided now (no search, no sort).
/// Per-slot marks are epoch-stamped so nothing is cleared between zooms. One per index.
struct UpdateScratch {
    var epoch: UInt32 = 0
    var queuedAt = ContiguousArray<UInt32>()
    var decidedAt = ContiguousArray<UInt32>()
    var claims = ContiguousArray<Int32>()  // decided claim: itself for a seed
    var touchedAt = ContiguousArray<UInt32>()
    var heap = ContiguousArray<Int64>()  // rep << 32 | slot
    var touched = ContiguousArray<Int32>()
    // A slot's change at this zoom: its index in `changes`, when changeAt == epoch.
    var changeAt = ContiguousArray<UInt32>()
    var changeIndex = ContiguousArray<Int32>()
    // Items decided at this zoom into a seed's group, a list per seed in ascending rep.
    var joinAt = ContiguousArray<UInt32>()  // joinHead/joinTail valid for a seed when == epoch
    var joinHead = ContiguousArray<Int32>()
    var joinTail = ContiguousArray<Int32>()
    var joinNext = ContiguousArray<Int32>()
    var candidates = ContiguousArray<Int32>()
    var groups = ContiguousArray<Int32>()  // flat: seed, members..., -1
    var category = CategoryScratch()
    /// The seed grid of the zoom being re-clustered, borrowed from the index for the level.
    var seeds = NeighborGrid(scale: 1, expected: 0)
    /// Work since the index last reset it, in units of one item looked at (a candidate
    /// searched, a child merged or linked): a decision counts 4, a zoom level 128
    /// (``ClusterIndex/lastUpdateWork``).
    var work = 0

    typealias Change = ClusterIndex.Change

    /// The item's status at zoom z before this update: seed, or the seed it was claimed by
    /// (-2: claimed, by a seed to find; only for items passed through under minPoints > 2).
    mutating func oldClaim(_ k: Int32, lowest: Int, parent: Int32, zoom z: Int, store: inout ClusterStore) -> Int32 {
        if lowest <= z {
            if store.tracksReleases, store.releasedMasks[Int(k)] & (1 << UInt32(z)) != 0 { return -2 }
            return k
        }
        return Self.firstChild(parent, &store)
    }

    mutating func level(_ z: Int, _ changes: [Change], index: ClusterIndex, freed: inout [Int32]) -> [Change] {
        var store = ClusterStore()
        swap(&store, &index.store)
        let g = z - index.options.minZoom
        swap(&seeds, &index.seedGrids[g])
        defer {
            swap(&store, &index.store)
            swap(&seeds, &index.seedGrids[g])
        }
        let grid = index.grids[g]
        let r = Projection.radius(index.options, zoom: z), r2 = r * r
        grow(store.slotCount)
        currentZoom = z
        epoch &+= 1
        heap.removeAll(keepingCapacity: true)
        touched.removeAll(keepingCapacity: true)
        for (i, change) in changes.enumerated() {
            changeAt[Int(change.slot)] = epoch
            changeIndex[Int(change.slot)] = Int32(i)
        }

        // Wake what each change can affect.
        for change in changes {
            let k = change.slot
            switch change.kind {
            case .added:
                push(k, &store)
            case .modified:
                push(k, &store)
                let old = oldClaim(k, lowest: Self.lowest(k, &store), parent: Self.parent(k, &store), zoom: z, store: &store)
                if old == k && change.oldRep != Self.rep(k, &store) {
                    pushNear(change.oldX, change.oldY, above: change.oldRep, grid, &store, r2)
                }
            case .removed:
                let old = oldClaim(k, lowest: change.oldLowest, parent: change.oldParent, zoom: z, store: &store)
                if old == k {
                    pushNear(change.oldX, change.oldY, above: change.oldRep, grid, &store, r2)
                    touch(k)
                } else if old >= 0 {
                    touch(old)
                }
            }
        }

        // Decide in ascending rep.
        work += 128  // the level's own bookkeeping: grids borrowed, marks stamped, lists reset
        while let k = pop() {
            work += 4  // a decision: a heap pop, a claim looked up, a group joined
            guard decidedAt[Int(k)] != epoch else { continue }
            let claim = freshClaim(k, grid, &store, r2)
            decidedAt[Int(k)] = epoch
            claims[Int(k)] = claim
            let change = self.change(k, changes)
            let isNew = change?.kind == .added
            let oldX = change?.oldX ?? Self.x(k, &store), oldY = change?.oldY ?? Self.y(k, &store)
            let old: Int32 = isNew ? -1 : oldClaim(k, lowest: Self.lowest(k, &store), parent: Self.parent(k, &store), zoom: z, store: &store)
            let wasSeed = old == k, isSeed = claim == k
            let moved = !isNew && (oldX != Self.x(k, &store) || oldY != Self.y(k, &store))
            if wasSeed != isSeed {
                if isSeed { pushNear(Self.x(k, &store), Self.y(k, &store), above: Self.rep(k, &store), grid, &store, r2) }
                if wasSeed { pushNear(oldX, oldY, above: Self.rep(k, &store), grid, &store, r2) }
            } else if isSeed && moved {
                pushChangedNear(k, oldX, oldY, grid, &store, r2)
            }
            if isSeed != index.isListedSeed(k, zoom: z) {
                if isSeed { seeds.insert(k, x: Self.x(k, &store), y: Self.y(k, &store)) } else { seeds.remove(k, x: Self.x(k, &store), y: Self.y(k, &store)) }
                index.markSeed(k, zoom: z, isSeed)
            }
            if !isSeed { join(k, to: claim) }
            touch(claim)
            // A released item's old group passed through and still does: no need to touch it.
            if old >= 0 { touch(old) }
        }

        return rebuildGroups(z, changes, index: index, store: &store, grid: grid, r2: r2, freed: &freed)
    }

    // MARK: - Decisions

    /// The change of slot `k` at this zoom, if any.
    @inline(__always) mutating func change(_ k: Int32, _ changes: [Change]) -> Change? {
        changeAt[Int(k)] == epoch ? changes[Int(changeIndex[Int(k)])] : nil
    }

    /// The seed claiming `k` now: its decided claim, or else its unchanged old one.
    mutating func claimOf(_ k: Int32, _ grid: NeighborGrid, _ store: inout ClusterStore, _ r2: Double, zoom z: Int) -> Int32 {
        if decidedAt[Int(k)] == epoch { return claims[Int(k)] }
        let old = oldClaim(k, lowest: Self.lowest(k, &store), parent: Self.parent(k, &store), zoom: z, store: &store)
        return old == -2 ? freshClaim(k, grid, &store, r2) : old
    }

    /// Whether `k` is a seed now (decided, or unchanged).
    mutating func isSeed(_ k: Int32, _ store: inout ClusterStore, zoom z: Int) -> Bool {
        Self.isSeed(k, decidedAt: decidedAt, claims: claims, epoch: epoch, store: &store, zoom: z)
    }

    private static func isSeed(
        _ k: Int32, decidedAt: ContiguousArray<UInt32>, claims: ContiguousArray<Int32>, epoch: UInt32,
        store: inout ClusterStore, zoom z: Int
    ) -> Bool {
        if decidedAt[Int(k)] == epoch { return claims[Int(k)] == k }
        if Self.lowest(k, &store) <= z {
            return !(store.tracksReleases && store.releasedMasks[Int(k)] & (1 << UInt32(z)) != 0)
        }
        return store.firstChild(Self.parent(k, &store)) == k
    }

    /// The smallest-rep seed within the radius of `k` with a smaller rep, or `k` if none: among
    /// the seeds listed around it (a handful, however many items lie there).
    mutating func freshClaim(_ k: Int32, _ grid: NeighborGrid, _ store: inout ClusterStore, _ r2: Double) -> Int32 {
        let kx = Self.x(k, &store), ky = Self.y(k, &store), rep = Self.rep(k, &store)
        let z = currentZoom, epoch = epoch, decidedAt = decidedAt, claims = claims
        var best = k, bestRep = rep
        seeds.forEachCandidate(nearX: kx, y: ky) { j in
            let jr = Self.rep(j, &store)
            guard jr < bestRep else { return }
            let dx = Self.x(j, &store) - kx, dy = Self.y(j, &store) - ky
            if dx * dx + dy * dy <= r2 && Self.isSeed(j, decidedAt: decidedAt, claims: claims, epoch: epoch, store: &store, zoom: z) {
                best = j
                bestRep = jr
            }
        }
        return best
    }

    /// The zoom being re-clustered.
    var currentZoom = 0

    // MARK: - Fields

    // The store's fields read in place: an accessor called on a `var` or `inout` store copies
    // the whole struct in a debug build, once per item per update.
    @inline(__always) static func x(_ s: Int32, _ store: inout ClusterStore) -> Double {
        store.positions[Int(s) &* ClusterStore.positionStride &+ ClusterStore.xOffset]
    }
    @inline(__always) static func y(_ s: Int32, _ store: inout ClusterStore) -> Double {
        store.positions[Int(s) &* ClusterStore.positionStride &+ ClusterStore.yOffset]
    }
    @inline(__always) static func link(_ s: Int32, _ offset: Int, _ store: inout ClusterStore) -> Int32 {
        store.links[Int(s) &* ClusterStore.linkStride &+ offset]
    }
    @inline(__always) static func rep(_ s: Int32, _ store: inout ClusterStore) -> Int32 { link(s, ClusterStore.repOffset, &store) }
    @inline(__always) static func count(_ s: Int32, _ store: inout ClusterStore) -> Int32 { link(s, ClusterStore.countOffset, &store) }
    @inline(__always) static func parent(_ s: Int32, _ store: inout ClusterStore) -> Int32 { link(s, ClusterStore.parentOffset, &store) }
    @inline(__always) static func firstChild(_ s: Int32, _ store: inout ClusterStore) -> Int32 {
        link(s, ClusterStore.firstChildOffset, &store)
    }
    @inline(__always) static func nextSibling(_ s: Int32, _ store: inout ClusterStore) -> Int32 {
        link(s, ClusterStore.nextSiblingOffset, &store)
    }
    @inline(__always) static func lowest(_ s: Int32, _ store: inout ClusterStore) -> Int {
        Int(store.zooms[Int(s) &* ClusterStore.zoomStride &+ ClusterStore.lowestOffset])
    }
    @inline(__always) static func highest(_ s: Int32, _ store: inout ClusterStore) -> Int {
        Int(store.zooms[Int(s) &* ClusterStore.zoomStride &+ ClusterStore.highestOffset])
    }

    // MARK: - Queue

    private mutating func push(_ k: Int32, _ store: inout ClusterStore) {
        guard queuedAt[Int(k)] != epoch, decidedAt[Int(k)] != epoch else { return }
        queuedAt[Int(k)] = epoch
        heap.append(Int64(Self.rep(k, &store)) << 32 | Int64(k))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[parent] > heap[i] else { break }
            (heap[parent], heap[i]) = (heap[i], heap[parent])
            i = parent
        }
    }

    private mutating func pop() -> Int32? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count && heap[l] < heap[m] { m = l }
                if r < heap.count && heap[r] < heap[m] { m = r }
                guard m != i else { break }
                (heap[i], heap[m]) = (heap[m], heap[i])
                i = m
            }
        }
        return Int32(truncatingIfNeeded: top)
    }

    /// Queues every item within the radius of (x, y) whose rep is above `rep`.
    private mutating func pushNear(_ x: Double, _ y: Double, above rep: Int32, _ grid: NeighborGrid, _ store: inout ClusterStore, _ r2: Double) {
        candidates.removeAll(keepingCapacity: true)
        grid.forEachCandidate(nearX: x, y: y) { candidates.append($0) }
        work += candidates.count
        for j in candidates where Self.rep(j, &store) > rep {
            let dx = Self.x(j, &store) - x, dy = Self.y(j, &store) - y
            if dx * dx + dy * dy <= r2 { push(j, &store) }
        }
    }

    /// Queues the items after seed `k` whose being within its radius changed as it moved.
    private mutating func pushChangedNear(
        _ k: Int32, _ oldX: Double, _ oldY: Double, _ grid: NeighborGrid,
        _ store: inout ClusterStore, _ r2: Double
    ) {
        let x = Self.x(k, &store), y = Self.y(k, &store), rep = Self.rep(k, &store)
        candidates.removeAll(keepingCapacity: true)
        grid.forEachCandidate(nearX: x, y: y) { candidates.append($0) }
        grid.forEachCandidate(nearX: oldX, y: oldY) { candidates.append($0) }
        work += candidates.count
        for j in candidates where Self.rep(j, &store) > rep {
            let jx = Self.x(j, &store), jy = Self.y(j, &store)
            let newIn = (jx - x) * (jx - x) + (jy - y) * (jy - y) <= r2
            let oldIn = (jx - oldX) * (jx - oldX) + (jy - oldY) * (jy - oldY) <= r2
            if newIn != oldIn { push(j, &store) }
        }
    }

    /// Adds `k`, just decided, to the end of seed `claim`'s list (decisions come in ascending rep).
    private mutating func join(_ k: Int32, to claim: Int32) {
        joinNext[Int(k)] = -1
        if joinAt[Int(claim)] != epoch {
            joinAt[Int(claim)] = epoch
            joinHead[Int(claim)] = k
        } else {
            joinNext[Int(joinTail[Int(claim)])] = k
        }
        joinTail[Int(claim)] = k
    }

    private mutating func touch(_ s: Int32) {
        guard s >= 0, touchedAt[Int(s)] != epoch else { return }
        touchedAt[Int(s)] = epoch
        touched.append(s)
    }

    mutating func grow(_ slots: Int) {
        guard queuedAt.count < slots else { return }
        let more = max(slots - queuedAt.count, queuedAt.count / 2)
        queuedAt.append(contentsOf: repeatElement(0, count: more))
        decidedAt.append(contentsOf: repeatElement(0, count: more))
        claims.append(contentsOf: repeatElement(-1, count: more))
        touchedAt.append(contentsOf: repeatElement(0, count: more))
        changeAt.append(contentsOf: repeatElement(0, count: more))
        changeIndex.append(contentsOf: repeatElement(-1, count: more))
        joinAt.append(contentsOf: repeatElement(0, count: more))
        joinHead.append(contentsOf: repeatElement(-1, count: more))
        joinTail.append(contentsOf: repeatElement(-1, count: more))
        joinNext.append(contentsOf: repeatElement(-1, count: more))
    }
}
