import GeoKit
import LuaKit

/// Ids as Lua sees them. A pin's id is its point's position in the list given to
/// `cluster.index` (from 1, as Lua counts; inserted points continue; `cluster.sites()` follows
/// `ctx.sites`), so `points[pin.id]` is the point. A cluster's id is GeoKit's, always negative.
/// The two never meet: a pin's id where a cluster's is expected, or the reverse, is an error
/// naming the mix-up rather than another item (issue 13: pin 161 and cluster 161 were both
/// possible, and `leaves(161)` took the pin's id as the cluster's).
extension ClusterIndexObject {
    /// The id Lua sees for a query's item: GeoKit's point ids count from 0, Lua's from 1.
    static func luaID(_ item: ClusterItem) -> Int { item.isCluster ? item.id : item.id + 1 }
}

extension LuaCall {
    /// Argument `i` as the id of a live cluster of `index`: `bad argument #2 to 'leaves' (161 is
    /// a point's id, not a cluster's)` for a pin's, `(no cluster with id -5)` for an unknown one.
    func clusterID(_ i: Int, in index: ClusterIndex) throws -> Int {
        let id = try integer(i)
        // GeoKit's point ids are one less, so it cannot judge ids 0 and up in Lua's numbering.
        if id >= 0 {
            throw badArgument(
                i,
                id >= 1 && index.point(id - 1) != nil
                    ? "\(id) is a point's id, not a cluster's"
                    : "no cluster with id \(id)")
        }
        do { _ = try index.expansionZoom(of: id) } catch { throw badArgument(i, error.message) }
        return id
    }

    /// Argument `i` as the id of a live point of `index`, returned as GeoKit's (one less):
    /// `bad argument #2 to 'remove' (-12 is a cluster's id, not a point's)` for a cluster's.
    func pointID(_ i: Int, in index: ClusterIndex) throws -> Int {
        let id = try integer(i)
        if id >= 1, index.point(id - 1) != nil { return id - 1 }
        if id < 0, (try? index.expansionZoom(of: id)) != nil {
            throw badArgument(i, "\(id) is a cluster's id, not a point's")
        }
        throw badArgument(i, "no point with id \(id)")
    }
}
