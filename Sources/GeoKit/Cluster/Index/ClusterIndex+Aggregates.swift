extension ClusterIndex {
    /// How many points of each category an item holds, most first, then by name; categories
    /// with no point are left out. Computed when the cluster formed, not per call.
    /// - Parameter item: A point or cluster from a query on this index; a stale item (whose id
    ///   no longer exists after an insert or remove) gives `[]`.
    public func categoryCounts(of item: ClusterItem) -> [(category: String, count: Int)] {
        guard store.tracksCategories, let s = slot(of: item) else { return [] }
        var result: [(category: String, count: Int)] = []
        if store.isCluster(s) {
            let pairs = store.categoryPairs(s)
            var k = pairs.startIndex
            while k < pairs.endIndex {
                result.append((points.categoryNames[Int(pairs[k])], Int(pairs[k + 1])))
                k += ClusterStore.pairStride
            }
        } else if case let c = points.category(Int(store.rep(s))), c >= 0 {
            result.append((points.categoryNames[Int(c)], 1))
        }
        return result.sorted { $0.count != $1.count ? $0.count > $1.count : $0.category < $1.category }
    }

    /// The sum of the `value`s of the points an item holds (points without a value add 0).
    /// Computed when the cluster formed, not per call.
    /// - Parameter item: A point or cluster from a query on this index; a stale item gives 0.
    public func valueSum(of item: ClusterItem) -> Double {
        guard store.tracksValues, let s = slot(of: item) else { return 0 }
        return store.valueSums[Int(s)]
    }

    /// The slot of a queried item, or nil when its id is unknown.
    private func slot(of item: ClusterItem) -> Int32? {
        if item.isCluster { return try? clusterSlot(item.id) }
        return points.slot(item.id)
    }
}
