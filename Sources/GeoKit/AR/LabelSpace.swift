/// The labels placed so far by ``ARLabelLayout``, indexed two ways so that placing one never
/// scans them all:
///
/// - a grid of cells (as wide as the widest label, one row pitch tall) over the band of
///   heights the row search can reach, each cell listing the labels placed in it: a row test
///   looks at the few cells around the candidate row only;
/// - a segment tree over the labels' x extents (every left and right edge a leaf) holding the
///   topmost (smallest) y of the labels over each span: the highest label a new one would
///   overlap, in O(log n).
///
/// Every label's x extent is known before any is placed (only y depends on stacking), which
/// is what lets both be laid out up front. One per layout; nothing global. The arrays are
/// allocated once, at their final size, and read through raw pointers: the row test runs up
/// to ``ARLabelLayout/searchRows`` times per label.
final class LabelSpace {
    // Per label: the x extent as the overlap test computes it, and the leaf range in the tree.
    private let count: Int
    private let lefts: UnsafeMutablePointer<Double>
    private let rights: UnsafeMutablePointer<Double>
    private let leafLow: UnsafeMutablePointer<Int32>
    private let leafHigh: UnsafeMutablePointer<Int32>

    // The grid: cell (column, bucket) at `column * buckets + bucket`; a list of entries each.
    private let originX: Double, cellWidth: Double, columns: Int
    private let bandLow: Double, bandHigh: Double, bucketHeight: Double, buckets: Int
    private let heads: UnsafeMutablePointer<Int32>
    private let entryLabel: UnsafeMutablePointer<Int32>
    private let entryNext: UnsafeMutablePointer<Int32>
    private let entryCapacity: Int
    private var entries = 0
    private let placedY: UnsafeMutablePointer<Double>

    // The tree: per node, the topmost y of labels covering its whole span (`cover`) and of
    // labels meeting any part of it (`meet`).
    private let leaves: Int
    private let cover: UnsafeMutablePointer<Double>
    private let meet: UnsafeMutablePointer<Double>

    /// - Parameters:
    ///   - lefts, rights: Each label's x extent (`x`, `x + width`), finite for the labels in `members`.
    ///   - members: The labels that take part in stacking.
    ///   - bandLow, bandHigh: The heights a row test can look at; labels placed outside are
    ///     left out of the grid (the tree still has them).
    ///   - pitch: One row's height, finite and positive.
    init(
        lefts: ContiguousArray<Double>, rights: ContiguousArray<Double>, members: [Int],
        bandLow: Double, bandHigh: Double, pitch: Double
    ) {
        count = lefts.count
        self.lefts = Self.allocate(count, copying: lefts)
        self.rights = Self.allocate(count, copying: rights)
        placedY = Self.allocate(count, repeating: .nan)
        // Tree leaves: every edge, sorted and unique; a label spans the leaves between its edges.
        var edges = ContiguousArray<Double>()
        edges.reserveCapacity(2 * members.count)
        var lowest = Double.infinity, highest = -Double.infinity, widest = 0.0
        for i in members {
            let a = min(lefts[i], rights[i]), b = max(lefts[i], rights[i])
            edges.append(a)
            edges.append(b)
            lowest = min(lowest, a)
            highest = max(highest, b)
            widest = max(widest, b - a)
        }
        edges.sort()
        var unique = ContiguousArray<Double>()
        unique.reserveCapacity(edges.count)
        for e in edges where unique.last != e { unique.append(e) }
        leaves = max(1, unique.count)
        cover = Self.allocate(4 * leaves, repeating: .infinity)
        meet = Self.allocate(4 * leaves, repeating: .infinity)
        leafLow = Self.allocate(count, repeating: 0)
        leafHigh = Self.allocate(count, repeating: 0)
        for i in members {
            leafLow[i] = Int32(Self.firstIndex(of: min(lefts[i], rights[i]), in: unique))
            leafHigh[i] = Int32(Self.firstIndex(of: max(lefts[i], rights[i]), in: unique))
        }
        // Grid: about 4 cells per label at most; coarser cells only hold more labels each.
        let cap = Double(max(1024, 4 * members.count))
        let span = members.isEmpty ? 0 : highest - lowest
        originX = members.isEmpty ? 0 : lowest
        cellWidth = max(widest, span / cap, 1e-9)
        columns = Int(min(cap, (span / cellWidth).rounded(.down))) + 1
        // With nothing to stack (or heights out of range) the grid is one cell.
        let banded = bandLow.isFinite && bandHigh.isFinite && bandLow <= bandHigh && pitch.isFinite && pitch > 0
        self.bandLow = banded ? bandLow : 0
        self.bandHigh = banded ? bandHigh : 0
        let rows = banded ? max(1, (bandHigh - bandLow) / pitch) : 1
        let stretch = max(1, (Double(columns) * rows / cap).rounded(.up))
        bucketHeight = banded ? pitch * stretch : 1
        buckets = banded ? Int(min(cap, max(0, ((bandHigh - bandLow) / bucketHeight).rounded(.down)))) + 1 : 1
        heads = Self.allocate(columns * buckets, repeating: -1)
        // A label is listed once per column its extent reaches.
        var needed = 0
        for i in members {
            needed +=
                Self.column(max(lefts[i], rights[i]), origin: originX, width: cellWidth, columns: columns)
                - Self.column(min(lefts[i], rights[i]), origin: originX, width: cellWidth, columns: columns) + 1
        }
        entryCapacity = needed
        entryLabel = Self.allocate(needed, repeating: -1)
        entryNext = Self.allocate(needed, repeating: -1)
    }

    deinit {
        for p in [lefts, rights, placedY, cover, meet] { p.deallocate() }
        for p in [leafLow, leafHigh, heads, entryLabel, entryNext] { p.deallocate() }
    }

    /// The topmost y of the placed labels whose x extent meets label `i`'s (edges included, so
    /// a superset of those it can overlap); +∞ if none.
    func topmost(over i: Int) -> Double {
        topmost(node: 1, low: 0, high: leaves - 1, from: Int(leafLow[i]), to: Int(leafHigh[i]))
    }

    /// Whether label `i` at `y` would overlap a placed label within the band, by the overlap
    /// test of ``ARLabelLayout`` itself (`height` and `gap` as given there).
    func isBlocked(_ i: Int, y: Double, height: Double, gap: Double) -> Bool {
        let x = lefts[i], right = rights[i]
        let slack = bucketHeight / 16
        let own = bucket(y), b0 = bucket(y - height - gap - slack), b1 = bucket(y + height + gap + slack)
        let c0 = column(min(x, right)), c1 = column(max(x, right))
        // The row's own bucket first: in a full column the blocker is there.
        var k = -1
        while k <= b1 - b0 {
            let b = k < 0 ? own : b0 + k
            k += 1
            if k > 0 && b == own { continue }
            var column = c0
            while column <= c1 {
                var e = Int(heads[column &* buckets &+ b])
                while e >= 0 {
                    let j = Int(entryLabel[e])
                    let jy = placedY[j]
                    if lefts[j] < right && x < rights[j] && jy < y + height + gap && y < jy + height + gap { return true }
                    e = Int(entryNext[e])
                }
                column += 1
            }
        }
        return false
    }

    /// Records label `i` placed at `y`.
    func place(_ i: Int, y: Double) {
        placedY[i] = y
        lower(node: 1, low: 0, high: leaves - 1, from: Int(leafLow[i]), to: Int(leafHigh[i]), y: y)
        guard y >= bandLow, y <= bandHigh else { return }
        let b = bucket(y)
        for column in column(min(lefts[i], rights[i]))...column(max(lefts[i], rights[i])) {
            let cell = column * buckets + b
            precondition(entries < entryCapacity, "label space: more entries than counted")
            entryLabel[entries] = Int32(i)
            entryNext[entries] = heads[cell]
            heads[cell] = Int32(entries)
            entries += 1
        }
    }

    // MARK: - Private helpers

    private func column(_ x: Double) -> Int {
        Self.column(x, origin: originX, width: cellWidth, columns: columns)
    }

    private static func column(_ x: Double, origin: Double, width: Double, columns: Int) -> Int {
        Int(max(0, min(Double(columns - 1), ((x - origin) / width).rounded(.down))))
    }

    private func bucket(_ y: Double) -> Int {
        Int(max(0, min(Double(buckets - 1), ((y - bandLow) / bucketHeight).rounded(.down))))
    }

    private func topmost(node: Int, low: Int, high: Int, from: Int, to: Int) -> Double {
        if from <= low && high <= to { return meet[node] }
        // Labels covering this whole node meet the query, which meets the node.
        var best = cover[node]
        let mid = (low + high) / 2
        if from <= mid { best = min(best, topmost(node: 2 * node, low: low, high: mid, from: from, to: to)) }
        if to > mid { best = min(best, topmost(node: 2 * node + 1, low: mid + 1, high: high, from: from, to: to)) }
        return best
    }

    private func lower(node: Int, low: Int, high: Int, from: Int, to: Int, y: Double) {
        meet[node] = min(meet[node], y)
        if from <= low && high <= to {
            cover[node] = min(cover[node], y)
            return
        }
        let mid = (low + high) / 2
        if from <= mid { lower(node: 2 * node, low: low, high: mid, from: from, to: to, y: y) }
        if to > mid { lower(node: 2 * node + 1, low: mid + 1, high: high, from: from, to: to, y: y) }
    }

    private static func allocate<T>(_ n: Int, repeating value: T) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: max(1, n))
        p.initialize(repeating: value, count: max(1, n))
        return p
    }

    private static func allocate(_ n: Int, copying values: ContiguousArray<Double>) -> UnsafeMutablePointer<Double> {
        let p = UnsafeMutablePointer<Double>.allocate(capacity: max(1, n))
        p.initialize(repeating: 0, count: max(1, n))
        for i in 0..<n { p[i] = values[i] }
        return p
    }

    /// The index of the first element of sorted `values` not below `value`.
    private static func firstIndex(of value: Double, in values: ContiguousArray<Double>) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
