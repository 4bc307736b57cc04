import LuaKit

extension ARModule.Request {
    /// Argument `i` of `ar.project`. A view projects every site of the park (`sites =
    /// ctx.sites`) on every call: read the fields used in place, never copying the rest of
    /// each site (description, properties); any other shape goes through the decoder, which
    /// names the field at fault (`sites[3].lat: missing (required)`).
    static func read(_ call: LuaCall, _ i: Int) throws -> Self {
        try call.readFields(i) { (t: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
            // In the decoder's order (the declaration's), though only success is compared.
            Self(
                lat: try t.number("lat"), lon: try t.number("lon"), altitude: try t.optionalNumber("altitude"),
                heading: try t.number("heading"), pitch: try t.optionalNumber("pitch"), fov: try t.optionalNumber("fov"),
                width: try t.optionalNumber("width"), height: try t.optionalNumber("height"),
                max_distance: try t.optionalNumber("max_distance"), label_height: try t.optionalNumber("label_height"),
                sites: try t.list("sites") { (site: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                    SiteSpec(
                        id: try site.optionalString("id"), name: try site.optionalString("name"),
                        lat: try site.number("lat"), lon: try site.number("lon"), altitude: try site.optionalNumber("altitude"))
                })
        } ?? call.decode(Self.self, i)
    }
}
