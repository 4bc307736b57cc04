import LuaKit

/// What native functions charge the run's instruction budget for work no Lua instruction
/// counts (docs/architecture.md, "Long C calls don't reach the hook"), in one place.
///
/// One instruction stands for about 4 ns of native work (measured in a release build on the
/// development machine): a table built for a result or copied out of Lua costs 64 (as
/// building it in Lua would, allocation included), sorting or indexing n items
/// 4-8 · n·⌈log2 n⌉, and GeoKit's own measures of work (an index change, label rows tried,
/// regions a fix looks at) are scaled the same way. A function charges before the work when
/// the arguments tell its size; work only the algorithm can measure is charged just after,
/// and is bounded by something already paid for (the index's build, the sites given). A call
/// whose work does not depend on its input (`geo.distance`, `map.viewport`, `mon:callout`)
/// charges nothing, so it stays as cheap as a Lua call.
enum Charge {
    /// Per item of a result table (a pin, a cluster, an event).
    static let perResultItem = 64
    /// Per item copied out of a Lua table of tables (a site, a point).
    static let perInputItem = 64
    /// A new native object's fixed cost (a monitor), or an index change's before its work is known.
    static let perObject = 64
    /// Per unit of GeoKit's `ClusterIndex.lastUpdateWork` (10-50 ns each).
    static let perUpdateWork = 4
    /// Per label row tested and per n·log n step of the layout (about 33 ns each).
    static let perLabelStep = 8
    /// Per region a fix or a context change looks at.
    static let perRegion = 4
    /// Per site id looked up.
    static let perSite = 16
    /// Per pair of a batch `geo.inverse`: what calling it once a pair from a Lua loop costs
    /// (the call, its arguments and results), so a batch never costs more than the loop. The
    /// geodesic itself is not charged, as a single call's is not (0.1-1 µs).
    static let perGeodesic = 12

    /// n·⌈log2 n⌉, at least n: sorting or indexing n items.
    static func sorting(_ n: Int) -> Int {
        n <= 2 ? max(n, 0) : n * (Int.bitWidth - (n - 1).leadingZeroBitCount)
    }
}

extension LuaCall {
    /// Charges `items` items of a result table.
    func charge(results items: Int) throws {
        try charge(items * Charge.perResultItem)
    }

    /// Charges copying `items` tables out of Lua and indexing them (n·log n).
    func charge(indexing items: Int) throws {
        try charge(items * Charge.perInputItem + 4 * Charge.sorting(items))
    }
}
