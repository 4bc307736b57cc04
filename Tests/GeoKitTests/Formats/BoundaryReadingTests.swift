import Testing
@testable import GeoKit

struct BoundaryReadingTests {
    static let path = "parks/TEST/boundary.geojson"

    static func readFailure(_ text: String) -> String? {
        failure { () throws(GeoError) in try Boundary(geoJSON: text.utf8, displayPath: path) }
    }

    @Test func unclosedRing() {
        let text = """
            {"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Test Park"},
            "geometry":{"type":"MultiPolygon","coordinates":[
              [[[0,0],[1,0],[1,1],[0,1],[0,0]]],
              [[[5,5],[6,5],[6,6],[5,6],[5,5]], [[5.2,5.2],[5.8,5.2],[5.8,5.8],[5.2,5.8]]]
            ]}}]}
            """
        #expect(
            Self.readFailure(text) == """
                parks/TEST/boundary.geojson: feature 1 ('Test Park'): polygon 2, ring 2: not closed, \
                first position [5.2, 5.2] differs from last [5.2, 5.8]
                """)
    }

    @Test func ringTooShort() {
        let text = #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}"#
        #expect(Self.readFailure(text) == "parks/TEST/boundary.geojson: ring 1: 3 positions, a closed ring needs at least 4")
    }

    @Test func notAPolygon() {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
            {"type":"Feature","properties":{"name":"Coastal Trail"},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}
            ]}
            """
        #expect(
            Self.readFailure(text) == """
                parks/TEST/boundary.geojson: feature 2 ('Coastal Trail'): geometry must be a Polygon or MultiPolygon, got LineString
                """)
    }

    /// A Polygon with no coordinates (RFC 7946's empty geometry) bounds nothing: alone it is
    /// a file with no polygon, beside others it is skipped. A fuzzer found it trapped.
    @Test func emptyPolygonsBoundNothing() throws {
        #expect(
            Self.readFailure(#"{"type":"Polygon","coordinatetype":"Polygon","coordinates":[]}"#)
                == "parks/TEST/boundary.geojson: no Polygon or MultiPolygon in the file")
        let mixed = #"{"type":"MultiPolygon","coordinates":[[], [[[0,0],[1,0],[1,1],[0,1],[0,0]]]]}"#
        let boundary = try Boundary(geoJSON: mixed.utf8, displayPath: Self.path)
        #expect(boundary.polygonCount == 1 && boundary.ringCount == 1)
        #expect(boundary.contains(Coordinate(latitude: 0.5, longitude: 0.5)))
    }

    @Test func nullGeometryAndEmptyCollection() {
        let null = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":null,"geometry":null}]}"#
        #expect(
            Self.readFailure(null)
                == "parks/TEST/boundary.geojson: feature 1: geometry must be a Polygon or MultiPolygon, got null")
        let empty = #"{"type":"FeatureCollection","features":[]}"#
        #expect(Self.readFailure(empty) == "parks/TEST/boundary.geojson: no Polygon or MultiPolygon in the file")
    }

    @Test func positionOutOfRange() {
        let text = #"{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[0,0],[1,0],[200,1],[0,0]]]]}"#
        #expect(
            Self.readFailure(text) == """
                parks/TEST/boundary.geojson: polygon 2, ring 1, position 3: longitude 200 out of range [-180, 180]
                """)
    }

    @Test func missingFile() throws {
        let url = try Fixture.url("yose-boundary.geojson").deletingLastPathComponent().appendingPathComponent("nope.geojson")
        let error = #expect(throws: GeoError.self) { try Boundary(contentsOf: url, displayPath: "parks/NOPE/boundary.geojson") }
        #expect(error?.description == "parks/NOPE/boundary.geojson: cannot read file: No such file or directory")
        #expect(error?.kind == .unreadableFile)
        let directory = url.deletingLastPathComponent()
        #expect(
            failure { () throws(GeoError) in try Boundary(contentsOf: directory, displayPath: "parks/YOSE") }
                == "parks/YOSE: cannot read file: it is a folder, not a regular file")
    }
}
