import GeoKit
import LuaKit

/// `geo.inverse` over lists: a flow measuring from here to every site, or a whole track,
/// passes lists in one call rather than calling once a pair.
extension GeoModule {
    static let coordinateNames = ["lat1", "lon1", "lat2", "lon2"]

    /// Arguments 1-4, each a number or a list of numbers, as the inverse of every pair.
    static func inverseBatch(_ call: LuaCall) throws -> Geodesic.InverseSolutions {
        var columns: [[Double]] = []
        var count: Int?
        var firstList = ""
        for (k, name) in coordinateNames.enumerated() {
            if call.isTable(k + 1) {
                let values = try call.numbers(k + 1, name: name)
                if let count, values.count != count {
                    throw call.badArgument(k + 1, "\(name) has \(values.count) items but \(firstList) has \(count)")
                }
                if count == nil { firstList = name }
                count = values.count
                columns.append(values)
            } else {
                columns.append([try call.number(k + 1)])
            }
        }
        let n = count ?? 0
        let from = try coordinates(call, columns[0], columns[1], n: n, argument: 1)
        let to = try coordinates(call, columns[2], columns[3], n: n, argument: 3)
        try call.charge(n * Charge.perGeodesic)
        return Geodesic.wgs84.inverse(from: from, to: to)
    }

    /// Checked coordinates from a latitude and a longitude column (one item: shared by
    /// every pair), one coordinate when both are shared.
    private static func coordinates(_ call: LuaCall, _ lats: [Double], _ lons: [Double], n: Int, argument: Int) throws -> [Coordinate] {
        let count = lats.count == 1 && lons.count == 1 ? 1 : n
        var out: [Coordinate] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let lat = lats[lats.count == 1 ? 0 : i], lon = lons[lons.count == 1 ? 0 : i]
            do throws(GeoError) { out.append(try Coordinate(validatingLatitude: lat, longitude: lon)) } catch {
                let latitudeAtFault = lat.isNaN || !(-90...90).contains(lat)
                let k = latitudeAtFault ? argument : argument + 1
                let item = (latitudeAtFault ? lats : lons).count == 1 ? "" : "[\(i + 1)]"
                throw call.badArgument(k, "\(coordinateNames[k - 1])\(item): \(error.message)")
            }
        }
        return out
    }
}
