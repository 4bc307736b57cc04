/// A uniform longitude/latitude grid listing, per cell, the boxes that overlap it (compressed
/// rows: one offsets array, one items array). Boxes that would span more than
/// ``maximumCellsPerBox`` cells are left out and reported in ``overflow``.
///
/// Longitudes are indexed in a ``LongitudeFrame`` (degrees east of the start of the widest
/// empty arc), so boxes on both sides of ±180° are neighbours and a box across the
/// antimeridian (`west > east`, or edges past ±180) is listed in the cells at both ends.
struct CellGrid: Sendable {
    static let maximumCellsPerBox = 256

    private let frame: LongitudeFrame
    private let west: Double, south: Double  // x and latitude of the grid's corner
    private let cellWidth: Double, cellHeight: Double  // degrees
    private let columns: Int, rows: Int
    private var start: [Int32] = []  // per cell, then the end
    private var items: [Int32] = []
    private(set) var overflow: [Int32] = []

    /// The cells one box covers: rows, and one or two column ranges (the second, possibly
    /// empty, where the box passes x = 360 and continues from x = 0).
    private struct Span {
        var rows: ClosedRange<Int>
        var columns: ClosedRange<Int>
        var wrapped: ClosedRange<Int>?
        var cellCount: Int { rows.count * (columns.count + (wrapped?.count ?? 0)) }
    }

    /// - Parameters:
    ///   - boxes: One box per item.
    ///   - typicalSize: The usual item width in metres; cells are about this wide.
    init(boxes: [BoundingBox], typicalSize: Double) {
        guard !boxes.isEmpty else {
            frame = LongitudeFrame(reference: 0)
            west = 0; south = 0; cellWidth = 1; cellHeight = 1; columns = 0; rows = 0
            return
        }
        var frame = LongitudeFrame(covering: boxes.map(\.center.longitude))
        // Boxes reach west of their centers: x = 0 goes (a hair) west of the westernmost edge,
        // or the boxes there would start just short of 360 and wrap, stretching the grid round
        // the world. The hair keeps the rounding of the shift from doing the same.
        let westmost = boxes.reduce(0.0) { min($0, LongitudeFrame.signed(frame.x($1.west))) }
        if westmost < 0 { frame = frame.shifted(by: westmost - 1e-9) }
        // Each box as x from x0 over width degrees (past 360 it continues from 0).
        let extents = boxes.map { box -> (x0: Double, width: Double) in
            let width = box.west <= box.east ? box.east - box.west : box.east - box.west + 360
            return (frame.x(box.west), min(max(width, 0), 360))
        }
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        for (box, extent) in zip(boxes, extents) {
            let end = extent.x0 + extent.width
            minX = min(minX, end > 360 ? 0 : extent.x0)
            maxX = max(maxX, min(end, 360))
            minY = min(minY, box.south)
            maxY = max(maxY, box.north)
        }
        let metric = LocalMetric(latitude: (minY + maxY) / 2)
        var height = max(typicalSize, 1) / metric.metresPerDegreeLatitude
        var width = max(typicalSize, 1) / metric.metresPerDegreeLongitude
        // Keep the cell count near the item count: a huge extent gets coarser cells.
        let budget = Double(4 * boxes.count + 4096)
        let wanted = ((maxX - minX) / width + 1) * ((maxY - minY) / height + 1)
        if wanted > budget {
            let scale = (wanted / budget).squareRoot()
            width *= scale
            height *= scale
        }
        self.frame = frame
        west = minX
        south = minY
        cellWidth = width
        cellHeight = height
        columns = max(1, Int((maxX - minX) / width) + 1)
        rows = max(1, Int((maxY - minY) / height) + 1)

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var spans: [Span] = []
        spans.reserveCapacity(boxes.count)
        for (i, (box, extent)) in zip(boxes, extents).enumerated() {
            let span = span(box, x0: extent.x0, width: extent.width)
            spans.append(span)
            if span.cellCount > Self.maximumCellsPerBox {
                overflow.append(Int32(i))
                continue
            }
            Self.forEachCell(of: span, columns: columns) { counts[$0] += 1 }
        }
        let total = CellGrid.startsFromCounts(&counts)
        start = counts
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(total))
        let overflowing = Set(overflow)
        for (i, span) in spans.enumerated() where !overflowing.contains(Int32(i)) {
            Self.forEachCell(of: span, columns: columns) { c in
                items[Int(fill[c])] = Int32(i)
                fill[c] += 1
            }
        }
        self.items = items
    }

    /// Calls `body` with every item whose box overlaps the cell of (latitude, longitude).
    @inline(__always)
    func forEachCandidate(latitude: Double, longitude: Double, _ body: (Int32) -> Void) {
        let fx = (frame.x(longitude) - west) / cellWidth, fy = (latitude - south) / cellHeight
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

    /// The cells `box` covers, from its x0 and width in the frame.
    private func span(_ box: BoundingBox, x0: Double, width: Double) -> Span {
        let rowRange = row(box.south)...row(box.north)
        let end = x0 + width
        guard end > 360 else { return Span(rows: rowRange, columns: column(x0)...column(end), wrapped: nil) }
        let high = column(x0)...column(360), low = column(0)...column(end - 360)
        // Both ends in touching columns (a grid a few cells wide): one range, each cell once.
        if low.upperBound + 1 >= high.lowerBound {
            return Span(rows: rowRange, columns: low.lowerBound...high.upperBound, wrapped: nil)
        }
        return Span(rows: rowRange, columns: high, wrapped: low)
    }

    private static func forEachCell(of span: Span, columns: Int, _ body: (Int) -> Void) {
        for y in span.rows {
            for x in span.columns { body(y * columns + x) }
            if let wrapped = span.wrapped { for x in wrapped { body(y * columns + x) } }
        }
    }

    private func column(_ x: Double) -> Int {
        min(columns - 1, max(0, Int((x - west) / cellWidth)))
    }

    private func row(_ latitude: Double) -> Int {
        min(rows - 1, max(0, Int((latitude - south) / cellHeight)))
    }
}
