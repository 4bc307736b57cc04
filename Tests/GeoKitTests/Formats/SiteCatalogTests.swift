import Foundation
import Testing
@testable import GeoKit

struct SiteCatalogTests {
    static let path = "parks/GOGA/sites.geojson"

    static func readFailure(_ text: String) -> String? {
        failure { () throws(GeoError) in try SiteCatalog(geoJSON: text.utf8, displayPath: path) }
    }

    // MARK: - Real data

    @Test func readsTheGoldenGateFixtureInFileOrder() throws {
        let catalog = try SiteCatalog(contentsOf: Fixture.url("goga-sites.geojson"), displayPath: Self.path)
        #expect(catalog.sites.count == 30)
        #expect(catalog.sites.map(\.id) == (1...30).map { "nps-poi:goga:" + String(format: "%04d", $0) })
        let alcatraz = try #require(catalog.site(withID: "nps-poi:goga:0005"))
        #expect(alcatraz == catalog.sites[4])
        #expect(alcatraz.name == "Alcatraz")
        #expect(alcatraz.category == "park_area")
        #expect(alcatraz.coordinate == Coordinate(latitude: 37.826669, longitude: -122.423023))
        #expect(alcatraz.description?.hasPrefix("NPS point of interest") == true)
        #expect(alcatraz.properties.keys.sorted() == ["nps_type", "source"])
        #expect(alcatraz.properties["source"] == .string("NPS Public POIs/Buildings"))
        #expect(catalog.site(withID: "nps-poi:goga:9999") == nil)
    }

    @Test func sameResultFromBytesAndFromFile() throws {
        let text = try Fixture.text("goga-sites.geojson")
        let fromBytes = try SiteCatalog(geoJSON: Array(text.utf8), displayPath: Self.path)
        let fromData = try SiteCatalog(geoJSON: Data(text.utf8), displayPath: Self.path)
        let fromFile = try SiteCatalog(contentsOf: Fixture.url("goga-sites.geojson"), displayPath: Self.path)
        #expect(fromBytes.sites == fromFile.sites)
        #expect(fromData.sites == fromFile.sites)
    }

    // MARK: - Defaults and optional fields

    @Test func defaultsAndOptionalFields() throws {
        let text = sitesFile([
            pointFeature(id: "a", name: "No Category"),
            pointFeature(id: "b", name: "Null Description", extra: #""category":null,"description":null"#),
            pointFeature(id: "c", name: "Empty Category", extra: #""category":"  ","rank":3,"tags":["x"]"#),
            #"{"type":"Feature","id":42,"geometry":{"type":"Point","coordinates":[-122.4,37.8,12.5]},"properties":{"name":"Numeric Id"}}"#,
        ])
        let sites = try SiteCatalog(geoJSON: text.utf8, displayPath: Self.path).sites
        #expect(sites.map(\.category) == ["other", "other", "other", "other"])
        #expect(sites.map(\.description) == [nil, nil, nil, nil])
        #expect(sites[2].properties == ["rank": .number(3), "tags": .array([.string("x")])])
        #expect(sites[3].id == "42")
        #expect(try SiteCatalog(geoJSON: sitesFile([]).utf8, displayPath: Self.path).sites.isEmpty)
    }

    // MARK: - Errors, each with its exact message

    @Test func latitudeOutOfRangeNamesTheFeature() {
        var features = (0..<7).map { pointFeature(id: "s\($0)", name: "Site \($0)") }
        features.append(pointFeature(id: "alcatraz", name: "Alcatraz", lon: -122.423023, lat: 137.8))
        #expect(
            Self.readFailure(sitesFile(features))
                == "parks/GOGA/sites.geojson: feature 8 ('Alcatraz'): latitude 137.8 out of range [-90, 90]")
    }

    @Test func malformedJSONGivesLineAndColumn() {
        // The comma between the two features is missing: line 3, column 1.
        let text = sitesFile([pointFeature(id: "a", name: "A")]).replacingOccurrences(
            of: "\n]}", with: "\n" + pointFeature(id: "b", name: "B") + "\n]}")
        #expect(
            Self.readFailure(text)
                == "parks/GOGA/sites.geojson:3:1: malformed JSON: expected ',' or ']' after an array element, got '{'")
        let trailingComma = "{\"type\": \"FeatureCollection\",\n  \"features\": [],\n}"
        #expect(
            Self.readFailure(trailingComma)
                == "parks/GOGA/sites.geojson:3:1: malformed JSON: expected a string key, got '}'")
    }

    @Test func missingName() {
        let text = sitesFile([pointFeature(id: "a", name: "A"), pointFeature(id: "nps-poi:goga:0002")])
        #expect(Self.readFailure(text) == "parks/GOGA/sites.geojson: feature 2 ('nps-poi:goga:0002'): missing 'name'")
        let blank = sitesFile([pointFeature(id: "x", name: " ")])
        #expect(Self.readFailure(blank) == "parks/GOGA/sites.geojson: feature 1 ('x'): 'name' is empty")
        let number = sitesFile([pointFeature(id: "x", extra: #""name":7"#)])
        #expect(Self.readFailure(number) == "parks/GOGA/sites.geojson: feature 1 ('x'): 'name' must be a string, got number")
    }

    @Test func missingOrBadId() {
        #expect(
            Self.readFailure(sitesFile([pointFeature(name: "Nameless Id")]))
                == "parks/GOGA/sites.geojson: feature 1 ('Nameless Id'): missing 'id'")
        #expect(
            Self.readFailure(sitesFile([pointFeature(id: "", name: "Empty Id")]))
                == "parks/GOGA/sites.geojson: feature 1 ('Empty Id'): 'id' is empty")
        #expect(
            Self.readFailure(sitesFile([pointFeature(name: "Bool Id", extra: #""id":true"#)]))
                == "parks/GOGA/sites.geojson: feature 1 ('Bool Id'): 'id' must be a string or an integer, got true")
    }

    @Test func nonPointFeature() {
        let line =
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[-122.5,37.8],[-122.4,37.8]]},"properties":{"id":"t","name":"Coastal Trail"}}"#
        #expect(
            Self.readFailure(sitesFile([pointFeature(id: "a", name: "A"), line]))
                == "parks/GOGA/sites.geojson: feature 2 ('Coastal Trail'): geometry must be a Point, got LineString")
        let null = #"{"type":"Feature","geometry":null,"properties":{"id":"n","name":"Nowhere"}}"#
        #expect(
            Self.readFailure(sitesFile([null]))
                == "parks/GOGA/sites.geojson: feature 1 ('Nowhere'): geometry is null, expected a Point")
    }

    @Test func duplicateIdsNameBothFeatures() {
        let text = sitesFile([
            pointFeature(id: "nps-poi:goga:0005", name: "Alcatraz"),
            pointFeature(id: "nps-poi:goga:0006", name: "Alcatraz Cellhouse"),
            pointFeature(id: "nps-poi:goga:0005", name: "Alcatraz Island"),
        ])
        #expect(
            Self.readFailure(text) == """
                parks/GOGA/sites.geojson: feature 3 ('Alcatraz Island'): duplicate id 'nps-poi:goga:0005', \
                first used by feature 1 ('Alcatraz')
                """)
    }

    @Test func coordinatesAsStrings() {
        let text = sitesFile([
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":["-122.473363","37.787217"]},"properties":{"id":"g","name":"14th Avenue Gate"}}"#
        ])
        #expect(
            Self.readFailure(text) == """
                parks/GOGA/sites.geojson: feature 1 ('14th Avenue Gate'): \
                expected a position [lon, lat] of numbers, got ["-122.473363","37.787217"]
                """)
    }

    @Test func wrongTypesOfProperties() {
        #expect(
            Self.readFailure(sitesFile([pointFeature(id: "a", name: "A", extra: #""category":5"#)]))
                == "parks/GOGA/sites.geojson: feature 1 ('A'): 'category' must be a string, got number")
        #expect(
            Self.readFailure(sitesFile([pointFeature(id: "a", name: "A", extra: #""description":["x"]"#)]))
                == "parks/GOGA/sites.geojson: feature 1 ('A'): 'description' must be a string, got array")
        let properties = #"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":[1]}"#
        #expect(
            Self.readFailure(sitesFile([properties]))
                == "parks/GOGA/sites.geojson: feature 1: 'properties' must be an object or null, got array")
    }

    @Test func emptyFileAndWrongRoot() {
        #expect(Self.readFailure("") == "parks/GOGA/sites.geojson: file is empty")
        #expect(Self.readFailure(" \n\t\n") == "parks/GOGA/sites.geojson: file is empty")
        #expect(Self.readFailure("[]") == "parks/GOGA/sites.geojson: expected a GeoJSON object, got array")
        #expect(
            Self.readFailure(pointFeature(id: "a", name: "A"))
                == "parks/GOGA/sites.geojson: a sites file must be a FeatureCollection, got a Feature")
        #expect(
            Self.readFailure(#"{"type":"FeatureCollection","features":{}}"#)
                == "parks/GOGA/sites.geojson: 'features' must be an array, got object")
        #expect(
            Self.readFailure(#"{"type":"FeatureCollection"}"#)
                == "parks/GOGA/sites.geojson: FeatureCollection has no 'features'")
    }

    @Test func errorCarriesItsParts() throws {
        var features = (0..<7).map { pointFeature(id: "s\($0)", name: "Site \($0)") }
        features.append(pointFeature(id: "alcatraz", name: "Alcatraz", lon: -122.423023, lat: 137.8))
        let error = #expect(throws: GeoError.self) {
            try SiteCatalog(geoJSON: sitesFile(features).utf8, displayPath: Self.path)
        }
        #expect(error?.file == Self.path)
        #expect(error?.feature == 7)
        #expect(error?.featureLabel == "Alcatraz")
        #expect(error?.message == "latitude 137.8 out of range [-90, 90]")
        #expect(error?.kind == .invalidCoordinate)
    }
}
