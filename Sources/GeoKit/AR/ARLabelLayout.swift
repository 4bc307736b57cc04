/// Stacks the labels of on-screen sites so none overlap: nearest first, each label centerd on
/// its site's x (kept inside the screen) and, when it would cover a label already placed,
/// moved up one row (its height plus a gap) at a time. The nearest site keeps its true
/// position and is drawn in front.
///
/// A label takes the lowest free row among its first ``searchRows`` (far more than a phone
/// screen shows). When none of those is free, it goes on top of its column instead: to the
/// first row above the highest label it would overlap. So a crowd at one spot (thousands of
/// sites behind one another) costs O(n log n + n · searchRows) at most, where trying every row
/// would cost O(n³); a label whose extent covers that of one found with all its rows full, at
/// the same height, skips trying them (exactly: they are full for it too). Wherever every
/// label finds its row within the first ``searchRows``, the result is the row-by-row one.
public enum ARLabelLayout {
    /// A placed label.
    public struct Label: Sendable, Hashable {
        /// Index into the placements given.
        public let placement: Int
        /// The label's top-left corner and size, points.
        public let x: Double, y: Double, width: Double, height: Double
        /// 0 at the site's own height, 1 one row up, ...
        public let stack: Int
        /// Drawing order: 0 is in front (the nearest).
        public let z: Int
    }

    /// Rows a label tries, from its site's height up, before it goes on top of its column.
    public static let searchRows = 64

    /// Lays out labels of the given widths (points) for on-screen placements.
    ///
    /// Labels whose position or width is not finite are left at their site's height and take
    /// no part in stacking; so are all labels when `height + gap` is not a positive number.
    /// - Parameters:
    ///   - placements: Sites on screen.
    ///   - widths: One label width per placement.
    ///   - height: Label height, points (default 28).
    ///   - gap: Space between stacked labels, points (default 4).
    ///   - screenWidth: When given, labels are shifted to lie within [0, screenWidth].
    ///   - searchRows: Rows tried before a label goes on top of its column (default ``searchRows``).
    /// - Returns: One label per placement, in the placements' order.
    public static func layout(
        _ placements: [ARProjector.Placement], widths: [Double], height: Double = 28,
        gap: Double = 4, screenWidth: Double? = nil, searchRows: Int = searchRows
    ) -> [Label] {
        var rowTests = 0
        return layout(
            placements, widths: widths, height: height, gap: gap, screenWidth: screenWidth, searchRows: searchRows,
            rowTests: &rowTests)
    }

    /// ``layout(_:widths:height:gap:screenWidth:searchRows:)``, adding to `rowTests` how many
    /// rows it tested against the labels placed (its work beyond sorting: from n to
    /// n · `searchRows`), for budgets. With `shown`, it stops once that many labels lie
    /// wholly below the top of the screen (y ≥ 0), nearest first: a screen that shows the
    /// nearest few pins of thousands needs no more, and a label's place depends only on the
    /// nearer ones, so those laid out are where the whole layout puts them. Only the labels
    /// laid out are returned then, in the placements' order.
    public static func layout(
        _ placements: [ARProjector.Placement], widths: [Double], height: Double = 28,
        gap: Double = 4, screenWidth: Double? = nil, searchRows: Int = searchRows,
        shown: Int? = nil, rowTests: inout Int
    ) -> [Label] {
        let n = placements.count
        let order = placements.indices.sorted {
            placements[$0].distance < placements[$1].distance
                || (placements[$0].distance == placements[$1].distance && $0 < $1)
        }
        // Only y depends on stacking: each label's x extent and starting row are known now.
        var lefts = ContiguousArray<Double>(repeating: 0, count: n), rights = lefts, starts = lefts
        var members: [Int] = []
        members.reserveCapacity(n)
        for i in 0..<n {
            let w = widths[i]
            var x = placements[i].x - w / 2
            if let screenWidth { x = max(0, min(x, screenWidth - w)) }
            lefts[i] = x
            rights[i] = x + w
            starts[i] = placements[i].y - height - gap
            if x.isFinite, rights[i].isFinite, starts[i].isFinite { members.append(i) }
        }
        let pitch = height + gap
        let stacking = pitch.isFinite && pitch > 0 && !members.isEmpty
        let rows = max(0, searchRows)
        var bandLow = Double.infinity, bandHigh = -Double.infinity
        if stacking {
            for i in members {
                bandLow = min(bandLow, starts[i] - Double(rows + 2) * pitch)
                bandHigh = max(bandHigh, starts[i] + 2 * pitch)
            }
        }
        let space = LabelSpace(
            lefts: lefts, rights: rights, members: stacking ? members : [],
            bandLow: bandLow, bandHigh: bandHigh, pitch: stacking ? pitch : 1)
        var isMember = [Bool](repeating: false, count: n)
        if stacking { for i in members { isMember[i] = true } }

        var labels = [Label?](repeating: nil, count: n)
        var visible = 0
        // A label that found all its rows full: a later one starting at the same height whose
        // extent covers its extent finds them full too (every label in its way overlaps the
        // wider one as well), so it need not try them. In a crowd at one spot that is most.
        var full: (start: Double, left: Double, right: Double)?
        for (z, i) in order.enumerated() {
            if let shown, visible >= shown { break }
            var y = starts[i], stack = 0
            if isMember[i] {
                // Nothing at or above this height overlaps the label: rows there are free.
                let top = space.topmost(over: i)
                let left = min(lefts[i], rights[i]), right = max(lefts[i], rights[i])
                if let f = full, f.start == starts[i], left <= f.left, right >= f.right {
                    while stack < rows {
                        stack += 1
                        y -= height + gap
                    }
                } else {
                    while !(y + height + gap <= top), stack < rows, space.isBlocked(i, y: y, height: height, gap: gap) {
                        rowTests += 1
                        stack += 1
                        y -= height + gap
                    }
                    if stack == rows, full == nil || full!.start != starts[i] || right - left < full!.right - full!.left {
                        full = (starts[i], left, right)
                    }
                }
                if stack == rows && !(y + height + gap <= top) {
                    (y, stack) = Self.above(top, from: y, stack: stack, height: height, gap: gap)
                }
                space.place(i, y: y)
            }
            labels[i] = Label(placement: i, x: lefts[i], y: y, width: widths[i], height: height, stack: stack, z: z)
            if y >= 0 { visible += 1 }
        }
        return labels.compactMap { $0 }
    }

    // MARK: - Private helpers

    /// The first row at or above `y` (row `stack`) whose label lies wholly above `top`.
    private static func above(_ top: Double, from y: Double, stack: Int, height: Double, gap: Double) -> (Double, Int) {
        let pitch = height + gap
        let needed = ((y + pitch - top) / pitch).rounded(.up)
        var more = needed.isFinite ? min(max(0, needed), 1e15) : 0
        for _ in 0..<8 {
            let candidate = y - more * pitch
            if candidate + height + gap <= top { return (candidate, stack + Int(more)) }
            more += 1
        }
        // Only when the heights overflow: a label at -∞ overlaps nothing.
        return (-.infinity, stack + Int(more))
    }
}
