/// Phase two of re-clustering one zoom: the touched seeds' groups rebuilt, clusters formed,
/// kept or dropped, and the changes handed to the zoom below.
extension UpdateScratch {
    /// Rebuilds every touched seed's group and lists what changed among the items alive at z.
    mutating func rebuildGroups(
        _ z: Int, _ changes: [Change], index: ClusterIndex, store: inout ClusterStore,
        grid: NeighborGrid, r2: Double, freed: inout [Int32]
    ) -> [Change] {
        let minPoints = Int32(index.options.minPoints)
        var out: [Change] = []
        // Phase 1, on the old structure: each touched live seed's new group and its old cluster.
        groups.removeAll(keepingCapacity: true)
        var oldClusters: [Int32] = []
        var seen = Set<Int32>(), gone = Set<Int32>()
        for s in touched {
            if let change = change(s, changes), change.kind == .removed {
                if let p = oldClusterOf(s, lowest: change.oldLowest, parent: change.oldParent, zoom: z, store: &store) {
                    oldClusters.append(p)
                }
                continue
            }
            let oldCluster = oldClusterOf(s, zoom: z, changes: changes, store: &store)
            if let p = oldCluster { oldClusters.append(p) }
            guard claimOf(s, grid, &store, r2, zoom: z) == s, seen.insert(s).inserted else { continue }
            groups.append(s)
            // Members passed through under minPoints have no claim on record: search for them.
            if store.tracksReleases && oldCluster == nil && change(s, changes)?.kind != .added
                && oldClaim(s, lowest: Self.lowest(s, &store), parent: Self.parent(s, &store), zoom: z, store: &store) == s
            {
                appendMembersBySearch(of: s, grid, &store, r2, zoom: z)
            } else {
                appendMembers(of: s, oldCluster: oldCluster, changes, &store)
            }
            groups.append(-1)
        }
        work += 2 * groups.count  // merged, then linked and summed
        // Phase 2: apply.
        var reused = Set<Int32>()
        var i = 0
        while i < groups.count {
            let seed = groups[i]
            var end = i + 1
            // Flat reads: a debug build copies the whole store for each accessor call here.
            var total = store.links[Int(seed) &* ClusterStore.linkStride &+ ClusterStore.countOffset]
            while groups[end] >= 0 {
                total += store.links[Int(groups[end]) &* ClusterStore.linkStride &+ ClusterStore.countOffset]
                end += 1
            }
            let members = groups[(i + 1)..<end]
            let oldCluster = oldClusterOf(seed, zoom: z, changes: changes, store: &store)
            if !members.isEmpty && total >= minPoints {
                let cluster: Int32
                if let p = oldCluster {
                    cluster = p
                    reused.insert(p)
                    out.append(Change(kind: .modified, slot: p, store: &store))
                } else {
                    cluster = store.allocate(x: 0, y: 0, rep: 0, count: 0, highest: z)
                    grow(store.slotCount)
                    out.append(Change(kind: .added, slot: cluster))
                }
                for g in i..<end where changeAt[Int(groups[g])] == epoch || Self.lowest(groups[g], &store) <= z {
                    leave(groups[g], zoom: z, changes: changes, store: &store, out: &out)
                }
                Self.link(groups[i..<end], to: cluster, zoom: z, store: &store)
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
            out.append(Change(kind: .removed, slot: p, store: &store))
            freed.append(p)
        }
        // Items alive at z whose change passes through untouched groups: removals only.
        for change in changes where change.kind == .removed && change.oldLowest <= z {
            out.append(change)
        }
        return out
    }

    /// Appends the members of seed `s`'s group in ascending rep: the old children it still
    /// claims (those not decided again: their claim is unchanged) merged with the items decided
    /// into its group now (listed in the order decided, ascending rep).
    private mutating func appendMembers(of s: Int32, oldCluster: Int32?, _ changes: [Change], _ store: inout ClusterStore) {
        let links = store.links  // read only here: flat reads keep a debug build from copying the store per child
        @inline(__always) func next(_ k: Int32) -> Int32 { links[Int(k) &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] }
        @inline(__always) func rep(_ k: Int32) -> Int32 { links[Int(k) &* ClusterStore.linkStride &+ ClusterStore.repOffset] }
        // The seed is its old cluster's first child; the rest follow in ascending rep.
        var old = oldCluster == nil ? -1 : next(s)
        var joined = joinAt[Int(s)] == epoch ? joinHead[Int(s)] : -1
        while true {
            while old >= 0 {
                // A child gone from z + 1 may sit in a new cluster by now: follow its old link.
                if changeAt[Int(old)] == epoch, changes[Int(changeIndex[Int(old)])].kind == .removed {
                    old = changes[Int(changeIndex[Int(old)])].oldNext
                } else if decidedAt[Int(old)] == epoch {
                    old = next(old)
                } else {
                    break
                }
            }
            if old < 0 && joined < 0 { return }
            if joined < 0 || (old >= 0 && rep(old) < rep(joined)) {
                groups.append(old)
                old = next(old)
            } else {
                groups.append(joined)
                joined = joinNext[Int(joined)]
            }
        }
    }

    /// Appends the members of seed `s`'s group found by searching around it, in ascending rep.
    private mutating func appendMembersBySearch(of s: Int32, _ grid: NeighborGrid, _ store: inout ClusterStore, _ r2: Double, zoom z: Int) {
        let start = groups.count
        let sx = Self.x(s, &store), sy = Self.y(s, &store), rep = Self.rep(s, &store)
        candidates.removeAll(keepingCapacity: true)
        grid.forEachCandidate(nearX: sx, y: sy) { candidates.append($0) }
        work += candidates.count
        for j in candidates where j != s && Self.rep(j, &store) > rep {
            let dx = Self.x(j, &store) - sx, dy = Self.y(j, &store) - sy
            if dx * dx + dy * dy <= r2 && claimOf(j, grid, &store, r2, zoom: z) == s { groups.append(j) }
        }
        groups.withUnsafeMutableBufferPointer { g in
            g[start..<g.count].sort { Self.rep($0, &store) < Self.rep($1, &store) }
        }
    }

    /// A child of a cluster formed at z: if it was alive at z, it no longer is.
    private mutating func leave(_ k: Int32, zoom z: Int, changes: [Change], store: inout ClusterStore, out: inout [Change]) {
        let change = self.change(k, changes)
        guard change?.kind != .added, Self.lowest(k, &store) <= z else { return }
        var record = Change(kind: .removed, slot: k, store: &store)
        if let change { record.oldX = change.oldX; record.oldY = change.oldY; record.oldRep = change.oldRep }
        out.append(record)
    }

    /// An item that passes through zoom z (alone, or beside a group under minPoints).
    private mutating func stay(_ k: Int32, released: Bool, zoom z: Int, changes: [Change], store: inout ClusterStore, out: inout [Change]) {
        if store.tracksReleases {
            if released { store.releasedMasks[Int(k)] |= 1 << UInt32(z) } else { store.releasedMasks[Int(k)] &= ~(1 << UInt32(z)) }
        }
        let change = self.change(k, changes)
        if change?.kind == .added || Self.lowest(k, &store) > z {
            store.setLowest(k, z)
            store.setLink(k, ClusterStore.parentOffset, ClusterStore.noParent)
            out.append(Change(kind: .added, slot: k))
        } else if let change, change.kind == .modified {
            out.append(change)
        }
    }

    /// Makes `children` (ascending rep) the children of `cluster`, formed at z.
    private static func link(_ children: ArraySlice<Int32>, to cluster: Int32, zoom z: Int, store: inout ClusterStore) {
        let tracksReleases = store.tracksReleases
        let keep = ~(UInt32(1) << UInt32(z))
        children.withUnsafeBufferPointer { children in
            store.links.withUnsafeMutableBufferPointer { links in
                store.zooms.withUnsafeMutableBufferPointer { zooms in
                    store.releasedMasks.withUnsafeMutableBufferPointer { released in
                        var previous = -1
                        for child in children {
                            let c = Int(child)
                            links[c &* ClusterStore.linkStride &+ ClusterStore.parentOffset] = cluster
                            zooms[c &* ClusterStore.zoomStride &+ ClusterStore.lowestOffset] = UInt8(z + 1)
                            if tracksReleases { released[c] &= keep }
                            if previous >= 0 {
                                links[previous &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] = child
                            } else {
                                links[Int(cluster) &* ClusterStore.linkStride &+ ClusterStore.firstChildOffset] = child
                            }
                            previous = c
                        }
                        links[previous &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset] = ClusterStore.none
                    }
                }
            }
        }
    }

    /// The cluster formed at z whose seed `s` was, before this update.
    private mutating func oldClusterOf(_ s: Int32, zoom z: Int, changes: [Change], store: inout ClusterStore) -> Int32? {
        if change(s, changes)?.kind == .added { return nil }
        return oldClusterOf(s, lowest: Self.lowest(s, &store), parent: Self.parent(s, &store), zoom: z, store: &store)
    }

    private mutating func oldClusterOf(_ s: Int32, lowest: Int, parent: Int32, zoom z: Int, store: inout ClusterStore) -> Int32? {
        guard lowest == z + 1, parent >= 0, Self.highest(parent, &store) == z, Self.firstChild(parent, &store) == s else { return nil }
        return parent
    }
}
