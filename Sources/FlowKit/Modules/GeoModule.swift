import GeoKit
import LuaKit

/// `geo`: distances and bearings between coordinates (GeoKit).
struct GeoModule: NativeModule {
    let name = "geo"
    let summary = "Distances and bearings between coordinates, computed natively."

    var functions: [NativeFunction] {
        let points = [
            NativeFunction.Parameter("lat1", "number", "latitude of the first point, degrees"),
            NativeFunction.Parameter("lon1", "number", "longitude of the first point, degrees"),
            NativeFunction.Parameter("lat2", "number", "latitude of the second point, degrees"),
            NativeFunction.Parameter("lon2", "number", "longitude of the second point, degrees"),
        ]
        return [
            NativeFunction("distance", summary: "Distance between two points in metres.", parameters: points,
                           returns: [("number", "metres")],
                           example: "local m = geo.distance(37.8078, -122.4750, 37.8267, -122.4230)") { _, call in
                let (a, b) = try Self.coordinates(call)
                call.push(a.distance(to: b))
            },
            NativeFunction("bearing", summary: "Initial bearing from the first point to the second, degrees clockwise from north in [0, 360).",
                           parameters: points, returns: [("number", "degrees")],
                           example: "local deg = geo.bearing(37.8078, -122.4750, 37.8267, -122.4230)") { _, call in
                let (a, b) = try Self.coordinates(call)
                call.push(a.initialBearing(to: b))
            },
        ]
    }

    /// Arguments 1-4 as two checked coordinates.
    static func coordinates(_ call: LuaCall) throws -> (Coordinate, Coordinate) {
        (try call.coordinate(1), try call.coordinate(3))
    }
}
