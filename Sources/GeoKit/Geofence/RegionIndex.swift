#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A spatial index over geofence regions: which regions hold a fix, and which are nearest
/// to it (by the edge of the circle a phone would monitor).
///
/// Containment uses a uniform grid over the regions' boxes (each region listed in every cell
/// its box overlaps), so a fix tests only the few regions of its own cell. Nearest-k uses
/// grids over the monitored circles' centers, one per radius tier, searched ring by ring
/// outwards until no unvisited cell can hold a nearer edge. Both grids index longitudes from
/// the start of the regions' widest empty arc (``LongitudeFrame``), so circles on or across
/// the antimeridian are found from fixes at 180 and -180 alike; areas may not cross it (see
/// ``Boundary``). Storage is flat arrays, no object per region.
public final class RegionIndex: Sendable {
    /// The regions, in the order given; queries answer with their indexes.
    public let regions: [GeofenceRegion]

    // Circles, structure of arrays, by region index (areas hold NaN radius). All `let`: a
    // class's `var` arrays would pay a dynamic exclusivity check on every read.
    private let circleLatitude: [Double]
    private let circleLongitude: [Double]
    private let circleRadius: [Double]
    private let circleMetric: [LocalMetric]
    private let areaSlot: [Int32]  // region → index in `areas`, -1 for circles
    private let areas: [Boundary]

    private let containment: CellGrid
    private let large: [Int32]  // regions whose box spans too many cells: tested by box
    private let tiers: [CenterTier]

    /// Indexes the regions.
    /// - Parameter regions: Any number of regions (an empty index answers nothing).
    public init(_ regions: [GeofenceRegion]) {
        self.regions = regions
        let n = regions.count
        var circleLatitude: [Double] = [], circleLongitude: [Double] = [], circleRadius: [Double] = []
        var circleMetric: [LocalMetric] = [], areaSlot: [Int32] = [], areas: [Boundary] = []
        circleLatitude.reserveCapacity(n)
        circleLongitude.reserveCapacity(n)
        circleRadius.reserveCapacity(n)
        circleMetric.reserveCapacity(n)
        for region in regions {
            switch region.shape {
            case .circle(let center, let radius):
                circleLatitude.append(center.latitude)
                circleLongitude.append(center.longitude)
                circleRadius.append(radius)
                circleMetric.append(LocalMetric(latitude: center.latitude))
                areaSlot.append(-1)
            case .area(let boundary):
                circleLatitude.append(.nan)
                circleLongitude.append(.nan)
                circleRadius.append(.nan)
                circleMetric.append(LocalMetric(latitude: 0))
                areaSlot.append(Int32(areas.count))
                areas.append(boundary)
            }
        }
        self.circleLatitude = circleLatitude
        self.circleLongitude = circleLongitude
        self.circleRadius = circleRadius
        self.circleMetric = circleMetric
        self.areaSlot = areaSlot
        self.areas = areas
        containment = CellGrid(
            boxes: regions.map(\.boundingBox),
            typicalSize: Self.median(regions.map { 2 * $0.monitorRadius }))
        large = containment.overflow
        tiers = CenterTier.tiers(for: regions)
    }

    /// The number of regions.
    public var count: Int { regions.count }

    /// Each region id's index (the first region with that id), for looking sites up by id. O(n):
    /// make it once and share it (``GeofenceController/init(monitor:throttle:regionIDs:)``).
    public func idLookup() -> [String: Int32] {
        var lookup: [String: Int32] = [:]
        lookup.reserveCapacity(regions.count)
        for (i, region) in regions.enumerated() where lookup[region.id] == nil { lookup[region.id] = Int32(i) }
        return lookup
    }

    /// The indexes of the regions holding `coordinate`, ascending.
    public func regions(containing coordinate: Coordinate) -> [Int32] {
        var out: [Int32] = []
        regions(containing: coordinate, into: &out)
        return out
    }

    /// The indexes of the regions holding `coordinate`, ascending, into `out` (cleared first).
    public func regions(containing c: Coordinate, into out: inout [Int32]) {
        out.removeAll(keepingCapacity: true)
        containment.forEachCandidate(latitude: c.latitude, longitude: c.longitude) { r in
            if contains(Int(r), c) { out.append(r) }
        }
        for r in large where regions[Int(r)].boundingBox.contains(c) && contains(Int(r), c) { out.append(r) }
        if out.count > 1 { out.sort() }
    }

    /// Whether region `r` holds `c`.
    @inline(__always)
    public func contains(_ r: Int, _ c: Coordinate) -> Bool {
        let radius = circleRadius[r]
        if radius.isNaN { return areas[Int(areaSlot[r])].contains(c) }
        return circleHolds(r, c, flatDistance: circleFlatDistance(r, c))
    }

    /// What a fix at `c` says about region `r`, with the settings' enter and exit margins:
    /// ``RegionTracker/evidence(_:_:inside:settings:)`` of ``contains(_:_:)``, answered for a
    /// circle from one flat distance and without copying the region (every monitored region
    /// asks this at every fix).
    @inline(__always)
    func evidence(_ r: Int, _ c: Coordinate, settings: GeofenceSettings) -> RegionTracker.Evidence {
        let radius = circleRadius[r]
        if radius.isNaN {
            let area = areas[Int(areaSlot[r])]
            return RegionTracker.evidence(inside: area.contains(c), settings: settings) { area.hasEdge(closerThan: $0, to: c) }
        }
        let d = circleFlatDistance(r, c)
        // The edge distance ``GeofenceRegion/edgeDistance(from:)`` measures: the same metric at the center.
        return RegionTracker.evidence(inside: circleHolds(r, c, flatDistance: d), settings: settings) { abs(d - radius) < $0 }
    }

    /// Flat metres from circle `r`'s center to `c`, in the metric at the center.
    @inline(__always)
    private func circleFlatDistance(_ r: Int, _ c: Coordinate) -> Double {
        circleMetric[r].distance(latitude0: circleLatitude[r], longitude0: circleLongitude[r], latitude: c.latitude, longitude: c.longitude)
    }

    /// Whether circle `r` holds `c`, given the flat distance: the screen of ``GeofenceCircle``,
    /// the geodesic within its band.
    @inline(__always)
    private func circleHolds(_ r: Int, _ c: Coordinate, flatDistance d: Double) -> Bool {
        let radius = circleRadius[r]
        let band = radius * GeofenceCircle.screenTolerance + 1e-3
        if d < radius - band { return true }
        if d > radius + band { return false }
        return GeodesicDistance.metres(Coordinate(latitude: circleLatitude[r], longitude: circleLongitude[r]), c) <= radius
    }

    /// The `k` regions whose monitored circles' edges are nearest to `coordinate` (inside
    /// counts as negative distance), nearest first; ties go to the lower index.
    /// - Parameters:
    ///   - k: How many regions at most.
    ///   - coordinate: Where from.
    ///   - allowed: When given, only regions whose flag is true (indexed by region) count.
    public func nearest(_ k: Int, to coordinate: Coordinate, allowed: [Bool]? = nil) -> [(region: Int32, distance: Double)] {
        var out: [(region: Int32, distance: Double)] = []
        nearest(k, to: coordinate, allowed: allowed, into: &out)
        return out
    }

    /// As ``nearest(_:to:allowed:)``, into `out` (replaced), reusing its memory.
    public func nearest(
        _ k: Int, to coordinate: Coordinate, allowed: [Bool]? = nil,
        into out: inout [(region: Int32, distance: Double)]
    ) {
        let k = max(0, k)
        withUnsafeTemporaryAllocation(of: NearestHeap.Entry.self, capacity: max(k, 1)) { storage in
            guard let base = storage.baseAddress else { return }
            var heap = NearestHeap(capacity: k, storage: base)
            for tier in tiers { tier.search(coordinate, allowed: allowed, into: &heap) }
            heap.sorted(into: &out)
        }
    }

    /// Metres from `coordinate` to the edge of region `r`'s monitored circle, negative inside.
    public func monitorDistance(_ r: Int, from coordinate: Coordinate) -> Double {
        regions[r].monitorDistance(from: coordinate)
    }

    /// Approximate bytes held by the index's own arrays (regions' geometry excluded).
    public var indexBytes: Int {
        circleLatitude.count * (8 * 3 + MemoryLayout<LocalMetric>.stride)
            + containment.bytes + tiers.reduce(0) { $0 + $1.bytes } + large.count * 4
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 1000 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
