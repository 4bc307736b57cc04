import GeoKit

/// A scoring lib.ranking can describe (`ranking.factored`), worked out natively: a site's
/// score is its distance times its category's factor (1 for a category with none), plus
/// what the park's weights add, `weight * (value - neutral)` summed in the weights' order
/// over the weighed properties the site has as numbers. These are the operations
/// lib.ranking does in Lua, in its order, so the scores are the same to the last bit (a
/// test compares them for every site of every park), and lib.sites ranks a park of a
/// hundred thousand sites from a position without making their tables.
struct SiteRanking {
    /// A weighed property, as `ranking.weights` lists it.
    struct Term: Equatable {
        let name: String
        let weight: Double
        let neutral: Double
    }

    /// A distance factor per category.
    let factors: [String: Double]
    /// The weighed properties, in the order their adjustments are summed.
    let terms: [Term]

    /// Each site's factor and adjustment, by position - 1: they depend on the site and the
    /// ranking only, so a runtime works them out once (`ModuleContext.cached`).
    final class Columns {
        let factor: [Double]
        let adjustment: [Double]

        init(factor: [Double], adjustment: [Double]) {
            self.factor = factor
            self.adjustment = adjustment
        }
    }

    /// One ranked site: its index in the list ranked (from 0) and where it is.
    struct Entry {
        let index: Int
        let distance: Double
        let bearing: Double
        let score: Double
    }

    /// Names the columns this ranking makes, for the runtime's cache.
    var cacheKey: String {
        let factorText = factors.keys.sorted().map { "\($0)=\(factors[$0] ?? 1)" }.joined(separator: ",")
        let termText = terms.map { "\($0.name):\($0.weight):\($0.neutral)" }.joined(separator: ",")
        return "catalog.rank \(factorText) \(termText)"
    }

    /// The factor and adjustment of each site of `table`; nil when a record is damaged.
    func columns(_ table: PreparedSites) -> Columns? {
        var factor = [Double](repeating: 1, count: table.count)
        for (category, value) in factors {
            for position in table.positions(inCategories: [category]) { factor[position - 1] = value }
        }
        var adjustment = [Double](repeating: 0, count: table.count)
        if !terms.isEmpty {
            let names = terms.map { Array($0.name.utf8) }
            var values = [Double?](repeating: nil, count: terms.count)
            for position in stride(from: 1, through: table.count, by: 1) {
                for k in values.indices { values[k] = nil }
                let read = table.forEachNumber(at: position) { key, value in
                    if let k = names.firstIndex(where: { $0.elementsEqual(key) }) { values[k] = value }
                }
                guard read else { return nil }
                var sum = 0.0
                for (k, term) in terms.enumerated() {
                    if let value = values[k] { sum += term.weight * (value - term.neutral) }
                }
                adjustment[position - 1] = sum
            }
        }
        return Columns(factor: factor, adjustment: adjustment)
    }

    /// The sites at `positions` ranked from `origin`: by score, then by their place in name
    /// order, then by their index; the first `limit`. Nil when a record is damaged.
    static func rank(
        _ positions: [Int], from origin: Coordinate, in table: PreparedSites, columns: Columns, limit: Int
    ) -> [Entry]? {
        guard let targets = table.coordinates(at: positions) else { return nil }
        let solutions = Geodesic.wgs84.inverse(from: [origin], to: targets)
        let distances = solutions.distances
        let keys = positions.indices.map { i in
            distances[i] * columns.factor[positions[i] - 1] + columns.adjustment[positions[i] - 1]
        }
        let names = positions.map(table.nameRank(at:))
        let before = { (i: Int, j: Int) -> Bool in
            if keys[i] != keys[j] { return keys[i] < keys[j] }
            if names[i] != names[j] { return names[i] < names[j] }
            return i < j
        }
        let order = Self.first(limit, of: positions.count, by: before)
        return order.map { i in
            Entry(index: i, distance: distances[i], bearing: solutions.initialBearings[i], score: keys[i])
        }
    }

    /// The first `limit` of 0..<n in the order `before` gives. A short run is kept sorted as
    /// items pass, so most of a hundred thousand items cost one comparison; a long one is a sort.
    private static func first(_ limit: Int, of n: Int, by before: (Int, Int) -> Bool) -> [Int] {
        guard limit < n, limit <= 64 else { return Array((0..<n).sorted(by: before).prefix(limit)) }
        var run: [Int] = []
        run.reserveCapacity(limit + 1)
        for i in 0..<n {
            if run.count == limit, let last = run.last, !before(i, last) { continue }
            var at = run.count
            while at > 0, before(i, run[at - 1]) { at -= 1 }
            run.insert(i, at: at)
            if run.count > limit { run.removeLast() }
        }
        return run
    }
}
