/// Re-clusters one zoom after changes in the items of the zoom above, for insert and remove.
///
/// At zoom z the greedy pass makes an item a *seed* when no seed with a smaller rep lies within
/// the radius, and puts every other item in the group of the smallest-rep seed within the
/// radius (its *claim*). So only items near a change can change: they are re-decided in
/// ascending rep (a heap), and a decision that flips a seed wakes the items after it within the
/// radius. Groups whose members changed are rebuilt with the same arithmetic as a build.
/// Per-slot marks are epoch-stamped so nothing is cleared between zooms. One per index.
struct UpdateScratch {
    private var epoch: UInt32 = 0
    private var queuedAt = ContiguousArray<UInt32>()
    private var decidedAt = ContiguousArray<UInt32>()
    private var claims = ContiguousArray<Int32>()   // decided claim: itself for a seed
    private var touchedAt = ContiguousArray<UInt32>()
    private var heap = ContiguousArray<Int64>()     // rep << 32 | slot
    private var touched = ContiguousArray<Int32>()
    private var changeAt: [Int32: Int] = [:]
    private var candidates = ContiguousArray<Int32>()
    private var groups = ContiguousArray<Int32>()   // flat: seed, members..., -1
    private var category = CategoryScratch()

    typealias Change = ClusterIndex.Change

    /// The item's status at zoom z before this update: seed, or the seed it was claimed by
    /// (-2: claimed, by a seed to find; only for items passed through under minPoints > 2).
    private func oldClaim(_ k: Int32, lowest: Int, parent: Int32, zoom z: Int, store: ClusterStore) -> Int32 {
        if lowest <= z {
            if store.tracksReleases, store.releasedMasks[Int(k)] & (1 << UInt32(z)) != 0 { return -2 }
            return k
        }
        return store.firstChild(parent)
    }

    mutating func level(_ z: Int, _ changes: [Change], index: ClusterIndex, freed: inout [Int32]) -> [Change] {
        var store = ClusterStore()
        swap(&store, &index.store)
        defer { swap(&store, &index.store) }
        let grid = index.grids[z - index.options.minZoom]
        let r = Projection.radius(index.options, zoom: z), r2 = r * r
        grow(store.slotCount)
        currentZoom = z
        epoch &+= 1
        heap.removeAll(keepingCapacity: true)
        touched.removeAll(keepingCapacity: true)
        changeAt.removeAll(keepingCapacity: true)
        for (i, change) in changes.enumerated() { changeAt[change.slot] = i }

        // Wake what each change can affect.
        for change in changes {
            let k = change.slot
            switch change.kind {
            case .added:
                push(k, store)
            case .modified:
                push(k, store)
                let old = oldClaim(k, lowest: store.lowest(k), parent: store.parent(k), zoom: z, store: store)
                if old == k && change.oldRep != store.rep(k) {
                    pushNear(change.oldX, change.oldY, above: change.oldRep, grid, store, r2)
                }
            case .removed:
                let old = oldClaim(k, lowest: change.oldLowest, parent: change.oldParent, zoom: z, store: store)
                if old == k {
                    pushNear(change.oldX, change.oldY, above: change.oldRep, grid, store, r2)
                    touch(k)
                } else if old >= 0 {
                    touch(old)
                }
            }
        }

        // Decide in ascending rep.
        while let k = pop() {
            guard decidedAt[Int(k)] != epoch else { continue }
            let claim = freshClaim(k, grid, store, r2)
            decidedAt[Int(k)] = epoch
            claims[Int(k)] = claim
            let change = changeAt[k].map { changes[$0] }
            let isNew = change?.kind == .added
            let oldX = change?.oldX ?? store.x(k), oldY = change?.oldY ?? store.y(k)
            let old: Int32 = isNew ? -1 : oldClaim(k, lowest: store.lowest(k), parent: store.parent(k), zoom: z, store: store)
            let wasSeed = old == k, isSeed = claim == k
            let moved = !isNew && (oldX != store.x(k) || oldY != store.y(k))
            if wasSeed != isSeed {
                if isSeed { pushNear(store.x(k), store.y(k), above: store.rep(k), grid, store, r2) }
                if wasSeed { pushNear(oldX, oldY, above: store.rep(k), grid, store, r2) }
            } else if isSeed && moved {
                pushChangedNear(k, oldX, oldY, grid, store, r2)
            }
            touch(claim)
            // A released item's old group passed through and still does: no need to touch it.
            if old >= 0 { touch(old) }
        }

        return rebuildGroups(z, changes, index: index, store: &store, grid: grid, r2: r2, freed: &freed)
    }

    // MARK: - Groups

    /// Rebuilds every touched seed's group and lists what changed among the items alive at z.
    private mutating func rebuildGroups(_ z: Int, _ changes: [Change], index: ClusterIndex, store: inout ClusterStore,
                                        grid: NeighborGrid, r2: Double, freed: inout [Int32]) -> [Change] {
        let minPoints = Int32(index.options.minPoints)
        var out: [Change] = []
        // Phase 1, on the old structure: each touched live seed's new group and its old cluster.
        groups.removeAll(keepingCapacity: true)
        var oldClusters: [Int32] = []
        var seen = Set<Int32>(), gone = Set<Int32>()
        for s in touched {
            if let i = changeAt[s], changes[i].kind == .removed {
                if let p = oldClusterOf(s, lowest: changes[i].oldLowest, parent: changes[i].oldParent, zoom: z, store: store) {
                    oldClusters.append(p)
                }
                continue
            }
            if let p = oldClusterOf(s, zoom: z, changes: changes, store: store) { oldClusters.append(p) }
            guard claimOf(s, grid, store, r2, zoom: z) == s, seen.insert(s).inserted else { continue }
            groups.append(s)
            let start = groups.count
            let sx = store.x(s), sy = store.y(s), rep = store.rep(s)
            candidates.removeAll(keepingCapacity: true)
            grid.forEachCandidate(nearX: sx, y: sy) { candidates.append($0) }
            for j in candidates where j != s && store.rep(j) > rep {
                let dx = store.x(j) - sx, dy = store.y(j) - sy
                if dx * dx + dy * dy <= r2 && claimOf(j, grid, store, r2, zoom: z) == s { groups.append(j) }
            }
            groups.withUnsafeMutableBufferPointer { g in
                g[start..<g.count].sort { store.rep($0) < store.rep($1) }
            }
            groups.append(-1)
        }
        // Phase 2: apply.
        var reused = Set<Int32>()
        var i = 0
        while i < groups.count {
            let seed = groups[i]
            var end = i + 1
            var total = store.count(seed)
            while groups[end] >= 0 {
                total += store.count(groups[end])
                end += 1
            }
            let members = groups[(i + 1)..<end]
            let oldCluster = oldClusterOf(seed, zoom: z, changes: changes, store: store)
            if !members.isEmpty && total >= minPoints {
                let cluster: Int32
                if let p = oldCluster {
                    cluster = p
                    reused.insert(p)
                    out.append(Change(kind: .modified, slot: p, store: store))
                } else {
                    cluster = store.allocate(x: 0, y: 0, rep: 0, count: 0, highest: z)
                    grow(store.slotCount)
                    out.append(Change(kind: .added, slot: cluster))
                }
                var previous: Int32 = -1
                for child in groups[i..<end] {
                    leave(child, zoom: z, changes: changes, store: store, out: &out)
                    store.setLink(child, ClusterStore.parentOffset, cluster)
                    store.setLowest(child, z + 1)
                    if store.tracksReleases { store.releasedMasks[Int(child)] &= ~(1 << UInt32(z)) }
                    if previous >= 0 {
                        store.setLink(previous, ClusterStore.nextSiblingOffset, child)
                    } else {
                        store.setLink(cluster, ClusterStore.firstChildOffset, child)
                    }
                    previous = child
                }
                store.setLink(previous, ClusterStore.nextSiblingOffset, ClusterStore.none)
                store.recompute(cluster, points: index.points, scratch: &category)
            } else {
                for child in groups[i..<end] {
                    stay(child, released: child != seed, zoom: z, changes: changes, store: &store, out: &out)
                }
            }
            i = end + 1
        }
        // Old clusters not reused are gone from zoom z.
        for p in oldClusters where !reused.contains(p) && gone.insert(p).inserted {
            out.append(Change(kind: .removed, slot: p, store: store))
            freed.append(p)
        }
        // Items alive at z whose change passes through untouched groups: removals only.
        for change in changes where change.kind == .removed && change.oldLowest <= z {
            out.append(change)
        }
        return out
    }

    /// A child of a cluster formed at z: if it was alive at z, it no longer is.
    private func leave(_ k: Int32, zoom z: Int, changes: [Change], store: ClusterStore, out: inout [Change]) {
        let change = changeAt[k].map { changes[$0] }
        guard change?.kind != .added, store.lowest(k) <= z else { return }
        var record = Change(kind: .removed, slot: k, store: store)
        if let change { record.oldX = change.oldX; record.oldY = change.oldY; record.oldRep = change.oldRep }
        out.append(record)
    }

    /// An item that passes through zoom z (alone, or beside a group under minPoints).
    private func stay(_ k: Int32, released: Bool, zoom z: Int, changes: [Change], store: inout ClusterStore, out: inout [Change]) {
        if store.tracksReleases {
            if released { store.releasedMasks[Int(k)] |= 1 << UInt32(z) } else { store.releasedMasks[Int(k)] &= ~(1 << UInt32(z)) }
        }
        let change = changeAt[k].map { changes[$0] }
        if change?.kind == .added || store.lowest(k) > z {
            store.setLowest(k, z)
            store.setLink(k, ClusterStore.parentOffset, ClusterStore.noParent)
            out.append(Change(kind: .added, slot: k))
        } else if let change, change.kind == .modified {
            out.append(change)
        }
    }

    /// The cluster formed at z whose seed `s` was, before this update.
    private func oldClusterOf(_ s: Int32, zoom z: Int, changes: [Change], store: ClusterStore) -> Int32? {
        if let i = changeAt[s], changes[i].kind == .added { return nil }
        return oldClusterOf(s, lowest: store.lowest(s), parent: store.parent(s), zoom: z, store: store)
    }

    private func oldClusterOf(_ s: Int32, lowest: Int, parent: Int32, zoom z: Int, store: ClusterStore) -> Int32? {
        guard lowest == z + 1, parent >= 0, store.highest(parent) == z, store.firstChild(parent) == s else { return nil }
        return parent
    }

    // MARK: - Decisions

    /// The seed claiming `k` now: its decided claim, or else its unchanged old one.
    private func claimOf(_ k: Int32, _ grid: NeighborGrid, _ store: ClusterStore, _ r2: Double, zoom z: Int) -> Int32 {
        if decidedAt[Int(k)] == epoch { return claims[Int(k)] }
        let old = oldClaim(k, lowest: store.lowest(k), parent: store.parent(k), zoom: z, store: store)
        return old == -2 ? freshClaim(k, grid, store, r2) : old
    }

    /// Whether `k` is a seed now (decided, or unchanged).
    private func isSeed(_ k: Int32, _ store: ClusterStore, zoom z: Int) -> Bool {
        if decidedAt[Int(k)] == epoch { return claims[Int(k)] == k }
        if store.lowest(k) <= z {
            return !(store.tracksReleases && store.releasedMasks[Int(k)] & (1 << UInt32(z)) != 0)
        }
        return store.firstChild(store.parent(k)) == k
    }

    /// The smallest-rep seed within the radius of `k` with a smaller rep, or `k` if none.
    private func freshClaim(_ k: Int32, _ grid: NeighborGrid, _ store: ClusterStore, _ r2: Double) -> Int32 {
        let kx = store.x(k), ky = store.y(k), rep = store.rep(k)
        let z = currentZoom
        var best = k, bestRep = rep
        grid.forEachCandidate(nearX: kx, y: ky) { j in
            let jr = store.rep(j)
            guard jr < bestRep else { return }
            let dx = store.x(j) - kx, dy = store.y(j) - ky
            if dx * dx + dy * dy <= r2 && isSeed(j, store, zoom: z) {
                best = j
                bestRep = jr
            }
        }
        return best
    }

    /// The zoom being re-clustered.
    private var currentZoom = 0

    // MARK: - Queue

    private mutating func push(_ k: Int32, _ store: ClusterStore) {
        guard queuedAt[Int(k)] != epoch, decidedAt[Int(k)] != epoch else { return }
        queuedAt[Int(k)] = epoch
        heap.append(Int64(store.rep(k)) << 32 | Int64(k))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard heap[parent] > heap[i] else { break }
            heap.swapAt(parent, i)
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
                heap.swapAt(i, m)
                i = m
            }
        }
        return Int32(truncatingIfNeeded: top)
    }

    /// Queues every item within the radius of (x, y) whose rep is above `rep`.
    private mutating func pushNear(_ x: Double, _ y: Double, above rep: Int32, _ grid: NeighborGrid, _ store: ClusterStore, _ r2: Double) {
        candidates.removeAll(keepingCapacity: true)
        grid.forEachCandidate(nearX: x, y: y) { candidates.append($0) }
        for j in candidates where store.rep(j) > rep {
            let dx = store.x(j) - x, dy = store.y(j) - y
            if dx * dx + dy * dy <= r2 { push(j, store) }
        }
    }

    /// Queues the items after seed `k` whose being within its radius changed as it moved.
    private mutating func pushChangedNear(_ k: Int32, _ oldX: Double, _ oldY: Double, _ grid: NeighborGrid,
                                          _ store: ClusterStore, _ r2: Double) {
        let x = store.x(k), y = store.y(k), rep = store.rep(k)
        candidates.removeAll(keepingCapacity: true)
        grid.forEachCandidate(nearX: x, y: y) { candidates.append($0) }
        grid.forEachCandidate(nearX: oldX, y: oldY) { candidates.append($0) }
        for j in candidates where store.rep(j) > rep {
            let jx = store.x(j), jy = store.y(j)
            let newIn = (jx - x) * (jx - x) + (jy - y) * (jy - y) <= r2
            let oldIn = (jx - oldX) * (jx - oldX) + (jy - oldY) * (jy - oldY) <= r2
            if newIn != oldIn { push(j, store) }
        }
    }

    private mutating func touch(_ s: Int32) {
        guard s >= 0, touchedAt[Int(s)] != epoch else { return }
        touchedAt[Int(s)] = epoch
        touched.append(s)
    }

    private mutating func grow(_ slots: Int) {
        guard queuedAt.count < slots else { return }
        let more = max(slots - queuedAt.count, queuedAt.count / 2)
        queuedAt.append(contentsOf: repeatElement(0, count: more))
        decidedAt.append(contentsOf: repeatElement(0, count: more))
        claims.append(contentsOf: repeatElement(-1, count: more))
        touchedAt.append(contentsOf: repeatElement(0, count: more))
    }
}
