extension ClusterIndex {
    /// Builds every zoom from the live points (ids whose coordinates are not NaN), visiting them
    /// in ascending id order at `maxZoom + 1`, then each zoom's items in ascending rep. The
    /// scratch memory is `scratch`'s if given, else the build's own, freed when it returns; the
    /// index's arrays come from `scratch`'s page pool, else from one of the index's own.
    func build(scratch: BuildScratch?) {
        var store = ClusterStore()
        // The table's slot array is reset and filled in place rather than replaced by a second
        // one (4 bytes a point of fresh pages, faulted in on a first build). Taken out first, so
        // that `table` below shares no storage with it and the writes copy nothing (unless the
        // table came from another index, which keeps its own).
        let idCount = points.nextID
        var slots = ContiguousArray<Int32>()
        swap(&slots, &points.slots)
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        let table = points
        // Removed points have NaN coordinates; every id is written, and only live ones are kept.
        let liveIDs = ContiguousArray<Int32>(unsafeUninitializedCapacity: idCount) { liveIDs, count in
            table.coordinates.withUnsafeBufferPointer { coordinates in
                var live = 0
                for id in 0..<idCount {
                    liveIDs[live] = Int32(id)
                    live &+= coordinates[id &* ClusterPoints.coordinateStride &+ ClusterPoints.longitudeOffset].isNaN ? 0 : 1
                }
                count = live
            }
        }
        let live = liveIDs.count
        // The points are the first `live` slots, in id order: slot i holds liveIDs[i].
        liveIDs.withUnsafeBufferPointer { ids in
            table.coordinates.withUnsafeBufferPointer { coordinates in
                store.fillLeaves(
                    ids: ids, coordinates: coordinates, highest: options.maxZoom + 1, capacity: 2 * live,
                    pages: scratch?.pages ?? HugePageBlocks())
            }
            slots.withUnsafeMutableBufferPointer { slots in
                ParallelSplit.forEachChunk(live) { _, chunk in
                    for i in chunk { slots[Int(ids[i])] = Int32(i) }
                }
            }
        }
        if !table.values.isEmpty {
            store.trackValues()
            for (i, id) in liveIDs.enumerated() { store.valueSums[i] = table.value(Int(id)) }
        }
        if !table.categories.isEmpty { store.trackCategories() }
        if options.minPoints > 2 { store.trackReleases() }
        // The first level is the point slots 0..<live. When every id is live (a build from new
        // points), those are the live ids themselves: that array becomes the level instead of a
        // second one of 4 bytes a point (fresh pages, on a first build) with the same contents.
        var level: ContiguousArray<Int32>
        if live == idCount {
            level = consume liveIDs
        } else {
            level = ContiguousArray<Int32>(unsafeUninitializedCapacity: live) { buffer, count in
                for i in 0..<live { buffer[i] = Int32(i) }
                count = live
            }
        }
        let builder = scratch?.builder(for: options) ?? LevelBuilder(options: options)
        builder.prepare(items: live)
        defer { scratch?.trim() }
        var scratch = CategoryScratch()
        for z in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            builder.cluster(&level, zoom: z, store: &store, points: table, scratch: &scratch)
        }
        for (i, s) in level.enumerated() {
            store.setLink(s, ClusterStore.parentOffset, ClusterStore.rootMark - Int32(i))
            store.setLowest(s, options.minZoom)
        }
        self.store = store
        self.points.slots = slots
        self.roots = level
        self.liveCount = live
    }
}
