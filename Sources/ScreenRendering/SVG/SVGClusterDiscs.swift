/// Sizes and spaces a map's cluster discs so that no two overlap in the picture. The
/// cluster index keeps clusters about its radius apart (40 points), but a disc sized by its
/// count wants up to 40 points of radius of its own, so big neighbors would cover each other.
///
/// Three steps, each keeping what the one before achieved:
/// 1. **Share**: two discs closer than their wanted radii allow split the room between
///    their centers in proportion to the radii they want; none goes below `minimum`.
/// 2. **Nudge**: discs still overlapping (both at `minimum`) are pushed apart along the
///    line between them, in a few rounds, each at most `maxShift` from where it belongs.
/// 3. **Shrink**: any pair still overlapping splits the room left in the same proportion,
///    below `minimum` if it must. This step alone guarantees the result.
///
/// Step 3 is also applied to the discs of step 1 without nudging; when that leaves the
/// smallest disc bigger (a crowd, where pushes from several sides brought discs closer),
/// that result is taken instead.
///
/// Neighbors are found through a grid whose cells are as wide as two of the largest discs
/// (with at most `cellCapacity` discs, by trying every pair, which is cheaper). A cell holding more than `cellCapacity` centers keeps the first that many (the map lists
/// big clusters first) and gives the others radius 0: not drawn, and counted by the picture.
/// The cluster index never crowds a cell so (its clusters are tens of points apart); a flow
/// that piles thousands on one spot gets a picture in time instead of a quadratic wait.
///
/// Radii here are outer radii: the disc with its ring.
enum SVGClusterDiscs {
    /// A disc in picture points.
    struct Disc: Equatable {
        var x, y, radius: Double
    }

    /// Rounds of nudging before the last step shrinks what still overlaps.
    static let nudgeRounds = 8
    /// The most centers one grid cell keeps; see the type's notes.
    static let cellCapacity = 64

    /// `wanted` resized and moved so that every two discs are at least `gap` apart.
    /// - Parameters:
    ///   - wanted: each disc where it belongs, with the radius its count asks for.
    ///   - minimum: the smallest radius sharing and nudging keep (a wanted radius below it stays).
    ///   - maxShift: how far nudging may move a disc from where it belongs.
    ///   - gap: the space kept between two discs.
    /// - Returns: the discs in the same order; centers and radii finite when `wanted`'s are.
    static func layout(_ wanted: [Disc], minimum: Double, maxShift: Double, gap: Double) -> [Disc] {
        guard wanted.count > 1 else { return wanted }
        let crowded = wanted.count > cellCapacity ? crowd(wanted, gap: gap) : []
        guard crowded.isEmpty else {
            // Lay out the others alone, then put the crowded back with radius 0.
            let kept = wanted.indices.filter { !crowded.contains($0) }
            var out = wanted.map { Disc(x: $0.x, y: $0.y, radius: 0) }
            for (i, disc) in zip(kept, layout(kept.map { wanted[$0] }, minimum: minimum, maxShift: maxShift, gap: gap)) { out[i] = disc }
            return out
        }
        var shared = wanted
        share(&shared, gap: gap)
        for i in shared.indices { shared[i].radius = max(shared[i].radius, min(minimum, wanted[i].radius)) }
        var nudged = shared
        for _ in 0..<nudgeRounds where nudge(&nudged, from: wanted, maxShift: maxShift, gap: gap) {}
        share(&nudged, gap: gap)
        // In a crowd, pushes from several sides can bring two discs closer than they were;
        // then staying put and shrinking loses less.
        share(&shared, gap: gap)
        let smallest = { (discs: [Disc]) in discs.map(\.radius).min() ?? 0 }
        return smallest(nudged) >= smallest(shared) ? nudged : shared
    }

    /// The pairs of `discs` less than `gap` apart (overlapping, when `gap` is 0), each as (lower, higher) index.
    static func overlapping(_ discs: [Disc], gap: Double = 0) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        forEachNearPair(discs, gap: gap) { i, j, distance in
            if distance < discs[i].radius + discs[j].radius + gap - 1e-9 { pairs.append((min(i, j), max(i, j))) }
        }
        return pairs
    }

    // MARK: - Private helpers

    /// Every pair closer than its radii and `gap` allow shrinks to split the room between
    /// centers in proportion to its radii; a disc takes the smallest share any pair gives it.
    /// Shares are computed from the radii before the call, so each pair fits afterwards.
    private static func share(_ discs: inout [Disc], gap: Double) {
        var radius = discs.map(\.radius)
        forEachNearPair(discs, gap: gap) { i, j, distance in
            let (a, b) = (discs[i].radius, discs[j].radius)
            let room = max(distance - gap, 0)
            guard a + b > room, a + b > 0 else { return }
            radius[i] = min(radius[i], room * a / (a + b))
            radius[j] = min(radius[j], room * b / (a + b))
        }
        for i in discs.indices { discs[i].radius = radius[i] }
    }

    /// One round of pushing overlapping pairs apart: each disc moves by the sum of its
    /// pushes, then is kept within `maxShift` of its place in `home`; whether anything overlapped.
    private static func nudge(_ discs: inout [Disc], from home: [Disc], maxShift: Double, gap: Double) -> Bool {
        var offsets = [(dx: Double, dy: Double)](repeating: (0, 0), count: discs.count)
        var pushed = false
        forEachNearPair(discs, gap: gap) { i, j, distance in
            let deficit = discs[i].radius + discs[j].radius + gap - distance
            guard deficit > 0 else { return }
            // Discs on the same spot part along x, the first to the left, so the result is reproducible.
            let (ux, uy) = distance > 1e-9 ? ((discs[j].x - discs[i].x) / distance, (discs[j].y - discs[i].y) / distance) : (1.0, 0.0)
            let half = deficit / 2 + 0.01
            offsets[i].dx -= ux * half; offsets[i].dy -= uy * half
            offsets[j].dx += ux * half; offsets[j].dy += uy * half
            pushed = true
        }
        for i in discs.indices where offsets[i] != (0, 0) {
            move(&discs[i], by: (offsets[i].dx, offsets[i].dy), home: home[i], maxShift: maxShift)
        }
        return pushed
    }

    /// Moves `disc` by `offset`, then back towards `home` if that took it beyond `maxShift`.
    private static func move(_ disc: inout Disc, by offset: (Double, Double), home: Disc, maxShift: Double) {
        var dx = disc.x + offset.0 - home.x, dy = disc.y + offset.1 - home.y
        let shift = (dx * dx + dy * dy).squareRoot()
        if shift > maxShift { (dx, dy) = (dx / shift * maxShift, dy / shift * maxShift) }
        (disc.x, disc.y) = (home.x + dx, home.y + dy)
    }

    /// The discs beyond the first `cellCapacity` in a grid cell, in order.
    private static func crowd(_ discs: [Disc], gap: Double) -> Set<Int> {
        var crowded = Set<Int>()
        for members in Grid(discs, gap: gap).cells.values where members.count > cellCapacity {
            crowded.formUnion(members.dropFirst(cellCapacity))
        }
        return crowded
    }

    /// Calls `body(i, j, distance)` with i < j once for each pair that may be closer than its
    /// radii and `gap` allow, in the order of i, looking only in the grid cells around each disc.
    private static func forEachNearPair(_ discs: [Disc], gap: Double, _ body: (Int, Int, Double) -> Void) {
        // A picture usually holds a few dozen clusters: trying every pair is cheaper than hashing cells.
        guard discs.count > cellCapacity else {
            for i in discs.indices {
                for j in discs.indices where j > i {
                    let (ox, oy) = (discs[j].x - discs[i].x, discs[j].y - discs[i].y)
                    let distance = (ox * ox + oy * oy).squareRoot()
                    if distance < discs[i].radius + discs[j].radius + gap { body(i, j, distance) }
                }
            }
            return
        }
        let grid = Grid(discs, gap: gap)
        for (i, disc) in discs.enumerated() {
            let home = grid.cell(disc)
            for dy in -1...1 {
                for dx in -1...1 {
                    for j in grid.cells[Grid.Cell(x: home.x + dx, y: home.y + dy)] ?? [] where j > i {
                        let (ox, oy) = (discs[j].x - disc.x, discs[j].y - disc.y)
                        guard abs(ox) < grid.side, abs(oy) < grid.side else { continue }
                        body(i, j, (ox * ox + oy * oy).squareRoot())
                    }
                }
            }
        }
    }

    /// The discs' indices by square cell, each cell as wide as two of the largest discs and
    /// the gap, so a disc's neighbors are in its own cell or the eight around it.
    private struct Grid {
        struct Cell: Hashable { var x, y: Int }

        let side: Double
        private(set) var cells: [Cell: [Int]] = [:]

        init(_ discs: [Disc], gap: Double) {
            side = max(2 * (discs.map(\.radius).max() ?? 0) + gap, 1)
            for (i, disc) in discs.enumerated() { cells[cell(disc), default: []].append(i) }
        }

        func cell(_ disc: Disc) -> Cell {
            Cell(x: Self.index(disc.x / side), y: Self.index(disc.y / side))
        }

        /// `value` rounded down to an Int, clamped so no value traps (NaN goes to cell 0).
        private static func index(_ value: Double) -> Int {
            value.isNaN ? 0 : Int(min(max(value, -1e15), 1e15).rounded(.down))
        }
    }
}
