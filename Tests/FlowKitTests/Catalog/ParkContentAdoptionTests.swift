import Foundation
import GeoKit
import Testing

@testable import FlowKit

/// A new version of the project takes over what the old one read of a file it did not
/// change, and reads afresh what it did: never the old content for a changed file.
@Suite struct ParkContentAdoptionTests {
    static let sites = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.47, 37.81]}, "properties": {"id": "a", "name": "Alpha", "category": "viewpoint"}}
        ]}
        """
    static let boundary = """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon",
          "coordinates": [[[-122.6, 37.7], [-122.3, 37.7], [-122.3, 37.9], [-122.6, 37.9], [-122.6, 37.7]]]}}]}
        """

    static func root(sites: String, boundary: String = boundary) -> ProjectRoot {
        ProjectRoot(
            files: ["parks/TEST/sites.geojson": Array(sites.utf8), "parks/TEST/boundary.geojson": Array(boundary.utf8)],
            origin: URL(fileURLWithPath: "/memory"))
    }

    @Test func anUnchangedFileIsTakenOverAndAChangedOneReadAfresh() throws {
        let old = ParkContent(code: "TEST", root: Self.root(sites: Self.sites))
        #expect(try old.sites().map(\.name) == ["Alpha"])
        #expect(try old.boundary() != nil)

        let same = ParkContent(code: "TEST", root: Self.root(sites: Self.sites))
        same.adopt(from: old)
        #expect(try same.sites() == old.sites())
        #expect(try same.boundary()?.contains(Coordinate(latitude: 37.8, longitude: -122.5)) == true)

        let changed = ParkContent(code: "TEST", root: Self.root(sites: Self.sites.replacingOccurrences(of: "Alpha", with: "Beta")))
        changed.adopt(from: old)
        #expect(try changed.sites().map(\.name) == ["Beta"], "a changed file is read, not taken over")

        // A broken file in the new version is an error, as it would be without the old one.
        let broken = ParkContent(code: "TEST", root: Self.root(sites: "{ not json"))
        broken.adopt(from: old)
        #expect(throws: FlowError.self) { try broken.sites() }
    }

    @Test func anotherParkTakesOverNothing() throws {
        let old = ParkContent(code: "TEST", root: Self.root(sites: Self.sites))
        _ = try old.sites()
        let other = ParkContent(code: "ELSE", root: Self.root(sites: Self.sites))
        other.adopt(from: old)
        #expect(try other.sites().isEmpty, "ELSE has no sites file")
    }
}
