extension ClusterIndex {
    /// The items a cluster formed from, one zoom above it: at least two, in ascending order of
    /// their smallest point id (a point's own id), not supercluster's KD-tree order. Exact
    /// (supercluster searches a radius and can miss far children).
    /// - Parameter clusterID: A cluster id from a query.
    /// - Throws: ``ClusterError`` `no cluster with id N` for an unknown id, `7 is a point's id,
    ///   not a cluster's` for a point's.
    public func children(of clusterID: Int) throws(ClusterError) -> [ClusterItem] {
        var out: [ClusterItem] = []
        try children(of: clusterID, into: &out)
        return out
    }

    /// ``children(of:)`` into `out` (emptied first); allocates nothing once `out` is big enough.
    public func children(of clusterID: Int, into out: inout [ClusterItem]) throws(ClusterError) {
        out.removeAll(keepingCapacity: true)
        var c = store.firstChild(try clusterSlot(clusterID))
        while c >= 0 {
            out.append(item(c))
            c = store.nextSibling(c)
        }
    }

    /// The ids of the points inside a cluster, depth first in ``children(of:)`` order, skipping
    /// `offset` points and returning at most `limit` (supercluster's `getLeaves`, whose order is
    /// its KD-tree's, so its pages hold other points). The first is the cluster's smallest point
    /// id; the rest are not sorted: each child's points come before the next child's.
    /// - Parameters:
    ///   - clusterID: A cluster id from a query.
    ///   - limit: Most ids to return, ≥ 0 (default `10`; `Int.max` for all).
    ///   - offset: Ids to skip first, ≥ 0 (default `0`).
    /// - Throws: ``ClusterError`` for an unknown id, a point's id, or a negative limit or offset.
    public func leaves(of clusterID: Int, limit: Int = 10, offset: Int = 0) throws(ClusterError) -> [Int] {
        var out: [Int] = []
        try leaves(of: clusterID, limit: limit, offset: offset, into: &out)
        return out
    }

    /// ``leaves(of:limit:offset:)`` into `out` (emptied first); allocates nothing once `out` is big enough.
    public func leaves(of clusterID: Int, limit: Int = 10, offset: Int = 0, into out: inout [Int]) throws(ClusterError) {
        out.removeAll(keepingCapacity: true)
        guard limit >= 0 else { throw ClusterError(.invalidQuery, "leaves limit \(limit) is negative") }
        guard offset >= 0 else { throw ClusterError(.invalidQuery, "leaves offset \(offset) is negative") }
        let s = try clusterSlot(clusterID)
        var skip = offset
        appendLeaves(of: s, limit: limit, skip: &skip, into: &out)
    }

    /// The zoom where a cluster splits into its children: one above the zoom where it formed
    /// (supercluster's `getClusterExpansionZoom`), at most `maxZoom + 1`.
    /// - Parameter clusterID: A cluster id from a query.
    /// - Throws: ``ClusterError`` `no cluster with id N` for an unknown id, `7 is a point's id,
    ///   not a cluster's` for a point's.
    public func expansionZoom(of clusterID: Int) throws(ClusterError) -> Int {
        store.highest(try clusterSlot(clusterID)) + 1
    }

    // MARK: - Private helpers

    /// The slot of cluster `id` (``clusterID(point:zoom:)``): the ancestor of point p that formed at zoom z.
    func clusterSlot(_ id: Int) throws(ClusterError) -> Int32 {
        guard let s = liveClusterSlot(id) else {
            if id >= 0, points.slot(id) != nil {
                throw ClusterError(.wrongKind, "\(id) is a point's id, not a cluster's")
            }
            throw ClusterError(.unknownID, "no cluster with id \(id)")
        }
        return s
    }

    /// The slot of cluster `id`, or nil when no live cluster has that id (point ids never do).
    func liveClusterSlot(_ id: Int) -> Int32? {
        guard id < 0 else { return nil }
        let code = ~id, z = code & 31, p = code >> 5
        if z >= options.minZoom, z <= options.maxZoom, var s = points.slot(p) {
            while true {
                let highest = store.highest(s)
                if highest == z {
                    if store.isCluster(s), store.rep(s) == Int32(p) { return s }
                    break
                }
                let parent = store.parent(s)
                guard highest > z, parent >= 0 else { break }
                s = parent
            }
        }
        return nil
    }

    private func appendLeaves(of s: Int32, limit: Int, skip: inout Int, into out: inout [Int]) {
        var c = store.firstChild(s)
        while c >= 0, out.count < limit {
            let n = Int(store.count(c))
            if skip >= n {
                skip -= n
            } else if store.isCluster(c) {
                appendLeaves(of: c, limit: limit, skip: &skip, into: &out)
            } else {
                out.append(Int(store.rep(c)))
            }
            c = store.nextSibling(c)
        }
    }
}
