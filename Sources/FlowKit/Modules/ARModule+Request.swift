import LuaKit

extension ARModule.Request {
    /// Argument `i` of `ar.project`. A view projects every site of the park (`sites =
    /// ctx.sites`) on every call: those sites (or a list `catalog` made) are read from the
    /// park's prepared table, no site table made in Lua; other lists have the fields used
    /// read in place, never copying the rest of each site (description, properties); any
    /// other shape goes through the decoder, which names the field at fault
    /// (`sites[3].lat: missing (required)`).
    static func read(_ call: LuaCall, _ i: Int, context: ModuleContext) throws -> Self {
        // ctx.sites or a list `catalog` made: read from the park's table, no site made in Lua.
        if let positions = call.positions(ofField: "sites", in: i, source: try context.sitesList()) {
            let table = try context.siteTable()
            let all = positions.list
            var sites: [SiteSpec] = []
            sites.reserveCapacity(all.count)
            for position in all {
                guard let site = table.site(at: position) else { throw LuaCallError("ctx.sites: the prepared table is damaged") }
                sites.append(SiteSpec(id: site.id, name: site.name, lat: site.coordinate.latitude, lon: site.coordinate.longitude, altitude: nil))
            }
            if let request = try read(call, i, sites: sites) { return request }
        }
        return try read(call, i, sites: nil) ?? call.decode(Self.self, i)
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
                sites: given ?? [])
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
