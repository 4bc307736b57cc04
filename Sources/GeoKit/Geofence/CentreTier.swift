#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The monitored circles whose radius falls in one tier (each tier 4 times the last), bucketed
/// by centre in a uniform grid. A search visits rings of cells outwards and stops when even
/// the widest circle of the tier, centred on the nearest unvisited cell, could not beat the
/// k-th best edge distance found: tiers keep a few large areas from widening every search.
struct CentreTier: Sendable {
    private let west: Double, south: Double
    private let cellWidth: Double, cellHeight: Double
    private let columns: Int, rows: Int
    private let cellMetres: Double            // the smaller side of a cell, anywhere in the grid
    private let maximumRadius: Double
    private var start: [Int32] = []
    // Per item in cell order: region, centre and radius, and the centre's metric.
    private var region: [Int32] = []
    private var latitude: [Double] = []
    private var longitude: [Double] = []
    private var radius: [Double] = []
    private var metresPerDegreeLongitude: [Double] = []
    private var metresPerDegreeLatitude: [Double] = []

    /// Circles up to 128 m, then up to 512 m, 2 km, ...
    static func tier(ofRadius r: Double) -> Int {
        r <= 128 ? 0 : Int(log2(r / 128) / 2) + 1
    }

    static func tiers(for regions: [GeofenceRegion]) -> [CentreTier] {
        var members: [Int: [Int32]] = [:]
        for (i, region) in regions.enumerated() { members[tier(ofRadius: region.monitorRadius), default: []].append(Int32(i)) }
        return members.keys.sorted().compactMap { key in
            guard let list = members[key] else { return nil }
            return CentreTier(list, of: regions)
        }
    }

    private init(_ list: [Int32], of regions: [GeofenceRegion]) {
        var box = BoundingBox(longitude: regions[Int(list[0])].monitorCenter.longitude,
                              latitude: regions[Int(list[0])].monitorCenter.latitude)
        var widest = 0.0
        for r in list {
            let region = regions[Int(r)]
            box.extend(longitude: region.monitorCenter.longitude, latitude: region.monitorCenter.latitude)
            widest = max(widest, region.monitorRadius)
        }
        maximumRadius = widest
        let middle = LocalMetric(latitude: (box.south + box.north) / 2)
        let widthMetres = (box.east - box.west) * middle.metresPerDegreeLongitude
        let heightMetres = (box.north - box.south) * middle.metresPerDegreeLatitude
        // About two circles per cell; never finer than 25 m.
        let side = max(25, (max(widthMetres * heightMetres, 1) / Double(list.count) * 2).squareRoot())
        cellHeight = side / middle.metresPerDegreeLatitude
        cellWidth = side / middle.metresPerDegreeLongitude
        west = box.west
        south = box.south
        columns = max(1, min(Int((box.east - box.west) / cellWidth) + 1, 1 << 15))
        rows = max(1, min(Int((box.north - box.south) / cellHeight) + 1, 1 << 15))
        // Cells are fixed in degrees: their east-west side shrinks poleward.
        let poleward = max(abs(box.south), abs(box.north))
        cellMetres = min(cellHeight * LocalMetric(latitude: poleward).metresPerDegreeLatitude,
                         cellWidth * LocalMetric(latitude: poleward).metresPerDegreeLongitude,
                         cellHeight * LocalMetric(latitude: 0).metresPerDegreeLatitude)

        var cells = [Int](repeating: 0, count: list.count)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for (k, r) in list.enumerated() {
            let c = regions[Int(r)].monitorCenter
            let cell = cellOf(latitude: c.latitude, longitude: c.longitude)
            cells[k] = cell
            counts[cell] += 1
        }
        var total: Int32 = 0
        for c in 0..<(columns * rows) {
            let n = counts[c]
            counts[c] = total
            total += n
        }
        counts[columns * rows] = total
        start = counts
        var fill = counts
        let n = list.count
        region = [Int32](repeating: 0, count: n)
        latitude = [Double](repeating: 0, count: n)
        longitude = [Double](repeating: 0, count: n)
        radius = [Double](repeating: 0, count: n)
        metresPerDegreeLongitude = [Double](repeating: 0, count: n)
        metresPerDegreeLatitude = [Double](repeating: 0, count: n)
        for (k, r) in list.enumerated() {
            let at = Int(fill[cells[k]])
            fill[cells[k]] += 1
            let item = regions[Int(r)]
            let metric = LocalMetric(latitude: item.monitorCenter.latitude)
            region[at] = r
            latitude[at] = item.monitorCenter.latitude
            longitude[at] = item.monitorCenter.longitude
            radius[at] = item.monitorRadius
            metresPerDegreeLongitude[at] = metric.metresPerDegreeLongitude
            metresPerDegreeLatitude[at] = metric.metresPerDegreeLatitude
        }
    }

    var bytes: Int { start.count * 4 + region.count * (4 + 8 * 5) }

    /// Offers this tier's circles to `heap`, ring by ring, until no nearer edge can remain.
    func search(_ c: Coordinate, allowed: [Bool]?, into heap: inout NearestHeap) {
        let fx = (c.longitude - west) / cellWidth, fy = (c.latitude - south) / cellHeight
        let cx = Int(min(max(fx, -1), Double(columns))), cy = Int(min(max(fy, -1), Double(rows)))
        // Rings beyond this one hold nothing: the grid is columns × rows.
        let lastRing = max(cx, columns - 1 - cx, cy, rows - 1 - cy, 0) + 1
        let outside = max(0, max(-fx, fx - Double(columns), -fy, fy - Double(rows)))  // cells away from the grid
        let lat = c.latitude, lon = c.longitude
        start.withUnsafeBufferPointer { start in
            for ring in 0...lastRing {
                let lowerBound = (Double(ring - 1) + outside) * cellMetres - maximumRadius
                if ring > 0 && lowerBound > heap.bound { break }
                forEachCell(ring: ring, cx: cx, cy: cy) { cell in
                    for k in Int(start[cell])..<Int(start[cell + 1]) {
                        let dx = LocalMetric.wrapped(lon - longitude[k]) * metresPerDegreeLongitude[k]
                        let dy = (lat - latitude[k]) * metresPerDegreeLatitude[k]
                        let d2 = dx * dx + dy * dy
                        let reach = heap.bound + radius[k]
                        if reach < 0 || d2 > reach * reach { continue }
                        if let allowed, !allowed[Int(region[k])] { continue }
                        heap.offer(region[k], d2.squareRoot() - radius[k])
                    }
                }
            }
        }
    }

    private func cellOf(latitude: Double, longitude: Double) -> Int {
        let x = min(columns - 1, max(0, Int((longitude - west) / cellWidth)))
        let y = min(rows - 1, max(0, Int((latitude - south) / cellHeight)))
        return y * columns + x
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
