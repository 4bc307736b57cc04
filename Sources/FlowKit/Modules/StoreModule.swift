import Formats
import GeoKit
import LuaKit
import ScreenModel

/// `store`: what the visitor keeps (favorites, visited sites, own pins, small settings),
/// per park, in the store the runtime was given (``VisitorStore``). Reads work in every
/// run; writes only in an act run (``StoreRun``), and all of a run's writes commit together.
struct StoreModule: NativeModule {
    let name = "store"
    let summary =
        "The visitor's store: favorites, visited sites, own pins and settings, kept per park. Writes work only in an act run (an `act` action) and commit together when the flow returns a valid screen."

    var functions: [NativeFunction] {
        favoriteFunctions + visitFunctions + pinFunctions + settingFunctions
    }

    static let listOptions = NativeFunction.Parameter(
        "opts", "{park?: string, limit?: integer}?",
        "park = \"*\" reads every park's (default: this park's); limit keeps the newest n")

    private var favoriteFunctions: [NativeFunction] {
        [
            NativeFunction(
                "favorites", summary: "The park's favorite sites, newest first.", parameters: [Self.listOptions],
                returns: [
                    (
                        "{site: string, added: string, park: string?}[]",
                        "site ids with the time each was added (ISO 8601 UTC); park only when read with park = \"*\""
                    )
                ],
                example: "for _, f in ipairs(store.favorites()) do print(f.site, f.added) end"
            ) { context, call in
                let (run, scope, limit) = try Self.list(context, call, "store.favorites")
                let count = try Self.pushList(run, scope, ["site", "added"], into: &call, "store.favorites") { store, row throws(StoreError) in
                    try store.favoriteTexts(in: scope, limit: limit, row)
                }
                try call.charge(results: count)
            },
            NativeFunction(
                "is_favorite", summary: "Whether a site is one of the park's favorites.",
                parameters: [.init("site", "string", "a site id (ctx.sites[i].id)")], returns: [("boolean", "true when it is a favorite")]
            ) { context, call in
                let run = try Self.run(context, "store.is_favorite"), site = try call.string(1)
                call.push(try run.use("store.is_favorite") { store throws(StoreError) in try store.isFavorite(site, park: run.park) })
            },
            NativeFunction(
                "add_favorite", summary: "Adds a site of the park to the favorites (act runs only); adding one twice keeps the first.",
                parameters: [.init("site", "string", "a site id of this park (ctx.sites[i].id)")],
                returns: [("boolean", "true when it was added now, false when it was a favorite already")],
                example: "if ctx.acting and ctx.args.add then store.add_favorite(ctx.args.add) end"
            ) { context, call in
                let run = try Self.run(context, "store.add_favorite"), site = try call.string(1)
                try Self.checkWriting(run, "store.add_favorite")
                try Self.checkSite(site, context, call, "store.add_favorite")
                let limit = run.store.limits.favorites
                if try run.count(.favorites, for: "store.add_favorite") >= limit {
                    guard try run.use("store.add_favorite", { store throws(StoreError) in try store.isFavorite(site, park: run.park) }) else {
                        throw LuaCallError(
                            "store.add_favorite: the park has \(Excerpt.count(limit)) favorites, the most a park keeps (StoreLimits.favorites); remove one first"
                        )
                    }
                    call.push(false)
                    return
                }
                let added = try run.use("store.add_favorite", writes: true) { store throws(StoreError) in
                    try store.addFavorite(site, park: run.park, at: run.time)
                }
                if added { run.counted(.favorites, 1) }
                call.push(added)
            },
            NativeFunction(
                "remove_favorite", summary: "Removes a site from the park's favorites (act runs only).",
                parameters: [.init("site", "string", "a site id")], returns: [("boolean", "true when it was a favorite")]
            ) { context, call in
                let run = try Self.run(context, "store.remove_favorite"), site = try call.string(1)
                let removed = try run.use("store.remove_favorite", writes: true) { store throws(StoreError) in try store.removeFavorite(site, park: run.park) }
                if removed { run.counted(.favorites, -1) }
                call.push(removed)
            },
        ]
    }

    private var visitFunctions: [NativeFunction] {
        [
            NativeFunction(
                "visited", summary: "The park's sites the visitor has been to, most recently marked first.", parameters: [Self.listOptions],
                returns: [
                    (
                        "{site: string, at: string, park: string?}[]",
                        "site ids with the time each was last marked (ISO 8601 UTC); park only when read with park = \"*\""
                    )
                ]
            ) { context, call in
                let (run, scope, limit) = try Self.list(context, call, "store.visited")
                let count = try Self.pushList(run, scope, ["site", "at"], into: &call, "store.visited") { store, row throws(StoreError) in
                    try store.visitTexts(in: scope, limit: limit, row)
                }
                try call.charge(results: count)
            },
            NativeFunction(
                "mark_visited", summary: "Marks a site of the park visited now (act runs only); marking it again updates the time.",
                parameters: [.init("site", "string", "a site id of this park")],
                returns: [("boolean", "true when it was not visited before")]
            ) { context, call in
                let run = try Self.run(context, "store.mark_visited"), site = try call.string(1)
                try Self.checkWriting(run, "store.mark_visited")
                try Self.checkSite(site, context, call, "store.mark_visited")
                let limit = run.store.limits.visited
                if try run.count(.visited, for: "store.mark_visited") >= limit {
                    let known = try run.use("store.mark_visited") { store throws(StoreError) in
                        try store.visits(in: .park(run.park), limit: nil).contains { $0.site == site }
                    }
                    guard known else {
                        throw LuaCallError(
                            "store.mark_visited: the park has \(Excerpt.count(limit)) visited sites, the most a park keeps (StoreLimits.visited)")
                    }
                }
                let new = try run.use("store.mark_visited", writes: true) { store throws(StoreError) in
                    try store.markVisited(site, park: run.park, at: run.time)
                }
                if new { run.counted(.visited, 1) }
                call.push(new)
            },
        ]
    }

    // MARK: - Shared

    /// The run the call belongs to; none outside a flow run (a file's top level).
    static func run(_ context: ModuleContext, _ function: String) throws(LuaCallError) -> StoreRun {
        guard let run = context.storeRun else {
            throw LuaCallError("\(function): the store is there only while a flow runs (not at a flow file's top level)")
        }
        return run
    }

    /// Refuses a write in a view run before its arguments are looked at.
    static func checkWriting(_ run: StoreRun, _ function: String) throws(LuaCallError) {
        if !run.acting { throw LuaCallError("\(function): \(StoreRun.readOnlyAdvice)") }
    }

    /// The run and a list's options: `{park = "*" | CODE, limit = n}`.
    static func list(_ context: ModuleContext, _ call: LuaCall, _ function: String) throws(LuaCallError) -> (StoreRun, StoreScope, Int?) {
        let run = try run(context, function)
        guard !call.isNil(1) else { return (run, .park(run.park), nil) }
        let options = try call.table(1)
        var unknown: [String] = []
        options.forEachField { key, _ in
            let name = key.stringValue ?? "\(key)"
            if name != "park" && name != "limit" { unknown.append(name) }
        }
        if let first = unknown.sorted().first ?? (options.sequence.isEmpty ? nil : "[1]") {
            throw call.badArgument(1, "unknown option \(Excerpt.quoted(first)); options: park, limit")
        }
        var scope = StoreScope.park(run.park)
        switch options["park"] {
        case .nil: break
        case .string("*"): scope = .allParks
        case .string(let code): scope = .park(code)
        case let other: throw call.badArgument(1, "park: expected a park code or \"*\", got \(other.typeName)")
        }
        var limit: Int?
        switch options["limit"] {
        case .nil: break
        case .integer(let n) where n >= 0: limit = Int(clamping: n)
        case .number(let d) where d >= 0 && d == d.rounded() && d < 1e18: limit = Int(d)
        case let other: throw call.badArgument(1, "limit: expected a whole number ≥ 0, got \(other.doubleValue.map(NumberText.message) ?? other.typeName)")
        }
        return (run, scope, limit)
    }

    /// Refuses a site id the park does not have, suggesting the nearest one.
    static func checkSite(_ site: String, _ context: ModuleContext, _ call: LuaCall, _ function: String) throws(LuaCallError) {
        let ids: SiteIDs
        do {
            if !context.isCached(SiteIDs.key) { try call.charge(try context.sites().count * Charge.perSite) }
            ids = try context.cached(SiteIDs.key) { SiteIDs(try context.sites().map(\.id)) }
        } catch let error as FlowError {
            throw LuaCallError("\(function): \(error.description)")
        } catch {
            throw error as? LuaCallError ?? LuaCallError("\(function): \(error)")
        }
        guard !ids.set.contains(site) else { return }
        let hint = Excerpt.suggestion(for: site, in: ids.list).map { "; did you mean '\($0)'?" } ?? ""
        throw LuaCallError("\(function): unknown site \(Excerpt.quoted(site)) in park \(context.park.code) (site ids are ctx.sites[i].id)\(hint)")
    }

    /// A store's text rows pushed as a list of records with `fields`, and `park` when read
    /// across parks: straight from the store's bytes into Lua tables.
    /// - Returns: the number of records.
    static func pushList(
        _ run: StoreRun, _ scope: StoreScope, _ fields: [String], into call: inout LuaCall, _ function: String,
        _ list: (any VisitorStore, (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) throws(StoreError) -> Void
    )
        throws(LuaCallError) -> Int
    {
        let withPark = scope == .allParks
        return try call.push(recordsWith: withPark ? fields + ["park"] : fields) { writer throws(LuaCallError) in
            try run.use(function) { store throws(StoreError) in
                try list(store) { a, b, park in
                    writer.begin()
                    writer.field(0, a)
                    writer.field(1, b)
                    if withPark { writer.field(2, park) }
                    writer.end()
                }
            }
        }
    }

}

/// The park's site ids, built once per runtime for `store`'s checks.
final class SiteIDs {
    static let key = "store.siteIDs"
    let list: [String]
    let set: Set<String>
    init(_ ids: [String]) {
        list = ids
        set = Set(ids)
    }
}
