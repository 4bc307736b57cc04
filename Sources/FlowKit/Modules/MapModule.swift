import GeoKit
import LuaKit

/// `map`: the geometry of a map screen — what a camera shows, and the park boundary
/// simplified for drawing it.
struct MapModule: NativeModule {
    let name = "map"
    let summary = "Map geometry in Web Mercator: viewports, fitting a box, and the park boundary for drawing."

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "viewport", summary: "The box a screen of width × height points shows around a center at a zoom.",
                parameters: [
                    .init("lat", "number", "center latitude"), .init("lon", "number", "center longitude"),
                    .init("zoom", "number", "zoom, 0-30"), .init("width", "number", "screen width, points"),
                    .init("height", "number", "screen height, points"),
                ],
                returns: [("{west: number, south: number, east: number, north: number}", "west > east when it crosses the antimeridian")],
                example: "local box = map.viewport(37.80, -122.46, 12, 390, 844)"
            ) { _, call in
                let box = WebMercator.viewport(
                    center: try call.coordinate(1), zoom: try call.zoom(3),
                    width: try call.screenSize(4), height: try call.screenSize(5))
                call.push(Self.value(box))
            },
            NativeFunction(
                "fit", summary: "The center and the largest zoom at which a box fits a screen.",
                parameters: [
                    .init("box", "{west: number, south: number, east: number, north: number}", "the box"),
                    .init("width", "number", "screen width, points"), .init("height", "number", "screen height, points"),
                ],
                returns: [("number", "center latitude"), ("number", "center longitude"), ("number", "zoom")]
            ) { _, call in
                let fit = WebMercator.fit(try call.boundingBox(1), width: try call.screenSize(2), height: try call.screenSize(3))
                call.push(fit.center.latitude)
                call.push(fit.center.longitude)
                call.push(fit.zoom)
            },
            NativeFunction(
                "boundary", summary: "The park's boundary rings inside a box, simplified to about one screen point at a zoom; {} if the park has no boundary.",
                parameters: [
                    .init("box", "{west: number, south: number, east: number, north: number}", "the area shown"),
                    .init("zoom", "number", "the zoom it is drawn at"),
                ],
                returns: [("number[][][]", "rings of {lon, lat} positions")]
            ) { context, call in
                let box = try call.boundingBox(1), zoom = try call.zoom(2)
                // Simplifying looks at every vertex; each one kept becomes a {lon, lat} table.
                if let boundary = try context.boundary() { try call.charge(boundary.vertexCount * Charge.perRegion) }
                let tolerance = WebMercator.degreesPerPoint(zoom: zoom)
                let rings =
                    try context.boundary().map { boundary in
                        context.cached("map.boundary") { DrawnRingCache() }.rings(of: boundary, in: box, tolerance: tolerance)
                    } ?? []
                try call.charge(rings.reduce(0) { $0 + $1.count / 2 } * Charge.perSite)
                call.push(pairLists: rings)
            },
        ]
    }

    static func value(_ box: BoundingBox) -> LuaValue {
        ["west": .number(box.west), "south": .number(box.south), "east": .number(box.east), "north": .number(box.north)]
    }
}
