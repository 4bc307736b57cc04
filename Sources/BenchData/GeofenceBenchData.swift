#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The geofence benchmark's regions and track, regenerated exactly as the shared harness's
/// `bench/geofence/gen_data.py` makes them (its README, "Generator spec").
///
/// The data files there are rounded to 7 decimals; the event oracle and the Python timings
/// work on the unrounded values, which these functions return. Every operation keeps
/// Python's order so the results match bit for bit wherever the libm's `sin`/`cos` agree
/// (they may differ by an ulp across platforms, so compare within 1e-9 degree).
/// All three lists are prefix-stable: `circles(10_000)` is `circles(100_000)`'s first 10,000.
public enum GeofenceBenchData {
    // MARK: - Constants

    /// Seed of ``circles(_:)``.
    public static let circleSeed: UInt64 = 0x0C1_C1E5
    /// Seed of ``polygons(_:)``.
    public static let polygonSeed: UInt64 = 0x901_1609
    /// Seed of ``track(_:)``.
    public static let trackSeed: UInt64 = 0x7AC4

    /// West edge of the box (around Yellowstone), degrees.
    public static let lonMin = -111.2
    /// East edge of the box, degrees.
    public static let lonMax = -109.8
    /// South edge of the box, degrees.
    public static let latMin = 44.1
    /// North edge of the box, degrees.
    public static let latMax = 45.1

    /// Mean Earth radius (IUGG, metres) used only by the generator's offset math.
    public static let earthRadius = 6_371_008.8
    /// Degrees to radians, as Python's `math.pi / 180.0`.
    public static let radiansPerDegree = Double.pi / 180.0

    /// Where the track starts: (-110.5, 44.6), heading north.
    public static let trackStart = (lon: -110.5, lat: 44.6)

    // MARK: - Regions

    /// The first `n` circles: per circle, draws lon, then lat, then radius uniform(50, 500) m.
    /// - Parameter n: How many (the shared files hold 100,000; the 10k set is their prefix).
    public static func circles(_ n: Int) -> [BenchCircle] {
        var random = SplitMix64(seed: circleSeed)
        var out: [BenchCircle] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let lon = random.uniform(lonMin, lonMax)
            let lat = random.uniform(latMin, latMax)
            let radius = random.uniform(50.0, 500.0)
            out.append(BenchCircle(index: i, lon: lon, lat: lat, radiusMetres: radius))
        }
        return out
    }

    /// The first `n` polygons, each an open counter-clockwise ring of 8–64 vertices.
    ///
    /// Per polygon: center lon, lat, `nv = int(in: 8, 64)`, `r0 = uniform(100, 2000)` m; then for
    /// vertex k an angle `2π(k + 0.8u)/nv` clockwise from north and a radius `r0(0.5 + 0.5u)`,
    /// offset from the center. The ring is reversed at the end so it turns counter-clockwise.
    /// - Parameter n: How many (the shared file holds 1,000 with 37,179 vertices in all).
    public static func polygons(_ n: Int) -> [BenchPolygon] {
        var random = SplitMix64(seed: polygonSeed)
        var out: [BenchPolygon] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let lonc = random.uniform(lonMin, lonMax)
            let latc = random.uniform(latMin, latMax)
            let vertexCount = random.int(in: 8, 64)
            let r0 = random.uniform(100.0, 2000.0)
            var ring: [(lon: Double, lat: Double)] = []
            ring.reserveCapacity(vertexCount)
            for k in 0..<vertexCount {
                // Python: 2.0 * math.pi * (k + 0.8 * u) / nv, evaluated left to right.
                let angle = 2.0 * Double.pi * (Double(k) + 0.8 * random.unit()) / Double(vertexCount)
                let r = r0 * (0.5 + 0.5 * random.unit())
                let d = offsetDegrees(lat: latc, east: r * sin(angle), north: r * cos(angle))
                ring.append((lon: lonc + d.lon, lat: latc + d.lat))
            }
            ring.reverse()
            out.append(BenchPolygon(index: i, ring: ring))
        }
        return out
    }

    // MARK: - Math

    /// Metres east and north to degrees of longitude and latitude at `lat` (small offsets on
    /// a sphere of radius ``earthRadius``), as `gen_data.py`'s `offset_deg`.
    /// - Parameters:
    ///   - lat: Latitude of the origin, degrees.
    ///   - east: Metres east.
    ///   - north: Metres north.
    public static func offsetDegrees(lat: Double, east: Double, north: Double) -> (lon: Double, lat: Double) {
        let dlat = (north / earthRadius) / radiansPerDegree
        let dlon = (east / (earthRadius * cos(lat * radiansPerDegree))) / radiansPerDegree
        return (dlon, dlat)
    }

    /// `x % m` with Python's float semantics for m > 0: the result is in [0, m] (m itself only
    /// when a tiny negative x rounds up), and +0 rather than -0.
    static func pythonModulo(_ x: Double, _ m: Double) -> Double {
        var r = fmod(x, m)
        if r < 0 { r += m }
        return r == 0 ? 0 : r
    }
}
