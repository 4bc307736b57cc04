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
                "index", summary: "Builds an index of points ({lat, lon, category?, value?, id?, name?}).",
                parameters: [.init("points", "table[]", "the points; `id` and `name` come back on pins"), Self.optionsParameter],
                returns: [("cluster.Index", "the index")],
                example: "local idx = cluster.index(ctx.sites, { radius = 60 })"
            ) { context, call in
                let points = try call.decode([ClusterIndexObject.PointSpec].self, 1)
                let options = try ClusterIndexObject.options(try call.isNil(2) ? nil : call.value(2), park: context.park, call: call, argument: 2)
                try call.charge(indexing: points.count)
                call.push(object: try ClusterIndexObject(points: points, options: options))
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
            let points = try context.sites().map {
                ClusterIndexObject.PointSpec(
                    lat: $0.coordinate.latitude, lon: $0.coordinate.longitude, category: $0.category,
                    value: nil, id: $0.id, name: $0.name)
            }
            return try ClusterIndexObject(points: points, options: try ClusterIndexObject.options(nil, park: context.park))
        }
    }
}
