@testable import GeoKit

/// The benchmark datasets of `bench/cluster/gen_data.py`, regenerated bit for bit from its
/// SplitMix64 spec (tests never read ../shared): draw j of stream `seed` is the (j+1)-th output
/// of ``SplitMix64`` seeded with `seed`, as a float64 in [0, 1).
enum ClusterData {
    /// `park_100k`'s first `n` points (`park_10k` for n = 10 000): 50 Gaussian blobs near Golden Gate.
    static func park(_ n: Int, seed: UInt64 = 2) -> (longitudes: [Double], latitudes: [Double]) {
        var rng = SplitMix64(seed: seed)
        var cx = [Double](), cy = [Double](), sx = [Double](), sy = [Double]()
        for _ in 0..<50 {
            let u0 = rng.unit(), u1 = rng.unit(), u2 = rng.unit(), u3 = rng.unit()
            cx.append(-122.53 + 0.16 * u0)
            cy.append(37.715 + 0.12 * u1)
            let s = 0.0008 + 0.0042 * u2
            sx.append(s)
            sy.append(s * (0.6 + 0.8 * u3))
        }
        var longitudes = [Double](), latitudes = [Double]()
        for _ in 0..<n {
            let u = rng.unit()
            let k = Int((50.0 * (u * u)).rounded(.down))
            var gx = rng.unit()
            for _ in 2...12 { gx = gx + rng.unit() }
            gx = gx - 6.0
            var gy = rng.unit()
            for _ in 14...24 { gy = gy + rng.unit() }
            gy = gy - 6.0
            longitudes.append(min(max(cx[k] + sx[k] * gx, -122.55), -122.35))
            latitudes.append(min(max(cy[k] + sy[k] * gy, 37.70), 37.85))
        }
        return (longitudes, latitudes)
    }

    /// Uniform points over the world (`world_1m`'s recipe), `n` of them.
    static func world(_ n: Int, seed: UInt64 = 1) -> (longitudes: [Double], latitudes: [Double]) {
        var rng = SplitMix64(seed: seed)
        var longitudes = [Double](), latitudes = [Double]()
        for _ in 0..<n {
            longitudes.append(-180 + 360 * rng.unit())
            latitudes.append(-85 + 170 * rng.unit())
        }
        return (longitudes, latitudes)
    }

    static let world = BoundingBox(west: -180, south: -90, east: 180, north: 90)
    static let parkViewport = BoundingBox(west: -122.52, south: 37.74, east: -122.40, north: 37.82)
}

extension SplitMix64 {
    /// The next draw as float64 in [0, 1): (bits >> 11) · 2⁻⁵³, exact.
    mutating func unit() -> Double { Double(nextBits() >> 11) * 0x1p-53 }
}

/// The message a throwing cluster call fails with, or `nil` when it succeeds.
func clusterFailure<T>(_ body: () throws -> T) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as ClusterError {
        return error.description
    } catch {
        return "not a ClusterError: \(error)"
    }
}

/// Everything a query can see at every zoom, in a canonical order: ids, kinds, exact
/// coordinate bits, counts, value sums and category counts.
func snapshot(_ index: ClusterIndex) throws -> [String] {
    var lines: [String] = []
    for z in index.options.minZoom...(index.options.maxZoom + 1) {
        let items = try index.clusters(in: ClusterData.world, zoom: z).sorted { ($0.id, $0.isCluster ? 1 : 0) < ($1.id, $1.isCluster ? 1 : 0) }
        for item in items {
            let categories = index.categoryCounts(of: item).map { "\($0.category)=\($0.count)" }.joined(separator: ",")
            lines.append(
                "z\(z) \(item.isCluster ? "c" : "p")\(item.id) \(item.longitude.bitPattern) \(item.latitude.bitPattern) "
                    + "n\(item.count) v\(index.valueSum(of: item).bitPattern) [\(categories)]")
        }
    }
    return lines
}

extension ClusterIndex {
    /// A fresh build of this index's live points with their ids (removed ids stay gaps).
    func rebuilt() -> ClusterIndex { ClusterIndex(validated: options, points: points) }
}
