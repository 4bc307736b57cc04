#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The monitored circles whose radius falls in one tier (each tier 4 times the last), bucketed
/// by center in a uniform grid. A search visits rings of cells outwards and stops when even
/// the widest circle of the tier, centerd on the nearest unvisited cell, could not beat the
/// k-th best edge distance found: tiers keep a few large areas from widening every search.
///
/// Longitudes are indexed in a ``LongitudeFrame``, so centers on both sides of ±180° are
/// neighbours. Ring distances are only lower bounds while every cell is less than 180° east or
/// west of the fix; a fix farther round the world than that is answered by a scan of the tier.
final class CenterTier: Sendable {
    private let frame: LongitudeFrame
    private let west: Double, south: Double  // x and latitude of the grid's corner
    private let east: Double  // x of the grid's eastern edge
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    private let cellMetres: Double  // the smaller side of a cell, anywhere in the grid
    private let maximumRadius: Double
    private let start: [Int32]
    /// Per item in cell order: region, center, radius and the center's metres per degree,
    /// interleaved so one candidate is one cache line.
    private let items: [Item]
    let count: Int

    struct Item {
        var latitude: Double
        var longitude: Double
        var radius: Double
        var metresPerDegreeLongitude: Double
        var metresPerDegreeLatitude: Double
        var region: Int32
    }

    /// Circles up to 128 m, then up to 512 m, 2 km, ...
    static func tier(ofRadius r: Double) -> Int {
        r <= 128 ? 0 : Int(log2(r / 128) / 2) + 1
    }

    static func tiers(for regions: [GeofenceRegion]) -> [CenterTier] {
        var members: [Int: [Int32]] = [:]
        for (i, region) in regions.enumerated() { members[tier(ofRadius: region.monitorRadius), default: []].append(Int32(i)) }
        let tiers = members.keys.sorted().compactMap { key -> CenterTier? in
            guard let list = members[key] else { return nil }
            return CenterTier(list, of: regions)
        }
        // Most populous first: its nearest circles bound the others' searches soonest.
        return tiers.sorted { $0.count > $1.count }
    }

    private init(_ list: [Int32], of regions: [GeofenceRegion]) {
        let frame = LongitudeFrame(covering: list.map { regions[Int($0)].monitorCenter.longitude })
        // The box in frame x (east-west) and latitude.
        var box = BoundingBox(
            longitude: frame.x(regions[Int(list[0])].monitorCenter.longitude),
            latitude: regions[Int(list[0])].monitorCenter.latitude)
        var widest = 0.0
        for r in list {
            let region = regions[Int(r)]
            box.extend(longitude: frame.x(region.monitorCenter.longitude), latitude: region.monitorCenter.latitude)
            widest = max(widest, region.monitorRadius)
        }
        self.frame = frame
        maximumRadius = widest
        count = list.count
        let middle = LocalMetric(latitude: (box.south + box.north) / 2)
        let widthMetres = (box.east - box.west) * middle.metresPerDegreeLongitude
        let heightMetres = (box.north - box.south) * middle.metresPerDegreeLatitude
        // About two circles per cell; never finer than 25 m.
        var side = max(25, (max(widthMetres * heightMetres, 1) / Double(list.count) * 2).squareRoot())
        // A long thin extent would make too many cells: widen them until the count is sane.
        let budget = Double(4 * list.count + 4096)
        while (widthMetres / side + 1) * (heightMetres / side + 1) > budget { side *= 2 }
        cellHeight = side / middle.metresPerDegreeLatitude
        cellWidth = side / middle.metresPerDegreeLongitude
        west = box.west
        south = box.south
        columns = max(1, Int((box.east - box.west) / cellWidth) + 1)
        east = west + Double(columns) * cellWidth
        rows = max(1, Int((box.north - box.south) / cellHeight) + 1)
        // Cells are fixed in degrees: their east-west side shrinks poleward.
        let poleward = max(abs(box.south), abs(box.north))
        cellMetres = min(
            cellHeight * LocalMetric(latitude: poleward).metresPerDegreeLatitude,
            cellWidth * LocalMetric(latitude: poleward).metresPerDegreeLongitude,
            cellHeight * LocalMetric(latitude: 0).metresPerDegreeLatitude)

        var cells = [Int](repeating: 0, count: list.count)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for (k, r) in list.enumerated() {
            let c = regions[Int(r)].monitorCenter
            let x = min(columns - 1, max(0, Int((frame.x(c.longitude) - west) / cellWidth)))
            let y = min(rows - 1, max(0, Int((c.latitude - south) / cellHeight)))
            let cell = y * columns + x
            cells[k] = cell
            counts[cell] += 1
        }
        CellGrid.startsFromCounts(&counts)
        start = counts
        var fill = counts
        var items = [Item](
            repeating: Item(
                latitude: 0, longitude: 0, radius: 0, metresPerDegreeLongitude: 0,
                metresPerDegreeLatitude: 0, region: 0), count: list.count)
        for (k, r) in list.enumerated() {
            let at = Int(fill[cells[k]])
            fill[cells[k]] += 1
            let item = regions[Int(r)]
            let metric = LocalMetric(latitude: item.monitorCenter.latitude)
            items[at] = Item(
                latitude: item.monitorCenter.latitude, longitude: item.monitorCenter.longitude,
                radius: item.monitorRadius, metresPerDegreeLongitude: metric.metresPerDegreeLongitude,
                metresPerDegreeLatitude: metric.metresPerDegreeLatitude, region: r)
        }
        self.items = items
    }

    var bytes: Int { start.count * 4 + items.count * MemoryLayout<Item>.stride }

    /// Offers this tier's circles to `heap`, ring by ring, until no nearer edge can remain.
    func search(_ c: Coordinate, allowed: [Bool]?, into heap: inout NearestHeap) {
        let x = frame.x(c.longitude)
        guard x <= west + 180, x >= east - 180 else { return scan(c, allowed: allowed, into: &heap) }
        let fx = (x - west) / cellWidth, fy = (c.latitude - south) / cellHeight
        let cx = Int(min(max(fx, -1), Double(columns))), cy = Int(min(max(fy, -1), Double(rows)))
        // Rings beyond this one hold nothing: the grid is columns × rows.
        let lastRing = max(cx, columns - 1 - cx, cy, rows - 1 - cy, 0) + 1
        let outside = max(0, max(-fx, fx - Double(columns), -fy, fy - Double(rows)))  // cells away from the grid
        let lat = c.latitude, lon = c.longitude
        // The fix's distance, in cells, to the nearest border of its own cell: ring k lies at
        // least (k - 1 + inset) cells away.
        let inset = ring0Inset(fx, fy, cx, cy)
        start.withUnsafeBufferPointer { start in
            items.withUnsafeBufferPointer { items in
                for ring in 0...lastRing {
                    let lowerBound = (Double(ring - 1) + inset + outside) * cellMetres - maximumRadius
                    if ring > 0 && lowerBound > heap.bound { break }
                    forEachCell(ring: ring, cx: cx, cy: cy) { cell in
                        for k in Int(start[cell])..<Int(start[cell + 1]) {
                            // As offer(_:...), written out: this loop is the hot path of every search.
                            let item = items[k]
                            let dx = LocalMetric.wrapped(lon - item.longitude) * item.metresPerDegreeLongitude
                            let dy = (lat - item.latitude) * item.metresPerDegreeLatitude
                            let d2 = dx * dx + dy * dy
                            let reach = heap.bound + item.radius
                            if reach < 0 || d2 > reach * reach { continue }
                            if let allowed, !allowed[Int(item.region)] { continue }
                            heap.offer(item.region, d2.squareRoot() - item.radius)
                        }
                    }
                }
            }
        }
    }

    /// Offers every circle of the tier: for a fix the rings cannot bound (see the type).
    @inline(never)
    private func scan(_ c: Coordinate, allowed: [Bool]?, into heap: inout NearestHeap) {
        for item in items { Self.offer(item, latitude: c.latitude, longitude: c.longitude, allowed: allowed, into: &heap) }
    }

    /// Offers one circle, by the flat distance from the fix to its edge, if it can enter the heap.
    @inline(__always)
    private static func offer(
        _ item: Item, latitude lat: Double, longitude lon: Double, allowed: [Bool]?,
        into heap: inout NearestHeap
    ) {
        let dx = LocalMetric.wrapped(lon - item.longitude) * item.metresPerDegreeLongitude
        let dy = (lat - item.latitude) * item.metresPerDegreeLatitude
        let d2 = dx * dx + dy * dy
        let reach = heap.bound + item.radius
        if reach < 0 || d2 > reach * reach { return }
        if let allowed, !allowed[Int(item.region)] { return }
        heap.offer(item.region, d2.squareRoot() - item.radius)
    }

    /// How far (in cells) the fix is inside its own cell from the nearest border; 0 outside the grid.
    private func ring0Inset(_ fx: Double, _ fy: Double, _ cx: Int, _ cy: Int) -> Double {
        guard cx >= 0, cx < columns, cy >= 0, cy < rows else { return 0 }
        let ix = fx - Double(cx), iy = fy - Double(cy)
        return max(0, min(ix, 1 - ix, iy, 1 - iy))
    }

    /// The cells at Chebyshev distance `ring` from (cx, cy) that lie in the grid.
    @inline(__always)
    private func forEachCell(ring: Int, cx: Int, cy: Int, _ body: (Int) -> Void) {
        if ring == 0 {
            if cx >= 0 && cx < columns && cy >= 0 && cy < rows { body(cy * columns + cx) }
            return
        }
        let x0 = cx - ring, x1 = cx + ring, y0 = cy - ring, y1 = cy + ring
        for y in max(y0, 0)...min(y1, rows - 1) where y >= 0 && y < rows {
            if y == y0 || y == y1 {
                let from = max(x0, 0), to = min(x1, columns - 1)
                if from <= to { for x in from...to { body(y * columns + x) } }
            } else {
                if x0 >= 0 { body(y * columns + x0) }
                if x1 < columns { body(y * columns + x1) }
            }
        }
    }
}
