/// A uniform longitude/latitude grid listing, per cell, the boxes that overlap it (compressed
/// rows: one offsets array, one items array). Boxes that would span more than
/// ``maximumCellsPerBox`` cells are left out and reported in ``overflow``.
struct CellGrid: Sendable {
    static let maximumCellsPerBox = 256

    private let west: Double, south: Double
    private let cellWidth: Double, cellHeight: Double   // degrees
    private let columns: Int, rows: Int
    private var start: [Int32] = []                     // per cell, then the end
    private var items: [Int32] = []
    private(set) var overflow: [Int32] = []

    /// - Parameters:
    ///   - boxes: One box per item.
    ///   - typicalSize: The usual item width in metres; cells are about this wide.
    init(boxes: [BoundingBox], typicalSize: Double) {
        guard var extent = boxes.first else {
            west = 0; south = 0; cellWidth = 1; cellHeight = 1; columns = 0; rows = 0
            return
        }
        for box in boxes.dropFirst() {
            extent.extend(longitude: box.west, latitude: box.south)
            extent.extend(longitude: box.east, latitude: box.north)
        }
        let metric = LocalMetric(latitude: (extent.south + extent.north) / 2)
        var height = max(typicalSize, 1) / metric.metresPerDegreeLatitude
        var width = max(typicalSize, 1) / metric.metresPerDegreeLongitude
        // Keep the cell count near the item count: a huge extent gets coarser cells.
        let budget = Double(4 * boxes.count + 4096)
        let wanted = ((extent.east - extent.west) / width + 1) * ((extent.north - extent.south) / height + 1)
        if wanted > budget {
            let scale = (wanted / budget).squareRoot()
            width *= scale
            height *= scale
        }
        west = extent.west
        south = extent.south
        cellWidth = width
        cellHeight = height
        columns = max(1, Int((extent.east - extent.west) / width) + 1)
        rows = max(1, Int((extent.north - extent.south) / height) + 1)

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var spans: [(Int, Int, Int, Int)] = []
        spans.reserveCapacity(boxes.count)
        for (i, box) in boxes.enumerated() {
            let span = (column(box.west), column(box.east), row(box.south), row(box.north))
            spans.append(span)
            if (span.1 - span.0 + 1) * (span.3 - span.2 + 1) > Self.maximumCellsPerBox {
                overflow.append(Int32(i))
                continue
            }
            for y in span.2...span.3 { for x in span.0...span.1 { counts[y * columns + x] += 1 } }
        }
        let total = CellGrid.startsFromCounts(&counts)
        start = counts
        var fill = counts
        items = [Int32](repeating: 0, count: Int(total))
        let overflowing = Set(overflow)
        for (i, span) in spans.enumerated() where !overflowing.contains(Int32(i)) {
            for y in span.2...span.3 {
                for x in span.0...span.1 {
                    let c = y * columns + x
                    items[Int(fill[c])] = Int32(i)
                    fill[c] += 1
                }
            }
        }
    }

    /// Calls `body` with every item whose box overlaps the cell of (latitude, longitude).
    @inline(__always)
    func forEachCandidate(latitude: Double, longitude: Double, _ body: (Int32) -> Void) {
        let fx = (longitude - west) / cellWidth, fy = (latitude - south) / cellHeight
        guard fx >= 0, fy >= 0, fx < Double(columns), fy < Double(rows) else { return }
        let c = Int(fy) * columns + Int(fx)
        start.withUnsafeBufferPointer { start in
            items.withUnsafeBufferPointer { items in
                for k in Int(start[c])..<Int(start[c + 1]) { body(items[k]) }
            }
        }
    }

    var bytes: Int { (start.count + items.count + overflow.count) * 4 }

    /// Turns per-cell counts (one extra slot at the end) into each cell's first item, the
    /// last slot the total: the offsets of a compressed-rows layout.
    @discardableResult
    static func startsFromCounts(_ counts: inout [Int32]) -> Int32 {
        var total: Int32 = 0
        for c in 0..<(counts.count - 1) {
            let n = counts[c]
            counts[c] = total
            total += n
        }
        counts[counts.count - 1] = total
        return total
    }

    private func column(_ longitude: Double) -> Int {
        min(columns - 1, max(0, Int((longitude - west) / cellWidth)))
    }

    private func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude - south) / cellHeight)))
    }
}
