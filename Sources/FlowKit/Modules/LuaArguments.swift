import GeoKit
import LuaKit

/// Argument readers shared by the map modules: boxes and coordinates with range checks,
/// failing with Lua's usual `bad argument` message.
extension LuaCall {
    /// A box given as `{west=, south=, east=, north=}` or `{w, s, e, n}`. Longitudes past ±180°
    /// are folded back (a box padded across the antimeridian comes out with west > east).
    /// - Parameters:
    ///   - i: the argument's position.
    ///   - wrapping: whether edges beyond the world are taken as supercluster's `getClusters`
    ///     takes them (``ClusterIndex/clusters(in:zoom:)`` wraps longitudes and clamps
    ///     latitudes) instead of refused; south must still not be above north.
    func boundingBox(_ i: Int, wrapping: Bool = false) throws -> BoundingBox {
        let t = try table(i)
        let named = ["west", "south", "east", "north"].map { t[$0].doubleValue }
        let listed = t.sequence.map(\.doubleValue)
        let edges: [Double]
        if named.allSatisfy({ $0 != nil }) {
            edges = named.compactMap { $0 }
        } else if listed.count == 4, listed.allSatisfy({ $0 != nil }) {
            edges = listed.compactMap { $0 }
        } else {
            throw badArgument(i, "expected a box {west=, south=, east=, north=} or {w, s, e, n}")
        }
        guard edges.allSatisfy(\.isFinite) else { throw badArgument(i, "box edges must be finite numbers") }
        if wrapping {
            guard edges[1] <= edges[3] else {
                throw badArgument(i, "box south \(GeoError.text(edges[1])) is above north \(GeoError.text(edges[3]))")
            }
            return BoundingBox(west: edges[0], south: edges[1], east: edges[2], north: edges[3])
        }
        guard (-90...90).contains(edges[1]), (-90...90).contains(edges[3]), edges[1] <= edges[3] else {
            throw badArgument(i, "box latitudes must be within [-90, 90] with south <= north, got \(edges[1])...\(edges[3])")
        }
        return BoundingBox(wrappingWest: edges[0], south: edges[1], east: edges[2], north: edges[3])
    }

    /// Arguments `i` and `i + 1` as a checked latitude and longitude.
    func coordinate(_ i: Int) throws -> Coordinate {
        let lat = try number(i), lon = try number(i + 1)
        do {
            return try Coordinate(validatingLatitude: lat, longitude: lon)
        } catch {
            throw badArgument(lat.isNaN || !(-90...90).contains(lat) ? i : i + 1, error.message)
        }
    }

    /// A zoom level in [0, 30].
    func zoom(_ i: Int) throws -> Double {
        let z = try number(i)
        guard z.isFinite, (0...30).contains(z) else { throw badArgument(i, "zoom \(GeoError.text(z)) out of range [0, 30]") }
        return z
    }

    /// A screen dimension in points, (0, 10000].
    func screenSize(_ i: Int) throws -> Double {
        let v = try number(i)
        guard v.isFinite, v > 0, v <= 10_000 else { throw badArgument(i, "screen size \(v) out of range (0, 10000]") }
        return v
    }
}
