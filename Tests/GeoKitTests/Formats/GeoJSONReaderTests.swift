import Formats
import Testing
@testable import GeoKit

struct GeoJSONReaderTests {
    static func read(_ text: String) throws(GeoError) -> GeoJSONReader.Document {
        try Array(text.utf8).withContiguousBytes { buffer throws(GeoError) in
            try GeoJSONReader.read(buffer, file: "shapes.geojson")
        }
    }

    static func readFailure(_ text: String) -> String? {
        failure { () throws(GeoError) in try read(text) }
    }

    static func position(_ longitude: Double, _ latitude: Double, _ elevation: Double? = nil) -> Position {
        Position(coordinate: Coordinate(latitude: latitude, longitude: longitude), elevation: elevation)
    }

    @Test func everyGeometryType() throws {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "p", "properties": {"name": "P"}, "geometry": {"type": "Point", "coordinates": [1, 2, 30.5]}},
              {"type": "Feature", "properties": null, "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1, 2], [3, 4]]}},
              {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]}},
              {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]}},
              {"type": "Feature", "geometry": {"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [1, 1], [0, 0]]]]}},
              {"type": "Feature", "geometry": null, "foreign": {"ignored": true}}
            ]}
            """
        let document = try Self.read(text)
        #expect(document.root == .featureCollection)
        let triangle = [Self.position(0, 0), Self.position(1, 0), Self.position(1, 1), Self.position(0, 0)]
        #expect(
            document.features.map(\.geometry) == [
                .point(Self.position(1, 2, 30.5)),
                .multiPoint([Self.position(1, 2), Self.position(3, 4)]),
                .lineString([Self.position(1, 2), Self.position(3, 4)]),
                .multiLineString([[Self.position(1, 2), Self.position(3, 4)], [Self.position(5, 6), Self.position(7, 8)]]),
                .polygon([triangle]),
                .multiPolygon([[triangle]]),
                nil,
            ])
        #expect(document.features.map(\.index) == Array(0..<7))
        #expect(document.features[0].id == .string("p"))
        #expect(document.features[0].label == "P")
        #expect(document.features[1].properties.isEmpty)
    }

    @Test func singleFeatureAndBareGeometry() throws {
        let feature = try Self.read(#"{"type":"Feature","properties":{"id":"x"},"geometry":{"type":"Point","coordinates":[1,2]}}"#)
        #expect(feature.root == .feature)
        #expect(feature.features.first?.index == nil)
        #expect(feature.features.first?.label == "x")
        let bare = try Self.read(#"{"type":"Point","coordinates":[1,2]}"#)
        #expect(bare.root == .geometry)
        #expect(bare.features.first?.geometry == .point(Self.position(1, 2)))
    }

    @Test(arguments: [
        (
            #"{"type":"Point","coordinates":["1","2"]}"#,
            #"shapes.geojson: expected a position [lon, lat] of numbers, got ["1","2"]"#
        ),
        (#"{"type":"Point","coordinates":[1]}"#, "shapes.geojson: expected a position [lon, lat] of numbers, got [1]"),
        (
            #"{"type":"Point","coordinates":"1,2"}"#,
            #"shapes.geojson: expected a position [lon, lat] of numbers, got "1,2""#
        ),
        (#"{"type":"Point","coordinates":[1,2,"high"]}"#, #"shapes.geojson: elevation must be a finite number, got "high""#),
        (#"{"type":"Point"}"#, "shapes.geojson: Point has no 'coordinates'"),
        (#"{"type":"LineString","coordinates":[[1,2]]}"#, "shapes.geojson: a line needs at least 2 positions, got 1"),
        (
            #"{"type":"LineString","coordinates":[[1,2],[3,95]]}"#,
            "shapes.geojson: position 2: latitude 95 out of range [-90, 90]"
        ),
        (
            #"{"type":"MultiLineString","coordinates":[[[1,2],[3,4]],[[1,2],["a",4]]]}"#,
            #"shapes.geojson: line 2, position 2: expected a position [lon, lat] of numbers, got ["a",4]"#
        ),
        (
            #"{"type":"Polygon","coordinates":[[0,0],[1,0],[1,1],[0,0]]}"#,
            "shapes.geojson: ring 1, position 1: expected a position [lon, lat] of numbers, got 0"
        ),
        (
            #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}"#,
            "shapes.geojson: ring 1: not closed, first position [0, 0] differs from last [0, 1]"
        ),
        (#"{"type":"MultiPolygon","coordinates":{"a":1}}"#, #"shapes.geojson: expected an array of polygons, got {"a":1}"#),
        (#"{"type":"GeometryCollection","geometries":[]}"#, "shapes.geojson: GeometryCollection is not supported"),
        (
            #"{"type":"Circle","radius":3}"#,
            "shapes.geojson: unknown GeoJSON type 'Circle', expected FeatureCollection, Feature or a geometry"
        ),
        (#"{"coordinates":[1,2]}"#, "shapes.geojson: GeoJSON object has no 'type'"),
        (#"{"type":7}"#, "shapes.geojson: 'type' must be a string, got number"),
        ("42", "shapes.geojson: expected a GeoJSON object, got number"),
        (#"{"type":"FeatureCollection","features":[7]}"#, "shapes.geojson: feature 1: expected a Feature object, got number"),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Point","properties":{"name":"A"}}]}"#,
            "shapes.geojson: feature 1 ('A'): expected type 'Feature', got 'Point'"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"properties":{"id":"q"}}]}"#,
            "shapes.geojson: feature 1 ('q'): feature has no 'type'"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Spiral","coordinates":[]}}]}"#,
            "shapes.geojson: feature 1: unknown geometry type 'Spiral'"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":[1,2]}]}"#,
            "shapes.geojson: feature 1: geometry must be an object or null, got array"
        ),
        (
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"coordinates":[1,2]}}]}"#,
            "shapes.geojson: feature 1: geometry has no 'type'"
        ),
    ])
    func contentErrors(text: String, message: String) {
        #expect(Self.readFailure(text) == message)
    }

    @Test func longValuesAreCutInMessages() {
        let numbers = (0..<40).map { "\"\($0)\"" }.joined(separator: ",")
        let message = Self.readFailure(#"{"type":"Point","coordinates":[\#(numbers)]}"#)
        #expect(message == #"shapes.geojson: expected a position [lon, lat] of numbers, got ["0","1","2","3","4","5","6","7","8","9","10","11","12","13"…"#)
    }
}
