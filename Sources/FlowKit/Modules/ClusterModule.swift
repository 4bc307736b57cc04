import GeoKit
import LuaKit

/// `cluster`: GeoKit's cluster index in Lua. `cluster.sites()` is the park's sites index,
/// built once per runtime with the park's `map.cluster` options; `cluster.index(points,
/// options)` builds one from any points.
struct ClusterModule: NativeModule {
    let name = "cluster"
    let summary = "Hierarchical greedy clustering of points per zoom (supercluster's semantics), with insert/remove and per-cluster aggregates."

    static let optionsParameter = NativeFunction.Parameter(
        "options", "{radius: number?, extent: number?, min_zoom: integer?, max_zoom: integer?, min_points: integer?, node_size: integer?}?",
        "defaults: the park's map.cluster settings")

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "index",
                summary: "Builds an index of points: a list of {lat, lon, category?, value?, id?, name?} (ctx.sites is one) "
                    + "or, faster, a table of columns {lat = {...}, lon = {...}, category = {...}?, ...}, each as long as lat.",
                parameters: [
                    .init(
                        "points",
                        "{lat: number, lon: number, category: string?, value: number?, id: string?, name: string?}[]|{lat: number[], lon: number[], category: string[]?, value: number[]?, id: string[]?, name: string[]?}",
                        "the points (at most 10,000,000); `id` and `name` come back on pins"),
                    Self.optionsParameter,
                ],
                returns: [("cluster.Index", "the index")],
                example:
                    "local idx = cluster.index(ctx.sites, { radius = 60 })\nlocal fast = cluster.index({ lat = { 37.80, 37.81 }, lon = { -122.46, -122.45 } })"
            ) { context, call in
                let points = try call.records(1, name: "points", fields: ClusterIndexObject.pointFields)
                let options = try ClusterIndexObject.options(try call.isNil(2) ? nil : call.value(2), park: context.park, call: call, argument: 2)
                // The read charged the copy; this is the index's n·log n.
                try call.charge(4 * Charge.sorting(points.count))
                // The runtime's build memory: a flow that rebuilds reuses the pages of the index it
                // replaces (fresh pages, faulted in, made a 100k-point build from a flow a fifth slower).
                let scratch = context.cached("cluster.scratch") { ClusterIndex.BuildScratch() }
                do throws(ClusterError) { call.push(object: try ClusterIndexObject(points: points, options: options, scratch: scratch)) } catch {
                    throw error.kind == .invalidOptions ? call.badArgument(2, error.message) : call.badArgument(1, error.message)
                }
            },
            NativeFunction(
                "sites", summary: "The park's sites as an index, built once per runtime and shared by every flow.",
                returns: [("cluster.Index", "the index of ctx.sites")]
            ) { context, call in
                if !context.isCached("cluster.sites") { try call.charge(indexing: try context.sites().count) }
                call.push(object: try Self.sitesIndex(context))
            },
        ]
    }

    var types: [NativeType] { [ClusterIndexObject.type] }

    static func sitesIndex(_ context: ModuleContext) throws -> ClusterIndexObject {
        try context.cached("cluster.sites") {
            let sites = try context.sites()
            return try ClusterIndexObject(
                latitudes: sites.map(\.coordinate.latitude), longitudes: sites.map(\.coordinate.longitude),
                categories: sites.map { $0.category }, ids: sites.map { $0.id }, names: sites.map { $0.name },
                options: try ClusterIndexObject.options(nil, park: context.park))
        }
    }
}
