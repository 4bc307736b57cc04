import LuaKit

extension ARModule.Request {
    /// Argument `i` of `ar.project`. A view projects every site of the park (`sites =
    /// ctx.sites`) on every call: those sites (or a list `catalog` made) are read from the
    /// park's prepared table, no site table made in Lua; other lists have the fields used
    /// read in place, never copying the rest of each site (description, properties); any
    /// other shape goes through the decoder, which names the field at fault
    /// (`sites[3].lat: missing (required)`).
    /// - Returns: the request, and for sites read from the park's table their positions in
    ///   it: those sites have only their coordinates until ``name(_:positions:context:)``
    ///   names the ones placed (a park of a hundred thousand sites places a few thousand).
    static func read(_ call: LuaCall, _ i: Int, context: ModuleContext) throws -> (request: Self, positions: [Int]?) {
        // ctx.sites or a list `catalog` made: read from the park's table, no site made in Lua.
        if let positions = call.positions(ofField: "sites", in: i, source: try context.sitesList()) {
            let all = positions.list
            guard let coordinates = try context.siteTable().coordinates(at: all) else {
                throw LuaCallError("ctx.sites: the prepared table is damaged")
            }
            let sites = coordinates.map { SiteSpec(id: nil, name: nil, lat: $0.latitude, lon: $0.longitude, altitude: nil) }
            if let request = try read(call, i, sites: sites) { return (request, all) }
        }
        return (try read(call, i, sites: nil) ?? call.decode(Self.self, i), nil)
    }

    /// Gives the sites at `indices` their ids and names, read from the park's table, for
    /// sites ``read(_:_:context:)`` read from it at `positions`.
    mutating func name(_ indices: some Sequence<Int>, positions: [Int], context: ModuleContext) throws {
        let table = try context.siteTable()
        for index in indices {
            guard let label = table.label(at: positions[index]) else { throw LuaCallError("ctx.sites: the prepared table is damaged") }
            sites[index].id = label.id
            sites[index].name = label.name
        }
    }

    /// The request read in place, its sites read as a list unless `sites` are given.
    private static func read(_ call: LuaCall, _ i: Int, sites given: [SiteSpec]?) throws -> Self? {
        try call.readFields(i) { (t: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
            // In the decoder's order (the declaration's), though only success is compared.
            var request = Self(
                lat: try t.number("lat"), lon: try t.number("lon"), altitude: try t.optionalNumber("altitude"),
                heading: try t.number("heading"), pitch: try t.optionalNumber("pitch"), fov: try t.optionalNumber("fov"),
                width: try t.optionalNumber("width"), height: try t.optionalNumber("height"),
                max_distance: try t.optionalNumber("max_distance"), label_height: try t.optionalNumber("label_height"),
                limit: try t.optionalNumber("limit"), hints: try t.optionalNumber("hints"), sites: given ?? [])
            if given == nil {
                request.sites = try t.list("sites") { (site: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                    SiteSpec(
                        id: try site.optionalString("id"), name: try site.optionalString("name"),
                        lat: try site.number("lat"), lon: try site.number("lon"), altitude: try site.optionalNumber("altitude"))
                }
            }
            return request
        }
    }
}
