import Foundation
import Testing
@testable import GeoKit

struct CoordinateTests {
    @Test func validatingInitAcceptsTheWholeRange() throws {
        for (latitude, longitude) in [(0.0, 0.0), (90, 180), (-90, -180), (37.8078, -122.4750)] {
            let coordinate = try Coordinate(validatingLatitude: latitude, longitude: longitude)
            #expect(coordinate.latitude == latitude)
            #expect(coordinate.longitude == longitude)
        }
    }

    @Test(arguments: [
        (137.8, 0.0, "latitude 137.8 out of range [-90, 90]"),
        (-90.5, 0.0, "latitude -90.5 out of range [-90, 90]"),
        (0.0, -180.5, "longitude -180.5 out of range [-180, 180]"),
        (0.0, 200.0, "longitude 200 out of range [-180, 180]"),
        (Double.nan, 0.0, "latitude nan is not a finite number"),
        (0.0, Double.infinity, "longitude inf is not a finite number"),
        (-Double.infinity, 0.0, "latitude -inf is not a finite number"),
    ])
    func validatingInitRejects(latitude: Double, longitude: Double, message: String) {
        let error = #expect(throws: GeoError.self) {
            try Coordinate(validatingLatitude: latitude, longitude: longitude)
        }
        #expect(error?.description == message)
        #expect(error?.kind == .invalidCoordinate)
    }

    @Test(arguments: [
        ("37.8078,-122.4750", 37.8078, -122.4750),
        (" 37.8078 , -122.4750 ", 37.8078, -122.4750),
        ("-90,180", -90, 180),
        ("0,0", 0, 0),
        ("1e1,+2.5", 10, 2.5),
    ])
    func parseAccepts(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate.parse(text)
        #expect(coordinate == Coordinate(latitude: latitude, longitude: longitude))
    }

    @Test(arguments: [
        ("abc", "expected LAT,LON such as 37.8078,-122.4750, got 'abc'"),
        ("", "expected LAT,LON such as 37.8078,-122.4750, got ''"),
        ("37.8078", "expected LAT,LON such as 37.8078,-122.4750, got '37.8078'"),
        ("37.8078,", "expected LAT,LON such as 37.8078,-122.4750, got '37.8078,'"),
        ("37.8,-122.4,10", "expected LAT,LON such as 37.8078,-122.4750, got '37.8,-122.4,10'"),
        ("37.8 -122.4", "expected LAT,LON such as 37.8078,-122.4750, got '37.8 -122.4'"),
        ("nan,0", "expected LAT,LON such as 37.8078,-122.4750, got 'nan,0'"),
        ("0x10,5", "expected LAT,LON such as 37.8078,-122.4750, got '0x10,5'"),
        ("137.8,-122.4", "latitude 137.8 out of range [-90, 90]"),
        ("37.8,-190", "longitude -190 out of range [-180, 180]"),
        ("-122.4750,37.8078", "latitude -122.475 out of range [-90, 90] (expected LAT,LON; are the two swapped?)"),
    ])
    func parseRejects(text: String, message: String) {
        #expect(failure { () throws(GeoError) in try Coordinate.parse(text) } == message)
    }

    @Test func codableRoundTripsAndValidates() throws {
        let coordinate = Coordinate(latitude: 37.8078, longitude: -122.475)
        let data = try JSONEncoder().encode(coordinate)
        #expect(try JSONDecoder().decode(Coordinate.self, from: data) == coordinate)

        let bad = Data(#"{"latitude": 137.8, "longitude": 0}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: bad) }
    }
}
