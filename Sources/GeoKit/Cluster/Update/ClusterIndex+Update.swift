extension ClusterIndex {
    /// Adds a point without rebuilding; afterwards the index equals a build of all live points in
    /// ascending id order (the new point has the largest id).
    /// - Parameter point: The point; its position must be valid as for ``init(points:options:)``.
    /// - Returns: The new point's id (the next id: ids are never reused).
    /// - Throws: ``ClusterError`` naming the bad coordinate or value (`inserted point: latitude nan is not a number`).
    @discardableResult
    public func insert(_ point: ClusterPoint) throws(ClusterError) -> Int {
        try ClusterPoints.validate(point, label: "inserted point")
        updater.work = 0
        prepareForUpdates()
        let id = points.nextID
        points.append(point)
        if !points.values.isEmpty { store.trackValues() }
        if !points.categories.isEmpty { store.trackCategories() }
        let x = Projection.x(longitude: point.longitude), y = Projection.y(latitude: point.latitude)
        let slot = store.allocate(x: x, y: y, rep: Int32(id), count: 1, highest: options.maxZoom + 1)
        if store.tracksValues { store.valueSums[Int(slot)] = points.value(id) }
        points.slots[id] = slot
        liveCount += 1
        grids[options.maxZoom - options.minZoom].insert(slot, x: x, y: y)
        propagate([Change(kind: .added, slot: slot)], freeing: [])
        return id
    }

    /// Removes a point without rebuilding; afterwards the index equals a build of the remaining
    /// points in ascending id order. The id is never given to another point.
    /// - Parameter pointID: The id of a live point.
    /// - Throws: ``ClusterError`` `no point with id N` if it never existed or was removed, or
    ///   `-33 is a cluster's id, not a point's` for a live cluster's id.
    public func remove(pointID: Int) throws(ClusterError) {
        guard let slot = points.slot(pointID) else {
            if liveClusterSlot(pointID) != nil {
                throw ClusterError(.wrongKind, "\(pointID) is a cluster's id, not a point's")
            }
            throw ClusterError(.unknownID, "no point with id \(pointID)")
        }
        updater.work = 0
        prepareForUpdates()
        let change = Change(kind: .removed, slot: slot, store: &store)
        grids[options.maxZoom - options.minZoom].remove(slot, x: change.oldX, y: change.oldY)
        applyToSeeds(change, zoom: options.maxZoom)
        points.slots[pointID] = -1
        points.coordinates[pointID * ClusterPoints.coordinateStride + ClusterPoints.longitudeOffset] = .nan
        points.coordinates[pointID * ClusterPoints.coordinateStride + ClusterPoints.latitudeOffset] = .nan
        liveCount -= 1
        propagate([change], freeing: [slot])
    }

    // MARK: - Private helpers

    /// What changed in the set of items alive at one zoom.
    struct Change {
        enum Kind { case added, removed, modified }
        var kind: Kind
        var slot: Int32
        /// Position and rep before this update (where the item sits in the grids below).
        var oldX = 0.0, oldY = 0.0
        var oldRep: Int32 = 0
        /// `lowest` and `parent` before this update, for an item no longer alive here.
        var oldLowest = 0
        var oldParent: Int32 = -1
        /// `nextSibling` before this update: the item may be relinked into a new cluster before
        /// the zoom whose old children list it was in is re-clustered.
        var oldNext: Int32 = -1

        init(kind: Kind, slot: Int32) {
            self.kind = kind
            self.slot = slot
        }

        /// A change recording the item's current (old) state.
        init(kind: Kind, slot: Int32, store: inout ClusterStore) {
            self.init(kind: kind, slot: slot)
            oldX = store.x(slot)
            oldY = store.y(slot)
            oldRep = store.rep(slot)
            oldLowest = store.lowest(slot)
            oldParent = store.parent(slot)
            oldNext = store.nextSibling(slot)
        }
    }

    /// Builds the neighbor grids on first use: per zoom z, the items alive at z + 1.
    func prepareForUpdates() {
        guard grids.isEmpty else { return }
        updater.work += store.slotCount * (options.maxZoom - options.minZoom + 1)
        var alive = [Int](repeating: 0, count: options.maxZoom - options.minZoom + 1)
        var live = ContiguousArray<Bool>(repeating: false, count: store.slotCount)
        for id in 0..<points.nextID {
            guard var s = points.slot(id) else { continue }
            while !live[Int(s)] {
                live[Int(s)] = true
                for z in gridZooms(of: s) { alive[z - options.minZoom] += 1 }
                let parent = store.parent(s)
                guard parent >= 0 else { break }
                s = parent
            }
        }
        grids = ContiguousArray(
            (options.minZoom...options.maxZoom).map {
                NeighborGrid(scale: Projection.cellScale(options, zoom: $0), expected: alive[$0 - options.minZoom])
            })
        for s in 0..<Int32(store.slotCount) where live[Int(s)] {
            for z in gridZooms(of: s) { grids[z - options.minZoom].insert(s, x: store.x(s), y: store.y(s)) }
        }
        buildSeedGrids(live: live)
    }

    /// The zooms z whose grid holds slot s: those where it is alive at z + 1.
    func gridZooms(of s: Int32) -> StrideThrough<Int> {
        stride(from: max(store.lowest(s) - 1, options.minZoom), through: min(store.highest(s) - 1, options.maxZoom), by: 1)
    }

    /// Re-clusters zoom by zoom from `maxZoom` down, carrying what changed, until nothing does.
    private func propagate(_ initial: [Change], freeing initialFreed: [Int32]) {
        var changes = initial
        var freed = initialFreed
        var z = options.maxZoom
        while !changes.isEmpty && z >= options.minZoom {
            changes = updater.level(z, changes, index: self, freed: &freed)
            if z > options.minZoom {
                applyToGrid(changes, zoom: z - 1)
            } else {
                applyToRoots(changes)
            }
            z -= 1
        }
        for s in freed {
            // A freed cluster has left every zoom it was alive at, and every grid with it.
            assert(!seedMasks.indices.contains(Int(s)) || seedMasks[Int(s)] == 0, "freed slot \(s) still listed as a seed")
            if Int(s) < seedMasks.count { seedMasks[Int(s)] = 0 }
            if store.tracksCategories { store.clearCategoryPairs(s) }
            store.setLink(s, ClusterStore.firstChildOffset, ClusterStore.none)
            store.freeSlots.append(s)
        }
        if store.tracksCategories { store.compactCategoryPoolIfNeeded() }
        lastUpdateWork = updater.work
    }

    /// Brings grid z (items alive at z + 1) up to date with the changes at zoom z + 1.
    private func applyToGrid(_ changes: [Change], zoom z: Int) {
        let g = z - options.minZoom
        for change in changes {
            let s = change.slot
            switch change.kind {
            case .added: grids[g].insert(s, x: store.x(s), y: store.y(s))
            case .removed: grids[g].remove(s, x: change.oldX, y: change.oldY)
            case .modified: grids[g].move(s, fromX: change.oldX, fromY: change.oldY, x: store.x(s), y: store.y(s))
            }
            applyToSeeds(change, zoom: z)
        }
    }

    /// Brings the roots (items alive at minZoom) up to date.
    private func applyToRoots(_ changes: [Change]) {
        var gone: [Int] = []
        for change in changes where change.kind == .removed {
            gone.append(Int(ClusterStore.rootMark - change.oldParent))
        }
        for i in gone.sorted(by: >) {
            let last = roots.removeLast()
            if i < roots.count {
                roots[i] = last
                store.setLink(last, ClusterStore.parentOffset, ClusterStore.rootMark - Int32(i))
            }
        }
        for change in changes where change.kind == .added {
            store.setLink(change.slot, ClusterStore.parentOffset, ClusterStore.rootMark - Int32(roots.count))
            store.setLowest(change.slot, options.minZoom)
            roots.append(change.slot)
        }
    }
}
