import GeoKit
import LuaKit

/// A `ClusterIndex` held by Lua, with the ids and names of its points so pins can name
/// their sites.
final class ClusterIndexObject: LuaObject {
    static let luaTypeName = "cluster.Index"

    let index: ClusterIndex
    /// Per point id: the caller's `id` and `name`, if given.
    private var ids: [String?]
    private var names: [String?]
    /// UTF-8 bytes of the ids and names longer than fit in a String itself (15).
    private var stringBytes = 0

    struct PointSpec: Decodable {
        var lat: Double
        var lon: Double
        var category: String?
        var value: Double?
        var id: String?
        var name: String?
    }

    /// An index of points given by columns: coordinates, and per point its optional
    /// category, value, id and name (nil: no point has it).
    init(
        latitudes: [Double], longitudes: [Double], categories: [String?]? = nil, values: [Double?]? = nil,
        ids: [String?]? = nil, names: [String?]? = nil, options: ClusterOptions, scratch: ClusterIndex.BuildScratch? = nil
    ) throws(ClusterError) {
        if categories == nil && values == nil {
            // No aggregates: GeoKit's flat-array build, the fastest way in.
            index = try ClusterIndex(longitudes: longitudes, latitudes: latitudes, options: options, scratch: scratch)
        } else {
            index = try ClusterIndex(
                points: latitudes.indices.map { i in
                    ClusterPoint(longitude: longitudes[i], latitude: latitudes[i], category: categories?[i], value: values?[i])
                }, options: options, scratch: scratch)
        }
        self.ids = ids ?? Array(repeating: nil, count: latitudes.count)
        self.names = names ?? Array(repeating: nil, count: latitudes.count)
        for s in self.ids { stringBytes += Self.heapBytes(s) }
        for s in self.names { stringBytes += Self.heapBytes(s) }
    }

    /// The fields of a point, in the order ``init(points:options:)`` reads them.
    static let pointFields: [LuaColumns.Field] = [
        .init("lat", .number), .init("lon", .number), .init("category", .optionalString), .init("value", .optionalNumber),
        .init("id", .optionalString), .init("name", .optionalString),
    ]

    /// An index of points read in bulk (``LuaCall/records(_:name:fields:limit:)``, fields ``pointFields``).
    convenience init(points c: LuaColumns, options: ClusterOptions, scratch: ClusterIndex.BuildScratch? = nil) throws(ClusterError) {
        try self.init(
            latitudes: c.numbers(0), longitudes: c.numbers(1), categories: c.strings(2), values: c.optionalNumbers(3),
            ids: c.strings(4), names: c.strings(5), options: options, scratch: scratch)
    }

    /// The index's arrays (``ClusterIndex/storageBytes``), the ids and names (16 bytes a
    /// slot, plus the characters of those too long to sit in the String itself) and the
    /// object. O(zooms): read after every method call.
    var nativeByteCount: Int {
        128 + index.storageBytes + (ids.capacity + names.capacity) * 16 + stringBytes
    }

    private static func heapBytes(_ s: String?) -> Int {
        guard let n = s?.utf8.count, n > 15 else { return 0 }
        return 32 + n
    }

    static func clusterPoint(_ p: PointSpec) -> ClusterPoint {
        ClusterPoint(longitude: p.lon, latitude: p.lat, category: p.category, value: p.value)
    }

    /// Options from a Lua table (decoded strictly) over the park's `map.cluster` settings.
    @inline(never)  // swiftc 6.3.1 -O crashes ("Found ownership error") when this is inlined into the cluster.index closure
    static func options(_ value: LuaValue?, park: ParkConfig, call: LuaCall? = nil, argument: Int = 0) throws -> ClusterOptions {
        struct Spec: Decodable {
            var radius: Double?, extent: Double?
            var min_zoom: Int?, max_zoom: Int?, min_points: Int?, node_size: Int?
        }
        var o = park.settings.map.cluster.options
        if let source = value, source != .nil {
            let spec: Spec
            do { spec = try LuaValueDecoder(unknownFieldNoun: "option").decode(Spec.self, from: source) } catch {
                let message = "cluster options: \(LuaDecodingError.describe(error))"
                throw call.map { $0.badArgument(argument, message) } ?? LuaCallError(message)
            }
            if let v = spec.radius { o.radius = v }
            if let v = spec.extent { o.extent = v }
            if let v = spec.min_zoom { o.minZoom = v }
            if let v = spec.max_zoom { o.maxZoom = v }
            if let v = spec.min_points { o.minPoints = v }
            if let v = spec.node_size { o.nodeSize = v }
        }
        return o
    }

    // MARK: - Items as Lua tables

    /// `{type = "cluster", id, lat, lon, count, expansion_zoom, categories = {{category, count}}, sum}`
    /// or `{type = "pin", id, lat, lon, site_id?, name?, category?, value?}`; ids as Lua sees
    /// them (`ClusterIndexObject+IDs.swift`).
    func value(_ item: ClusterItem) throws -> LuaValue {
        var t = LuaTable()
        t["id"] = .integer(Int64(Self.luaID(item)))
        t["lat"] = .number(item.latitude)
        t["lon"] = .number(item.longitude)
        if item.isCluster {
            t["type"] = "cluster"
            t["count"] = .integer(Int64(item.count))
            t["expansion_zoom"] = .integer(Int64(try index.expansionZoom(of: item.id)))
            t["categories"] = .table(
                LuaTable(
                    sequence: index.categoryCounts(of: item).map {
                        ["category": .string($0.category), "count": .integer(Int64($0.count))]
                    }))
            t["sum"] = .number(index.valueSum(of: item))
        } else {
            t["type"] = "pin"
            t["count"] = 1
            if item.id < ids.count {
                if let id = ids[item.id] { t["site_id"] = .string(id) }
                if let name = names[item.id] { t["name"] = .string(name) }
            }
            if let point = index.point(item.id) {
                if let category = point.category { t["category"] = .string(category) }
                if let value = point.value { t["value"] = .number(value) }
            }
        }
        return .table(t)
    }

    func values(_ items: [ClusterItem]) throws -> LuaValue {
        .table(LuaTable(sequence: try items.map(value)))
    }

    /// Inserts a point; returns its id as Lua sees it (GeoKit's plus one).
    func insert(_ spec: PointSpec) throws -> Int {
        let id = try index.insert(Self.clusterPoint(spec))
        while ids.count <= id { ids.append(nil); names.append(nil) }
        ids[id] = spec.id
        names[id] = spec.name
        stringBytes += Self.heapBytes(spec.id) + Self.heapBytes(spec.name)
        return id + 1
    }

    // MARK: - Methods

    static let type = NativeType(
        ClusterIndexObject.self,
        summary: "A cluster index: query it per zoom, drill into clusters, insert and remove points. "
            + "A pin's id is its point's position in the list indexed, from 1 (for cluster.sites(), in ctx.sites; "
            + "inserted points continue); a cluster's id is negative, so the two never meet.",
        methods: [
            .init(
                "clusters", summary: "Clusters and single points in a box at a zoom.",
                parameters: [
                    .init(
                        "box", "{west: number, south: number, east: number, north: number}",
                        "as supercluster: longitudes wrap (360° wide or more: the whole world; west > east: across the antimeridian), latitudes clamp to ±90"),
                    .init("zoom", "integer", "0-30; above max_zoom every point is single"),
                ],
                returns: [("table[]", "items {type = 'cluster'|'pin', id, lat, lon, count, ...}")],
                example: "local items = idx:clusters(map.viewport(37.80, -122.46, 12, 390, 844), 12)"
            ) { o, _, call in
                let items = try o.index.clusters(in: try call.boundingBox(2, wrapping: true), zoom: Int(try call.zoom(3)))
                try call.charge(results: items.count + 1)
                call.push(try o.values(items))
            },
            .init(
                "children", summary: "The items a cluster splits into at the next zoom, by their smallest point id (not supercluster's KD-tree order).",
                parameters: [.init("id", "integer", "a cluster's id (negative) from clusters(); a pin's is an error")],
                returns: [("table[]", "items")]
            ) { o, _, call in
                let items = try o.index.children(of: try call.clusterID(2, in: o.index))
                try call.charge(results: items.count + 1)
                call.push(try o.values(items))
            },
            .init(
                "leaves",
                summary: "The points of a cluster, `limit` of them from `offset`, depth first through children() in its order: "
                    + "the first has the smallest id, the rest are not sorted, and pages differ from supercluster's (KD-tree order).",
                parameters: [
                    .init("id", "integer", "a cluster's id (negative); a pin's is an error"), .init("limit", "integer?", "default 10"),
                    .init("offset", "integer?", "default 0"),
                ], returns: [("table[]", "pins")]
            ) { o, _, call in
                let id = try call.clusterID(2, in: o.index)
                let limit = call.isNil(3) ? 10 : try call.integer(3), offset = call.isNil(4) ? 0 : try call.integer(4)
                // Skipping walks the children before the offset; each leaf returned is a pin.
                try call.charge(max(0, min(offset, o.index.count)) + max(0, min(limit, o.index.count)) * Charge.perResultItem)
                let ids = try o.index.leaves(of: id, limit: limit, offset: offset)
                call.push(
                    try o.values(
                        ids.compactMap { id in
                            o.index.point(id).map { ClusterItem(id: id, isCluster: false, longitude: $0.longitude, latitude: $0.latitude, count: 1) }
                        }))
            },
            .init(
                "expansion_zoom", summary: "The zoom at which a cluster splits.",
                parameters: [.init("id", "integer", "a cluster's id (negative); a pin's is an error")], returns: [("integer", "zoom")]
            ) { o, _, call in
                call.push(try o.index.expansionZoom(of: try call.clusterID(2, in: o.index)))
            },
            .init(
                "insert", summary: "Adds a point without rebuilding the index.",
                parameters: [.init("point", "{lat: number, lon: number, category: string?, value: number?, id: string?, name: string?}", "the point")],
                returns: [("integer", "the new point's id: one more than the last (ids are never reused)")]
            ) { o, _, call in
                let spec = try call.decode(PointSpec.self, 2)
                try call.charge(Charge.perObject)
                let id = try o.insert(spec)
                // The change's work is known once done; bounded by the index, whose build was paid.
                try call.charge(o.index.lastUpdateWork * Charge.perUpdateWork)
                call.push(id)
            },
            .init(
                "remove", summary: "Removes a point by its id without rebuilding the index.",
                parameters: [.init("id", "integer", "a pin's id (1 or more); a cluster's is an error")]
            ) { o, _, call in
                let id = try call.pointID(2, in: o.index)
                try call.charge(Charge.perObject)
                try o.index.remove(pointID: id)
                try call.charge(o.index.lastUpdateWork * Charge.perUpdateWork)
            },
            .init("count", summary: "How many points the index holds.", returns: [("integer", "points")]) { o, _, call in
                call.push(o.index.count)
            },
        ])
}
