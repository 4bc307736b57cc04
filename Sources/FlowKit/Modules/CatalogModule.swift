import Formats
import GeoKit
import LuaKit

/// `catalog`: the park's sites (`ctx.sites`) indexed the ways screens list them (`SiteIndex`),
/// so that lib.sites lists a park of a hundred thousand sites at the cost of what it shows.
/// Lists it returns are read-only views of `ctx.sites`: their sites are made when read, and
/// are the same tables as in `ctx.sites`.
struct CatalogModule: NativeModule {
    let name = "catalog"
    let summary = "The park's sites (ctx.sites) indexed: by category in name order, by id, and their place in name order."

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "in_categories",
                summary: "The sites of these categories, category by category in the order given (a category named twice counts once), "
                    + "each category's by name (lower case, then id); the first `limit` (default all). A read-only list.",
                parameters: [
                    .init("categories", "string[]", "site categories"),
                    .init("limit", "integer?", "the most sites listed"),
                ],
                returns: [("flowrun.Site[]", "the sites, read-only")],
                example: "local views = catalog.in_categories({ \"viewpoint\", \"lighthouse\" }, 5)"
            ) { context, call in
                let categories = try Self.strings(call, 1, name: "categories")
                let limit = try call.isNil(2) ? Int.max : call.integer(2)
                guard limit >= 0 else { throw call.badArgument(2, "limit \(limit) must be ≥ 0") }
                let table = try context.siteTable()
                // A misspelt category would only make a list shorter: an error at the line
                // that chose it, past lib.sites, which passes it on.
                let named = context.park.settings.sites.categories
                for category in categories where named[category] == nil && !table.categories.contains(category) {
                    let known = Set(table.categories).union(named.keys)
                    let hint = Excerpt.suggestion(for: category, in: known).map { "; did you mean '\($0)'?" } ?? ""
                    throw LuaCallError(
                        "in_categories: unknown category \(Excerpt.quoted(category)): no site of \(context.park.code) has it, "
                            + "and sites.categories does not name it\(hint)", location: call.locationPastCallersFile())
                }
                let positions = table.positions(inCategories: categories, limit: limit)
                try call.charge(categories.count * Charge.perSite + positions.count)
                try Self.pushView(context, &call, positions)
            },
            NativeFunction(
                "search",
                summary: "The sites a visitor's words find: each word must begin a word of the site's name or of its category's name "
                    + "(as sites.categories names it); case, accents and apostrophes do not matter. Names that begin with the words "
                    + "first, then names with every word, then sites found by their category, each group by name; the first `limit` "
                    + "(default 50). A read-only list.",
                parameters: [.init("query", "string", "what the visitor typed"), .init("limit", "integer?", "the most sites listed")],
                returns: [("flowrun.Site[]", "the sites, read-only, best first")],
                example: "local found = catalog.search(\"fort\", 20)"
            ) { context, call in
                let query = try call.string(1)
                let limit = try call.isNil(2) ? 50 : call.integer(2)
                guard limit >= 0 else { throw call.badArgument(2, "limit \(limit) must be ≥ 0") }
                let table = try context.siteTable()
                let named = context.park.settings.sites.categories
                let positions = try context.content.searchSites(query, limit: limit) { named[$0]?.name }
                // One pass over every site's words, at a few nanoseconds each.
                try call.charge(table.count / 8 + positions.count)
                try Self.pushView(context, &call, positions)
            },
            NativeFunction(
                "categories", summary: "The categories the park's sites have, in byte order: a new list.",
                returns: [("string[]", "the categories")],
                example: "for _, c in ipairs(catalog.categories()) do print(c) end"
            ) { context, call in
                let categories = try context.siteTable().categories
                try call.charge(results: categories.count)
                call.push(LuaValue.table(LuaTable(sequence: categories.map(LuaValue.string))))
            },
            NativeFunction(
                "by_id", summary: "The park's site with this id, or nil (an id the data does not have, or a hidden site).",
                parameters: [.init("id", "string", "the site's id")],
                returns: [("flowrun.Site?", "the site, read-only")],
                example: "local site = catalog.by_id(\"nps-poi:goga:0001\")"
            ) { context, call in
                let id = try call.string(1)
                guard let position = try context.siteTable().position(ofID: id) else { return call.pushNil() }
                try call.pushElement(position, of: context.sitesList())
            },
            NativeFunction(
                "name_ranks",
                summary: "Each site's place in the park's name order (as `in_categories` lists them), 0 for a table that is not one of ctx.sites.",
                parameters: [.init("sites", "table[]", "ctx.sites, a list `catalog` returned, or any list of sites")],
                returns: [("integer[]", "one place per site, from 1")],
                example: "local ranks = catalog.name_ranks(catalog.in_categories({ \"trailhead\" }))"
            ) { context, call in
                let table = try context.siteTable()
                let positions = try Self.positions(context, &call, 1)
                try call.charge(positions.count * Charge.perSite)
                call.push(integers: positions.map(table.nameRank(at:)))
            },
            NativeFunction(
                "order",
                summary: "Positions 1...n of a list of numbers, smallest first, equal ones in list order; the first `limit` (default all). "
                    + "Sites by name: `order(name_ranks(list))`; nearest first: `order(distances)`.",
                parameters: [
                    .init("keys", "number[]", "one number per item (no NaN)"),
                    .init("limit", "integer?", "the most positions returned"),
                ],
                returns: [("integer[]", "positions in the list")],
                example: "local nearest = catalog.order(catalog.inverse(list, ctx.at.lat, ctx.at.lon), 5)"
            ) { _, call in
                let keys = try call.numbers(1, name: "keys")
                let limit = try call.isNil(2) ? keys.count : call.integer(2)
                guard limit >= 0 else { throw call.badArgument(2, "limit \(limit) must be ≥ 0") }
                if let nan = keys.firstIndex(where: \.isNaN) { throw call.badArgument(1, "keys[\(nan + 1)] is NaN") }
                try call.charge(Charge.sorting(keys.count))
                let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
                call.push(integers: order.prefix(limit).map { $0 + 1 })
            },
            NativeFunction(
                "inverse",
                summary: "The geodesic from a point to each site of a list of ctx.sites' sites: distances and initial bearings, "
                    + "as geo.inverse gives them, without making the sites' tables.",
                parameters: [
                    .init("sites", "flowrun.Site[]", "ctx.sites, a list `catalog` returned, or a list of sites of ctx.sites"),
                    .init("lat", "number", "latitude of the point, degrees"),
                    .init("lon", "number", "longitude of the point, degrees"),
                ],
                returns: [("number[]", "metres"), ("number[]", "initial bearings, degrees in [0, 360)")],
                example: "local d, b = catalog.inverse(list, ctx.at.lat, ctx.at.lon)"
            ) { context, call in
                let positions = try Self.positions(ofCtxSites: context, &call, 1)
                let from = try call.coordinate(2)
                try call.charge(positions.count * Charge.perGeodesic)
                guard let targets = try context.siteTable().coordinates(at: positions) else {
                    throw LuaCallError("ctx.sites: the prepared table is damaged")
                }
                let solutions = Geodesic.wgs84.inverse(from: [from], to: targets)
                call.push(numbers: solutions.distances)
                call.push(numbers: solutions.initialBearings)
            },
            NativeFunction(
                "rank",
                summary: "A list of ctx.sites' sites ranked from a point as lib.ranking's `factored` scoring ranks them: by the distance "
                    + "times the site's category factor (1 for the rest) plus what the weights add, then by name; the first `limit` "
                    + "(default all). Returns their places in the list, distances, bearings and scores, best first.",
                parameters: [
                    .init("sites", "flowrun.Site[]", "ctx.sites, a list `catalog` returned, or a list of sites of ctx.sites"),
                    .init("lat", "number", "latitude of the point, degrees"),
                    .init("lon", "number", "longitude of the point, degrees"),
                    .init("factors", "table<string, number>", "a distance factor per category"),
                    .init("weights", "flowrun.RankingTerm[]", "the weighed properties, as `ranking.weights` lists them"),
                    .init("limit", "integer?", "the most sites ranked"),
                ],
                returns: [("integer[]", "places in `sites`"), ("number[]", "metres"), ("number[]", "initial bearings, degrees"), ("number[]", "scores")],
                example: "local order, d, b, score = catalog.rank(list, ctx.at.lat, ctx.at.lon, { viewpoint = 0.5 }, ranking.weights(ctx), 5)"
            ) { context, call in
                let positions = try Self.positions(ofCtxSites: context, &call, 1)
                let from = try call.coordinate(2)
                let ranking = SiteRanking(factors: try Self.factors(call, 4), terms: try Self.terms(call, 5))
                let limit = try call.isNil(6) ? positions.count : call.integer(6)
                guard limit >= 0 else { throw call.badArgument(6, "limit \(limit) must be ≥ 0") }
                try call.charge(positions.count * (Charge.perGeodesic + Charge.perSite) + Charge.sorting(min(limit, positions.count)))
                let table = try context.siteTable()
                let damaged = LuaCallError("ctx.sites: the prepared table is damaged")
                let columns = try context.cached(ranking.cacheKey) { () throws -> SiteRanking.Columns in
                    guard let made = ranking.columns(table) else { throw damaged }
                    return made
                }
                guard let entries = SiteRanking.rank(positions, from: from, in: table, columns: columns, limit: limit) else { throw damaged }
                call.push(integers: entries.map { $0.index + 1 })
                call.push(numbers: entries.map(\.distance))
                call.push(numbers: entries.map(\.bearing))
                call.push(numbers: entries.map(\.score))
            },
        ]
    }

    /// Argument `i`, a table of distance factors by category: finite numbers ≥ 0.
    private static func factors(_ call: LuaCall, _ i: Int) throws -> [String: Double] {
        var factors: [String: Double] = [:]
        try call.table(i).forEachField { key, value in
            guard case .string(let category) = key else { throw call.badArgument(i, "factors: keys must be categories (strings)") }
            guard let factor = value.doubleValue, factor.isFinite, factor >= 0 else {
                throw call.badArgument(i, "factors.\(category): a number ≥ 0 expected, got \(value.typeName)")
            }
            factors[category] = factor
        }
        return factors
    }

    /// Argument `i`, the weighed properties: a list of `{name = , weight = , neutral = }`.
    private static func terms(_ call: LuaCall, _ i: Int) throws -> [SiteRanking.Term] {
        try call.table(i).sequence.enumerated().map { k, value in
            guard case .table(let term) = value, case .string(let name) = term["name"], let weight = term["weight"].doubleValue,
                let neutral = term["neutral"].doubleValue
            else { throw call.badArgument(i, "weights[\(k + 1)]: { name = string, weight = number, neutral = number } expected") }
            return SiteRanking.Term(name: name, weight: weight, neutral: neutral)
        }
    }

    /// The positions in ctx.sites of list argument `i`'s sites, 0 for a table not of it.
    private static func positions(_ context: ModuleContext, _ call: inout LuaCall, _ i: Int) throws -> [Int] {
        try call.positions(i, in: context.sitesList(), name: "sites").list
    }

    /// The positions in ctx.sites of list argument `i`'s sites, every one of them ctx.sites'.
    private static func positions(ofCtxSites context: ModuleContext, _ call: inout LuaCall, _ i: Int) throws -> [Int] {
        let positions = try positions(context, &call, i)
        if let missing = positions.firstIndex(of: 0) { throw call.badArgument(i, "sites[\(missing + 1)] is not one of ctx.sites") }
        return positions
    }

    /// Pushes a read-only view of ctx.sites at these positions.
    private static func pushView(_ context: ModuleContext, _ call: inout LuaCall, _ positions: [Int]) throws {
        call.pushLazyView(of: try context.sitesList(), positions: positions, message: ModuleContext.readOnlySitesMessage)
    }

    /// Argument `i` as a list of strings.
    private static func strings(_ call: LuaCall, _ i: Int, name: String) throws -> [String] {
        let table = try call.table(i)
        return try table.sequence.enumerated().map { k, value in
            guard case .string(let text) = value else {
                throw call.badArgument(i, "\(name)[\(k + 1)]: string expected, got \(value.typeName)")
            }
            return text
        }
    }
}
