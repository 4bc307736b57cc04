import Foundation

/// Points as two flat arrays, read from a `.f64` file (little-endian float64 lon,lat pairs).
struct PointColumns {
    var longitudes: [Double]
    var latitudes: [Double]
    var count: Int { longitudes.count }

    /// - Throws: `BenchError.badInput` if the file is unreadable or not a whole number of pairs.
    static func readF64(_ path: String) throws(BenchError) -> PointColumns {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .badInput("\(path): cannot read the file (missing, a directory, or no permission)")
        }
        guard data.count % 16 == 0 else {
            throw .badInput("\(path): \(data.count) bytes is not a whole number of 16-byte (float64 lon, lat) pairs")
        }
        let n = data.count / 16
        var lons = [Double](repeating: 0, count: n), lats = [Double](repeating: 0, count: n)
        data.withUnsafeBytes { raw in
            for i in 0..<n {
                lons[i] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16 * i, as: UInt64.self)))
                lats[i] = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 16 * i + 8, as: UInt64.self)))
            }
        }
        return PointColumns(longitudes: lons, latitudes: lats)
    }
}
