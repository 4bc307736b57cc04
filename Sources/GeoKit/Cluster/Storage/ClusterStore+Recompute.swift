/// Scratch for merging children's category counts: a dense counter per category and the
/// categories touched. One per index (never shared).
struct CategoryScratch {
    var counts = ContiguousArray<Int32>()
    var touched = ContiguousArray<Int32>()
    var pairs = ContiguousArray<Int32>()
}

extension ClusterStore {
    /// Recomputes cluster `s` from its children (linked in ascending rep, the seed first):
    /// rep, count, weighted center, reach and aggregates. Build and update both use it, so a
    /// cluster is the same function of its children either way.
    ///
    /// The center is supercluster's: Σ xᵢ·nᵢ over the children in ascending rep, divided by Σ nᵢ,
    /// in float64.
    mutating func recompute(_ s: Int32, points: ClusterPoints, scratch: inout CategoryScratch) {
        let first = firstChild(s)
        positions.withUnsafeMutableBufferPointer { pos in
            links.withUnsafeMutableBufferPointer { links in
                reaches.withUnsafeMutableBufferPointer { reaches in
                    var sum = ClusterMath.Sum()
                    var c = Int(first)
                    while c >= 0 {
                        sum.add(
                            x: pos[c &* Self.positionStride &+ Self.xOffset], y: pos[c &* Self.positionStride &+ Self.yOffset],
                            count: links[c &* Self.linkStride &+ Self.countOffset])
                        c = Int(links[c &* Self.linkStride &+ Self.nextSiblingOffset])
                    }
                    let (cx, cy) = sum.center
                    var reach = 0.0
                    c = Int(first)
                    while c >= 0 {
                        reach = ClusterMath.reach(
                            reach, x: pos[c &* Self.positionStride &+ Self.xOffset],
                            y: pos[c &* Self.positionStride &+ Self.yOffset], childReach: reaches[c], cx: cx, cy: cy)
                        c = Int(links[c &* Self.linkStride &+ Self.nextSiblingOffset])
                    }
                    let i = Int(s)
                    pos[i &* Self.positionStride &+ Self.xOffset] = cx
                    pos[i &* Self.positionStride &+ Self.yOffset] = cy
                    links[i &* Self.linkStride &+ Self.countOffset] = sum.total
                    links[i &* Self.linkStride &+ Self.repOffset] = links[Int(first) &* Self.linkStride &+ Self.repOffset]
                    reaches[i] = ClusterMath.roundedUp(reach)
                }
            }
        }
        recomputeAggregates(s, points: points, scratch: &scratch)
    }

    /// Recomputes the value sum (children in ascending rep) and category counts of cluster `s`.
    mutating func recomputeAggregates(_ s: Int32, points: ClusterPoints, scratch: inout CategoryScratch) {
        if tracksValues {
            var sum = 0.0
            var c = firstChild(s)
            while c >= 0 {
                sum += valueSums[Int(c)]
                c = nextSibling(c)
            }
            valueSums[Int(s)] = sum
        }
        if tracksCategories { recomputeCategories(s, points: points, scratch: &scratch) }
    }

    private mutating func recomputeCategories(_ s: Int32, points: ClusterPoints, scratch: inout CategoryScratch) {
        if scratch.counts.count < points.categoryNames.count {
            scratch.counts.append(contentsOf: repeatElement(0, count: points.categoryNames.count - scratch.counts.count))
        }
        scratch.touched.removeAll(keepingCapacity: true)
        var c = firstChild(s)
        while c >= 0 {
            if isCluster(c) {
                let span = Int(c) * Self.spanStride
                var k = Int(categorySpans[span + Self.spanStartOffset])
                let end = k + Int(categorySpans[span + Self.spanLengthOffset]) * Self.pairStride
                while k < end {
                    let category = categoryPool[k], n = categoryPool[k + 1]
                    if scratch.counts[Int(category)] == 0 { scratch.touched.append(category) }
                    scratch.counts[Int(category)] += n
                    k += Self.pairStride
                }
            } else {
                let category = points.category(Int(rep(c)))
                if category >= 0 {
                    if scratch.counts[Int(category)] == 0 { scratch.touched.append(category) }
                    scratch.counts[Int(category)] += 1
                }
            }
            c = nextSibling(c)
        }
        scratch.touched.sort()
        scratch.pairs.removeAll(keepingCapacity: true)
        for category in scratch.touched {
            scratch.pairs.append(category)
            scratch.pairs.append(scratch.counts[Int(category)])
            scratch.counts[Int(category)] = 0
        }
        scratch.pairs.withUnsafeBufferPointer { setCategoryPairs(s, $0) }
    }
}

/// The arithmetic of a cluster, shared by build and update so both give identical bits.
enum ClusterMath {
    /// Σ x·n and Σ y·n in float64, added in ascending rep (supercluster's weighted center).
    struct Sum {
        var wx = 0.0, wy = 0.0, total: Int32 = 0

        @inline(__always) mutating func add(x: Double, y: Double, count: Int32) {
            wx += x * Double(count)
            wy += y * Double(count)
            total &+= count
        }

        @inline(__always) var center: (Double, Double) { (wx / Double(total), wy / Double(total)) }
    }

    /// The reach so far extended to cover a child's reach around its position.
    @inline(__always)
    static func reach(_ reach: Double, x: Double, y: Double, childReach: Float, cx: Double, cy: Double) -> Double {
        // max(reach, max(|x − cx|, |y − cy|) + childReach), spelled out as Swift.max and abs
        // compute it (`b >= a ? b : a`, magnitude), so a debug build makes no generic calls.
        let dx = (x - cx).magnitude, dy = (y - cy).magnitude
        let extent = (dy >= dx ? dy : dx) + Double(childReach)
        return extent >= reach ? extent : reach
    }

    /// `reach` as a Float never below it.
    @inline(__always) static func roundedUp(_ reach: Double) -> Float {
        let rounded = Float(reach)
        return Double(rounded) < reach ? rounded.nextUp : rounded
    }
}
