/// Finds two edges of one ring that properly cross, in O(n log n): a Shamos–Hoey sweep.
///
/// A line sweeps the ring's vertices west to east, and south to north at one longitude (as if it
/// leaned a little, so it meets a vertical edge from its south end). The status holds the edges
/// the line crosses, in south-to-north order, and a pair of edges is tested when it becomes
/// adjacent in that order: when one of them enters, or an edge between them leaves. That tests
/// at most 3n pairs, and finds a crossing whenever there is one:
///
/// - Edges that only touch meet at an end of one of them, where it enters or leaves, and edges
///   overlapping along a line keep a fixed order; so until two edges cross, no two swap places
///   in the status and its order stays right.
/// - At the first crossing point p the line reaches, take the edges through p in their order
///   just before it: two consecutive ones that pass through p on different lines cross there,
///   and only edges ending at p lie between them. Those leave at p, before anything enters
///   there, so the two become adjacent, and are tested, at p at the latest.
///
/// Touching and overlapping are not crossings (`Boundary.properlyCross`), and zero-length edges,
/// which cannot cross anything, never enter. The status is a splay tree with the in-order
/// neighbors linked: deterministic, with no balance to keep, O(log n) amortized on any input,
/// and quick when consecutive events land near each other in the order.
struct RingSweep {
    private static let none = -1

    /// A vertex of the ring where edges enter or leave the status.
    private struct Event {
        var x, y: Double
        var vertex: Int
    }

    /// The tree and in-order links of one edge in the status.
    private struct Links {
        var parent = none, left = none, right = none
        /// The edges just south and north of this one.
        var below = none, above = none
        var inStatus = false
    }

    private let vertices: ContiguousArray<Double>
    private let start: Int
    private let edgeCount: Int
    /// Each edge's west end, then its east end (the lesser vertex by longitude, then latitude):
    /// x, y, x, y.
    private var ends: [Double]
    private var links: [Links]
    private var root = none

    /// The ring is vertices `start ..< end` of `vertices` (longitude, latitude pairs); edge k
    /// joins vertices k and k + 1 (a closed ring's last vertex repeats its first).
    init(_ vertices: ContiguousArray<Double>, _ start: Int, _ end: Int) {
        self.vertices = vertices
        self.start = start
        edgeCount = max(0, end - start - 1)
        ends = []
        ends.reserveCapacity(edgeCount * 4)
        let stride = Boundary.vertexStride
        for e in start..<(start + edgeCount) {
            let (west, east) = Self.precedes(vertices, e, e + 1) ? (e, e + 1) : (e + 1, e)
            ends.append(vertices[west * stride])
            ends.append(vertices[west * stride + 1])
            ends.append(vertices[east * stride])
            ends.append(vertices[east * stride + 1])
        }
        links = Array(repeating: Links(), count: edgeCount)
    }

    /// The first crossing the sweep meets: two edges that properly cross, the lesser index
    /// first, or nil when the ring does not cross itself.
    mutating func firstCrossing() -> (Int, Int)? {
        guard edgeCount > 3 else { return nil }
        // The events are the vertices, west to east, then south to north; equal points in vertex
        // order, so the same ring always reports the same pair. (Sorting copies rather than
        // indexes: several times faster on a million vertices.)
        var events = (0...edgeCount).map { k in Event(x: x(k), y: y(k), vertex: k) }
        events.sort { a, b in a.x != b.x ? a.x < b.x : a.y != b.y ? a.y < b.y : a.vertex < b.vertex }
        var i = 0
        while i < events.count {
            var j = i + 1
            while j < events.count, events[j].x == events[i].x, events[j].y == events[i].y { j += 1 }
            // Edges ending at this point leave before edges starting here enter, so an entering
            // edge is only compared with edges it goes on with.
            for k in events[i..<j].lazy.map(\.vertex) {
                if k > 0, precedes(k - 1, k), let pair = remove(k - 1) { return pair }
                if k < edgeCount, precedes(k + 1, k), let pair = remove(k) { return pair }
            }
            for k in events[i..<j].lazy.map(\.vertex) {
                if k > 0, precedes(k, k - 1), let pair = insert(k - 1) { return pair }
                if k < edgeCount, precedes(k, k + 1), let pair = insert(k) { return pair }
            }
            i = j
        }
        return nil
    }

    // MARK: - Geometry

    private func x(_ k: Int) -> Double { vertices[(start + k) * Boundary.vertexStride] }
    private func y(_ k: Int) -> Double { vertices[(start + k) * Boundary.vertexStride + 1] }

    /// Whether vertex a of the ring comes before vertex b in the sweep: by longitude, then latitude.
    /// The same test decides where an edge enters and where it leaves, so one that enters leaves.
    private func precedes(_ a: Int, _ b: Int) -> Bool { Self.precedes(vertices, start + a, start + b) }

    /// `precedes(_:_:)` for vertices a and b of the whole array.
    private static func precedes(_ v: ContiguousArray<Double>, _ a: Int, _ b: Int) -> Bool {
        let ax = v[a * Boundary.vertexStride], bx = v[b * Boundary.vertexStride]
        return ax < bx || (ax == bx && v[a * Boundary.vertexStride + 1] < v[b * Boundary.vertexStride + 1])
    }

    /// Whether edge u, entering at its west end, goes south of edge s, which the sweep line
    /// crosses there.
    private func entersBelow(_ u: Int, _ s: Int) -> Bool {
        let sx = ends[s * 4], sy = ends[s * 4 + 1], tx = ends[s * 4 + 2], ty = ends[s * 4 + 3]
        let side = Boundary.orientation(sx, sy, tx, ty, ends[u * 4], ends[u * 4 + 1])
        if side != 0 { return side < 0 }
        // u starts on s: it leaves on the side it turns to (anything going east from a vertical
        // s goes south of it, as the leaning line meets s ever farther north).
        let turn = Boundary.orientation(sx, sy, tx, ty, ends[u * 4 + 2], ends[u * 4 + 3])
        if turn != 0 { return turn < 0 }
        // Collinear edges overlap from here on; any fixed order keeps them apart.
        return u < s
    }

    /// The pair, lesser index first, when edges a and b properly cross. Neighbors in the ring
    /// share a vertex, and so do the last and first edges.
    private func crossing(_ a: Int, _ b: Int) -> (Int, Int)? {
        guard a != Self.none, b != Self.none else { return nil }
        let (a, b) = (min(a, b), max(a, b))
        if b == a + 1 || (a == 0 && b == edgeCount - 1) { return nil }
        let crosses = Boundary.properlyCross(x(a), y(a), x(a + 1), y(a + 1), x(b), y(b), x(b + 1), y(b + 1))
        return crosses ? (a, b) : nil
    }

    // MARK: - Status: a splay tree in south-to-north order

    /// Puts edge e into the status and tests it against its new neighbors.
    private mutating func insert(_ e: Int) -> (Int, Int)? {
        var node = root, top = Self.none, below = Self.none, above = Self.none
        while node != Self.none {
            top = node
            if entersBelow(e, node) {
                above = node
                node = links[node].left
            } else {
                below = node
                node = links[node].right
            }
        }
        links[e] = Links(parent: top, below: below, above: above, inStatus: true)
        if top == Self.none {
            root = e
        } else if top == above {
            links[top].left = e
        } else {
            links[top].right = e
        }
        if below != Self.none { links[below].above = e }
        if above != Self.none { links[above].below = e }
        splay(e)
        return crossing(below, e) ?? crossing(e, above)
    }

    /// Takes edge e out of the status and tests the edges it kept apart.
    private mutating func remove(_ e: Int) -> (Int, Int)? {
        guard links[e].inStatus else { return nil }  // only for coordinates that do not compare (NaN)
        let below = links[e].below, above = links[e].above
        if below != Self.none { links[below].above = above }
        if above != Self.none { links[above].below = below }
        splay(e)
        let left = links[e].left, right = links[e].right
        if left == Self.none {
            root = right
            if right != Self.none { links[right].parent = Self.none }
        } else {
            // e's southern neighbor is the last edge of its left subtree: brought to that
            // subtree's top, it has no right child, and e's right subtree goes there.
            links[left].parent = Self.none
            splay(below)
            root = below
            links[below].right = right
            if right != Self.none { links[right].parent = below }
        }
        links[e] = Links()
        return crossing(below, above)
    }

    /// Brings edge x to the top of its tree, the classic way: rotating its parent first when x
    /// and its parent are children on the same side, which halves the depth along the path.
    private mutating func splay(_ x: Int) {
        while links[x].parent != Self.none {
            let p = links[x].parent, g = links[p].parent
            if g != Self.none { rotateUp((links[g].left == p) == (links[p].left == x) ? p : x) }
            rotateUp(x)
        }
    }

    /// Swaps edge x with its parent, keeping the in-order sequence.
    private mutating func rotateUp(_ x: Int) {
        let p = links[x].parent, g = links[p].parent
        if links[p].left == x {
            let middle = links[x].right
            links[p].left = middle
            if middle != Self.none { links[middle].parent = p }
            links[x].right = p
        } else {
            let middle = links[x].left
            links[p].right = middle
            if middle != Self.none { links[middle].parent = p }
            links[x].left = p
        }
        links[p].parent = x
        links[x].parent = g
        if g == Self.none {
            root = x
        } else if links[g].left == p {
            links[g].left = x
        } else {
            links[g].right = x
        }
    }
}
