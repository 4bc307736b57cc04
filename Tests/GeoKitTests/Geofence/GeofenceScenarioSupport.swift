@testable import GeoKit

/// Hand-made geofence scenarios: a walk along a line of fixes, one a second.
enum Walk {
    static let origin = Coordinate(latitude: 44.6, longitude: -110.5)

    /// The coordinate `east`, `north` metres from the origin.
    static func at(east: Double, north: Double = 0) -> Coordinate {
        let metric = LocalMetric(latitude: origin.latitude)
        return Coordinate(
            latitude: origin.latitude + north / metric.metresPerDegreeLatitude,
            longitude: origin.longitude + east / metric.metresPerDegreeLongitude)
    }

    /// Fixes at 1 Hz from t = 0 along the given east offsets (north 0).
    static func fixes(_ easts: [Double], start: Double = 0) -> [GeofenceFix] {
        easts.enumerated().map { GeofenceFix(coordinate: at(east: $0.element), time: start + Double($0.offset)) }
    }

    /// `count` fixes standing at `east`.
    static func stay(_ east: Double, _ count: Int) -> [Double] { Array(repeating: east, count: count) }

    /// Walking from `from` to `to` in steps of `step` metres (both ends included).
    static func walk(_ from: Double, _ to: Double, step: Double = 1.5) -> [Double] {
        let n = Int((abs(to - from) / step).rounded(.up))
        return (0...n).map { from + (to - from) * Double($0) / Double(max(n, 1)) }
    }

    static func circle(_ id: String, east: Double, north: Double = 0, radius: Double) throws -> GeofenceRegion {
        try GeofenceRegion(id: id, center: at(east: east, north: north), radius: radius)
    }

    /// A 200 m square about the origin with a 60 m square hole in its middle.
    static func ring(_ id: String = "ring") throws -> GeofenceRegion {
        let outer = [at(east: -100, north: -100), at(east: 100, north: -100), at(east: 100, north: 100), at(east: -100, north: 100)]
        let hole = [at(east: -30, north: -30), at(east: -30, north: 30), at(east: 30, north: 30), at(east: 30, north: -30)]
        return try GeofenceRegion(id: id, boundary: Boundary(polygons: [[outer, hole]]))
    }

    /// Events as "t kind id" strings.
    static func run(
        _ regions: [GeofenceRegion], _ fixes: [GeofenceFix], presence: GeofenceRegion? = nil,
        settings: GeofenceSettings = GeofenceSettings()
    ) throws -> [String] {
        let monitor = try RegionMonitor(index: RegionIndex(regions), presence: presence, settings: settings)
        var out: [String] = []
        for fix in fixes {
            for e in try monitor.feed(fix).events {
                let id = e.region == GeofenceEvent.presence ? "park" : regions[Int(e.region)].id
                out.append("\(Int(e.time)) \(e.kind.rawValue) \(id)")
            }
        }
        return out
    }
}
