import GeoKit

/// The park's boundary rings as `map.boundary` simplified them at the last few tolerances
/// (zoom levels), per runtime. Simplifying looks at every vertex of a ring; a map that is
/// panned, or drawn again as the visitor moves, asks for the same rings at the same zoom.
/// Which rings reach into the view is still worked out on every call.
final class DrawnRingCache {
    /// Tolerances kept; the one used longest ago goes first (a zoom level is ~20 KB here).
    static let tolerancesKept = 4

    private var entries: [(tolerance: Double, rings: [Int: [Double]])] = []

    /// How many tolerances are kept now.
    var toleranceCount: Int { entries.count }

    /// `boundary`'s rings reaching into `box`, simplified at `tolerance`, each flat
    /// (``GeoKit/Boundary/drawnRings(in:tolerance:simplified:)``).
    func rings(of boundary: Boundary, in box: BoundingBox, tolerance: Double) -> [[Double]] {
        var entry: (tolerance: Double, rings: [Int: [Double]])
        if let i = entries.firstIndex(where: { $0.tolerance == tolerance }) {
            entry = entries.remove(at: i)
        } else {
            entry = (tolerance, [:])
            if entries.count == Self.tolerancesKept { entries.removeFirst() }
        }
        let drawn = boundary.drawnRings(in: box, tolerance: tolerance) { ring, simplify in
            if let kept = entry.rings[ring] { return kept }
            let made = simplify()
            entry.rings[ring] = made
            return made
        }
        entries.append(entry)
        return drawn
    }
}
