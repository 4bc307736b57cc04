extension ClusterIndex {
    /// Builds every zoom from the live points (ids whose coordinates are not NaN), visiting them
    /// in ascending id order at `maxZoom + 1`, then each zoom's items in ascending rep.
    func build() {
        var store = ClusterStore()
        var slots = ContiguousArray<Int32>(repeating: -1, count: points.nextID)
        let table = points
        var liveIDs = ContiguousArray<Int32>()
        liveIDs.reserveCapacity(table.nextID)
        for id in 0..<table.nextID where !table.longitude(id).isNaN { liveIDs.append(Int32(id)) }
        let live = liveIDs.count
        store.reserve(2 * live)
        if !table.values.isEmpty { store.trackValues() }
        if !table.categories.isEmpty { store.trackCategories() }
        if options.minPoints > 2 { store.tracksReleases = true }
        // The points are the first `live` slots, in id order: slot i holds liveIDs[i].
        liveIDs.withUnsafeBufferPointer { ids in
            store.appendLeaves(live, highest: options.maxZoom + 1, rep: { ids[$0] }) { i in
                let id = Int(ids[i])
                return (Projection.x(longitude: table.longitude(id)), Projection.y(latitude: table.latitude(id)))
            }
        }
        var level = ContiguousArray<Int32>(unsafeUninitializedCapacity: live) { buffer, count in
            for i in 0..<live { buffer[i] = Int32(i) }
            count = live
        }
        for (i, id) in liveIDs.enumerated() {
            slots[Int(id)] = Int32(i)
            if store.tracksValues { store.valueSums[i] = table.value(Int(id)) }
        }
        let builder = LevelBuilder.checkOut(options: options)
        defer { LevelBuilder.checkIn(builder) }
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
