import GeoKit

/// A park's sites indexed the ways screens list them, so a screen costs what it shows, not
/// what the park holds: each category's sites in name order, the categories, and each
/// site's place in name order. Built with the prepared table (`PreparedSites`), which keeps it.
///
/// Name order is Lua's, which lib.sites used to sort by in every runtime: the name in lower
/// case (ASCII letters only, as `string.lower` in the C locale), compared byte by byte, then
/// the id. Positions are 1-based, as in `ctx.sites`.
final class SiteIndex {
    /// How many sites there are.
    let count: Int
    /// By position - 1: the site's place in name order, from 1.
    let nameRank: [Int]
    /// Each category's sites, as positions in name order.
    let byCategory: [String: [Int]]
    /// The categories the sites have, in byte order.
    let categories: [String]

    init(sites: [Site]) {
        count = sites.count
        let lowered = sites.map { site in site.name.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 } }
        let ids = sites.map { Array($0.id.utf8) }
        let order = sites.indices.sorted { a, b in
            if lowered[a] != lowered[b] { return lowered[a].lexicographicallyPrecedes(lowered[b]) }
            return ids[a].lexicographicallyPrecedes(ids[b])
        }
        var rank = Array(repeating: 0, count: sites.count)
        var byCategory: [String: [Int]] = [:]
        for (place, index) in order.enumerated() {
            rank[index] = place + 1
            byCategory[sites[index].category, default: []].append(index + 1)
        }
        nameRank = rank
        self.byCategory = byCategory
        categories = byCategory.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
