extension ClusterIndex {
    /// Builds every zoom from the live points (ids whose coordinates are not NaN), visiting them
    /// in ascending id order at `maxZoom + 1`, then each zoom's items in ascending rep.
    func build() {
        var store = ClusterStore()
        var slots = ContiguousArray<Int32>(repeating: -1, count: points.nextID)
        var level = ContiguousArray<Int32>()
        let table = points
        var live = 0
        for id in 0..<table.nextID where !table.longitude(id).isNaN { live += 1 }
        store.reserve(2 * live)
        level.reserveCapacity(live)
        if !table.values.isEmpty { store.trackValues() }
        if !table.categories.isEmpty { store.trackCategories() }
        if options.minPoints > 2 { store.tracksReleases = true }
        let top = options.maxZoom + 1
        for id in 0..<table.nextID {
            let longitude = table.longitude(id)
            guard !longitude.isNaN else { continue }
            let s = store.allocate(x: Projection.x(longitude: longitude), y: Projection.y(latitude: table.latitude(id)),
                                   rep: Int32(id), count: 1, highest: top)
            if store.tracksValues { store.valueSums[Int(s)] = table.value(id) }
            slots[id] = s
            level.append(s)
        }
        let builder = LevelBuilder(options: options)
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
