extension ClusterIndex {
    /// About how many bytes the index holds: the capacity of every array it keeps times its
    /// element's size (store, points, roots, neighbor and seed grids, update scratch), plus the
    /// category names. O(zooms): every figure is an array's capacity, nothing is walked.
    public var storageBytes: Int {
        var bytes = 256 + store.storageBytes + points.storageBytes + roots.capacity * 4 + seedMasks.capacity * 4
        for grid in grids { bytes += grid.storageBytes }
        for grid in seedGrids { bytes += grid.storageBytes }
        return bytes + updater.storageBytes
    }
}

extension ClusterStore {
    var storageBytes: Int {
        positions.capacity * 8 + links.capacity * 4 + zooms.capacity + reaches.capacity * 4 + valueSums.capacity * 8
            + categorySpans.capacity * 4 + categoryPool.capacity * 4 + releasedMasks.capacity * 4 + freeSlots.capacity * 4
    }
}

extension ClusterPoints {
    var storageBytes: Int {
        // A category name: its String (16 bytes, longer names on the heap) in the list and in the lookup.
        coordinates.capacity * 8 + slots.capacity * 4 + categories.capacity * 4 + values.capacity * 8
            + categoryNames.count * 96
    }
}

extension NeighborGrid {
    var storageBytes: Int { keyCapacity * 12 + nodeCapacity * 8 }
}

extension UpdateScratch {
    var storageBytes: Int {
        // Per slot: six UInt32/Int32 stamps and claims, four join links; then the work lists.
        queuedAt.capacity * 40 + heap.capacity * 8 + touched.capacity * 4 + candidates.capacity * 4 + groups.capacity * 4
            + category.counts.capacity * 4 + category.touched.capacity * 4 + category.pairs.capacity * 4 + seeds.storageBytes
    }
}
