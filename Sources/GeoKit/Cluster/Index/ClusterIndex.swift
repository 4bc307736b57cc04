/// A hierarchical greedy point clusterer with supercluster's semantics, plus insert, remove and
/// per-cluster aggregates.
///
/// At each zoom from `maxZoom` down to `minZoom` the items of the zoom above are visited in
/// ascending order of their smallest point id (supercluster's order: input order, then the order
/// in which clusters formed); each item not yet taken becomes a cluster with every untaken item
/// within `radius / (extent · 2^zoom)` of it in projected Web Mercator units, if they hold at
/// least `minPoints` points. Projected coordinates, distances and weighted centers are float64,
/// as supercluster computes them when its Float32Array is replaced by Float64Array (and as
/// pysupercluster does): for the same points and options the clusters are the reference's.
///
/// **Ids.** A point's id is its index in input order (0, 1, 2, …); inserted points continue the
/// sequence; ids are never reused. A cluster's id is negative, `-1 - (32 × p + z)` (`~(p << 5 | z)`):
/// `z` is the zoom where it formed (one below the zoom where ``expansionZoom(of:)`` splits it)
/// and `p` is the smallest point id inside. So the two never meet: a point's id given where a
/// cluster's is expected (or the reverse) is an error naming the mix-up, never another item.
/// Inserting or removing points leaves every other cluster's id alone; a cluster's id changes
/// only when its smallest point is removed or its points regroup so that no cluster formed at
/// `z` has `p` as its smallest point any more (then the old id is unknown).
///
/// **Insert and remove are exact**: afterwards every zoom holds exactly the items, ids,
/// counts, centers (bit for bit) and aggregates that a new index built from the live points in
/// ascending id order would hold. The first insert or remove builds neighbor grids
/// (about 40 bytes per item and zoom, plus grids of the seeds); later ones touch only what
/// changed. A change costs about the number of children of the clusters it changes (a
/// cluster's center is a sum over its children in order, so it is summed again), however many
/// points lie at one spot.
///
/// Queries never mutate the index; insert and remove must not run concurrently with anything.
/// A build of tens of thousands of points or more splits its independent passes over the
/// machine's cores (``ParallelSplit``) and returns the same index as on one thread.
public final class ClusterIndex {
    /// The options the index was built with.
    public let options: ClusterOptions

    var store = ClusterStore()
    var points = ClusterPoints()
    /// Items alive at `minZoom`, in no particular order.
    var roots = ContiguousArray<Int32>()
    var liveCount = 0
    /// Per zoom z in minZoom...maxZoom, the items alive at z + 1; built on the first mutation.
    var grids = ContiguousArray<NeighborGrid>()
    /// Per zoom z, the items alive at z + 1 that are seeds at z (`ClusterIndex+Seeds.swift`).
    var seedGrids = ContiguousArray<NeighborGrid>()
    /// Per slot, bit z set when it is listed in the seed grid of zoom z.
    var seedMasks = ContiguousArray<UInt32>()
    var updater = UpdateScratch()

    /// Clusters `points`; point `i` gets id `i`.
    /// - Parameters:
    ///   - points: The points, with their optional category and value.
    ///   - options: How to cluster (default: supercluster's defaults).
    ///   - scratch: Memory to build in, reused from build to build (default: the build's own).
    /// - Throws: ``ClusterError`` naming the first bad option or point:
    ///   `point 7: latitude nan is not a number`, `point 3: latitude 89 beyond the Web Mercator limit ±85.0511287798`.
    public convenience init(
        points: [ClusterPoint], options: ClusterOptions = ClusterOptions(),
        scratch: BuildScratch? = nil
    ) throws(ClusterError) {
        try options.validate()
        var table = ClusterPoints()
        table.coordinates.reserveCapacity(points.count * ClusterPoints.coordinateStride)
        table.slots.reserveCapacity(points.count)
        for (i, point) in points.enumerated() {
            try ClusterPoints.validate(point, label: "point \(i + 1)")
            table.append(point)
        }
        self.init(validated: options, points: table, scratch: scratch)
    }

    /// Clusters points given as two flat arrays (no properties), the fastest way in.
    /// - Parameters:
    ///   - longitudes: Degrees east; point `i` gets id `i`.
    ///   - latitudes: Degrees north, as many as `longitudes`.
    ///   - options: How to cluster (default: supercluster's defaults).
    ///   - scratch: Memory to build in, reused from build to build (default: the build's own).
    /// - Throws: ``ClusterError`` naming the first bad option or point, or the lengths if they differ.
    public convenience init(
        longitudes: [Double], latitudes: [Double], options: ClusterOptions = ClusterOptions(),
        scratch: BuildScratch? = nil
    ) throws(ClusterError) {
        try options.validate()
        guard longitudes.count == latitudes.count else {
            throw ClusterError(
                .invalidPoint,
                "longitudes has \(longitudes.count) values but latitudes has \(latitudes.count)")
        }
        var table = ClusterPoints()
        table.coordinates.reserveCapacity(longitudes.count * ClusterPoints.coordinateStride)
        for i in longitudes.indices {
            try ClusterPoints.validate(longitude: longitudes[i], latitude: latitudes[i], label: "point \(i + 1)")
            table.coordinates.append(longitudes[i])
            table.coordinates.append(latitudes[i])
        }
        table.slots = ContiguousArray(repeating: -1, count: longitudes.count)
        self.init(validated: options, points: table, scratch: scratch)
    }

    /// Builds from checked options and points; ids whose coordinates are NaN are left out.
    init(validated options: ClusterOptions, points table: ClusterPoints, scratch: BuildScratch? = nil) {
        self.options = options
        self.points = table
        build(scratch: scratch)
    }

    /// Live points.
    public var count: Int { liveCount }

    /// The work of the last ``insert(_:)`` or ``remove(pointID:)``, in units of one item looked
    /// at: candidates searched and children merged, linked and summed count 1, an item
    /// re-decided 4, a zoom level re-clustered 128 (and, on the first change, the grids built
    /// count an item per zoom). Proportional to its time (10-50 ns a unit), for budgets.
    public internal(set) var lastUpdateWork = 0

    /// Category names seen so far; a name's index is stable.
    public var categories: [String] { points.categoryNames }

    // MARK: - Queries

    /// The clusters and points alive at `zoom` whose position lies in `box` (edges included).
    ///
    /// A box with `west > east` crosses the antimeridian; longitudes wrap and latitudes are
    /// clamped to ±90 as supercluster's `getClusters` does. Zooms below `minZoom` answer at
    /// `minZoom`; zooms above `maxZoom` return the points themselves. Order: hierarchy order.
    /// - Parameters:
    ///   - box: West, south, east, north in degrees; finite, south ≤ north.
    ///   - zoom: An integer zoom in [0, 30].
    /// - Throws: ``ClusterError`` for a zoom out of range or a box that is not finite or upside down.
    public func clusters(in box: BoundingBox, zoom: Int) throws(ClusterError) -> [ClusterItem] {
        var out: [ClusterItem] = []
        try clusters(in: box, zoom: zoom, into: &out)
        return out
    }

    /// ``clusters(in:zoom:)`` into `out` (emptied first); allocates nothing once `out` is big enough.
    public func clusters(in box: BoundingBox, zoom: Int, into out: inout [ClusterItem]) throws(ClusterError) {
        out.removeAll(keepingCapacity: true)
        try Self.checkZoom(zoom)
        try Self.checkBox(box)
        guard !roots.isEmpty else { return }
        let z = max(options.minZoom, min(zoom, options.maxZoom + 1))
        let rects = Self.projectedRects(box)
        collect(rects.0, zoom: z, into: &out)
        if let second = rects.1 { collect(second, zoom: z, into: &out) }
    }

    /// The point with id `id` as given, or `nil` if it never existed or was removed.
    public func point(_ id: Int) -> ClusterPoint? { points.point(id) }

    // MARK: - Private helpers

    static func checkZoom(_ zoom: Int) throws(ClusterError) {
        guard (0...ClusterOptions.zoomLimit).contains(zoom) else {
            throw ClusterError(.invalidQuery, "zoom \(zoom) out of range [0, \(ClusterOptions.zoomLimit)]")
        }
    }

    static func checkBox(_ box: BoundingBox) throws(ClusterError) {
        for (name, value) in [("west", box.west), ("south", box.south), ("east", box.east), ("north", box.north)]
        where !value.isFinite {
            throw ClusterError(
                .invalidQuery,
                "box \(name) \(ClusterError.text(value)) is not \(value.isNaN ? "a number" : "finite")")
        }
        guard box.south <= box.north else {
            throw ClusterError(.invalidQuery, "box south \(ClusterError.text(box.south)) is greater than north \(ClusterError.text(box.north))")
        }
    }

    /// The item in slot `s` as a query returns it.
    func item(_ s: Int32) -> ClusterItem {
        let rep = Int(store.rep(s))
        if store.isCluster(s) {
            return ClusterItem(
                id: Self.clusterID(point: rep, zoom: store.highest(s)), isCluster: true,
                longitude: Projection.longitude(x: store.x(s)), latitude: Projection.latitude(y: store.y(s)),
                count: Int(store.count(s)))
        }
        return ClusterItem(id: rep, isCluster: false, longitude: points.longitude(rep), latitude: points.latitude(rep), count: 1)
    }

    /// The id of the cluster formed at `zoom` whose smallest point id is `point`: negative, so
    /// it never equals a point's id.
    @inline(__always) static func clusterID(point: Int, zoom: Int) -> Int { ~(point << 5 | zoom) }

    /// Walks the hierarchy from the roots, pruning subtrees whose reach misses the rectangle.
    private func collect(_ rect: Rect, zoom z: Int, into out: inout [ClusterItem]) {
        let depthLimit = options.maxZoom - options.minZoom + 3
        store.positions.withUnsafeBufferPointer { pos in
            store.links.withUnsafeBufferPointer { links in
                store.zooms.withUnsafeBufferPointer { zooms in
                    store.reaches.withUnsafeBufferPointer { reaches in
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: depthLimit) { stack in
                            for root in roots {
                                var depth = 0
                                stack[0] = root
                                while depth >= 0 {
                                    let s = stack[depth]
                                    if s < 0 {
                                        depth -= 1
                                        if depth > 0 {
                                            stack[depth] = links[Int(stack[depth]) &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset]
                                        } else if depth == 0 {
                                            stack[0] = -1
                                        }
                                        continue
                                    }
                                    let i = Int(s)
                                    let x = pos[i &* 2], y = pos[i &* 2 &+ 1], reach = Double(reaches[i])
                                    var descend = false
                                    if x + reach >= rect.minX, x - reach <= rect.maxX, y + reach >= rect.minY, y - reach <= rect.maxY {
                                        if Int(zooms[i &* ClusterStore.zoomStride &+ ClusterStore.highestOffset]) >= z {
                                            if x >= rect.minX, x <= rect.maxX, y >= rect.minY, y <= rect.maxY {
                                                out.append(item(s))
                                            }
                                        } else {
                                            descend = true
                                        }
                                    }
                                    if descend {
                                        depth += 1
                                        stack[depth] = links[i &* ClusterStore.linkStride &+ ClusterStore.firstChildOffset]
                                    } else {
                                        stack[depth] = depth == 0 ? -1 : links[i &* ClusterStore.linkStride &+ ClusterStore.nextSiblingOffset]
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A rectangle in projected units, edges included.
    struct Rect {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    /// The one or two projected rectangles of a box, as supercluster's `getClusters` splits it.
    static func projectedRects(_ box: BoundingBox) -> (Rect, Rect?) {
        var minLng = wrap(box.west)
        let minLat = max(-90, min(90, box.south))
        var maxLng = box.east == 180 ? 180 : wrap(box.east)
        let maxLat = max(-90, min(90, box.north))
        let top = Projection.y(latitude: maxLat), bottom = Projection.y(latitude: minLat)
        if box.east - box.west >= 360 {
            minLng = -180
            maxLng = 180
        } else if minLng > maxLng {
            return (
                Rect(minX: Projection.x(longitude: minLng), minY: top, maxX: Projection.x(longitude: 180), maxY: bottom),
                Rect(minX: Projection.x(longitude: -180), minY: top, maxX: Projection.x(longitude: maxLng), maxY: bottom)
            )
        }
        return (Rect(minX: Projection.x(longitude: minLng), minY: top, maxX: Projection.x(longitude: maxLng), maxY: bottom), nil)
    }

    /// Longitude wrapped into [-180, 180) with JavaScript's `%` (truncating), as supercluster.
    private static func wrap(_ longitude: Double) -> Double {
        ((longitude + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
    }
}
