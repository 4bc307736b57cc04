import GeoKit
import LuaKit

/// `geo`: distances and bearings between coordinates (GeoKit).
struct GeoModule: NativeModule {
    let name = "geo"
    let summary = "WGS84 geodesy: distances, bearings and destinations on the ellipsoid (Karney's method, as GeographicLib)."

    var functions: [NativeFunction] {
        let points = [
            NativeFunction.Parameter("lat1", "number", "latitude of the first point, degrees"),
            NativeFunction.Parameter("lon1", "number", "longitude of the first point, degrees"),
            NativeFunction.Parameter("lat2", "number", "latitude of the second point, degrees"),
            NativeFunction.Parameter("lon2", "number", "longitude of the second point, degrees"),
        ]
        return [
            NativeFunction(
                "distance", summary: "WGS84 geodesic distance between two points in metres.", parameters: points,
                returns: [("number", "metres")],
                example: "local m = geo.distance(37.8078, -122.4750, 37.8267, -122.4230)"
            ) { _, call in
                let (a, b) = try Self.coordinates(call)
                call.push(a.distance(to: b))
            },
            NativeFunction(
                "bearing", summary: "Initial geodesic bearing from the first point to the second, degrees clockwise from north in [0, 360).",
                parameters: points, returns: [("number", "degrees")],
                example: "local deg = geo.bearing(37.8078, -122.4750, 37.8267, -122.4230)"
            ) { _, call in
                let (a, b) = try Self.coordinates(call)
                call.push(a.initialBearing(to: b))
            },
            NativeFunction(
                "inverse",
                summary: "The geodesic between two points: distance and the bearings at both ends. "
                    + "Batch form: any argument a list of numbers (the others lists of the same length, or numbers shared by every pair) "
                    + "gives three lists, one item per pair; at most 10,000,000 pairs.",
                parameters: [
                    .init("lat1", "number|number[]", "latitude of the first point, degrees"),
                    .init("lon1", "number|number[]", "longitude of the first point, degrees"),
                    .init("lat2", "number|number[]", "latitude of the second point, degrees"),
                    .init("lon2", "number|number[]", "longitude of the second point, degrees"),
                ],
                returns: [
                    ("number|number[]", "metres"), ("number|number[]", "initial bearing, degrees in [0, 360)"),
                    ("number|number[]", "final bearing (direction of travel at the second point), degrees in [0, 360)"),
                ],
                example:
                    "local m, azi1, azi2 = geo.inverse(37.8078, -122.4750, 37.8267, -122.4230)\nlocal ms = geo.inverse(here.lat, here.lon, { 37.80, 37.81 }, { -122.46, -122.45 })",
                overloads: [
                    "fun(lat1: number, lon1: number, lat2: number, lon2: number): number, number, number",
                    "fun(lat1: number|number[], lon1: number|number[], lat2: number|number[], lon2: number|number[]): number[], number[], number[]",
                ]
            ) { _, call in
                if call.isTable(1) || call.isTable(2) || call.isTable(3) || call.isTable(4) {
                    let solutions = try GeoModule.inverseBatch(call)
                    call.push(numbers: solutions.distances)
                    call.push(numbers: solutions.initialBearings)
                    call.push(numbers: solutions.finalBearings)
                    return
                }
                let (a, b) = try Self.coordinates(call)
                let solution = Geodesic.wgs84.inverse(from: a, to: b)
                call.push(solution.distance)
                call.push(solution.initialBearing)
                call.push(solution.finalBearing)
            },
            NativeFunction(
                "direct", summary: "The point reached from a start along a bearing for a distance.",
                parameters: [
                    .init("lat", "number", "start latitude"), .init("lon", "number", "start longitude"),
                    .init("bearing", "number", "initial bearing, degrees clockwise from north"),
                    .init("distance", "number", "metres, ≥ 0"),
                ],
                returns: [("number", "latitude"), ("number", "longitude in [-180, 180]"), ("number", "final bearing, degrees")],
                example: "local lat, lon = geo.direct(37.8078, -122.4750, 90, 1000)"
            ) { _, call in
                let start = try call.coordinate(1)
                let bearing = try call.number(3), distance = try call.number(4)
                do {
                    let solution = try Geodesic.wgs84.direct(from: start, bearing: bearing, distance: distance)
                    call.push(solution.destination.latitude)
                    call.push(solution.destination.longitude)
                    call.push(solution.finalBearing)
                } catch {
                    let message = (error as? GeoError)?.message ?? "\(error)"
                    throw call.badArgument(message.hasPrefix("bearing") ? 3 : 4, message)
                }
            },
        ]
    }

    /// Arguments 1-4 as two checked coordinates.
    static func coordinates(_ call: LuaCall) throws -> (Coordinate, Coordinate) {
        (try call.coordinate(1), try call.coordinate(3))
    }
}
