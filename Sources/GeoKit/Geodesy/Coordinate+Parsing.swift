import Formats
extension Coordinate {
    /// Parses command-line text `LAT,LON` in decimal degrees, such as `37.8078,-122.4750`.
    ///
    /// Spaces around the numbers and the comma are allowed.
    /// - Parameter text: The text to parse.
    /// - Returns: The validated coordinate.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate``:
    ///   `expected LAT,LON such as 37.8078,-122.4750, got 'abc'` for text that is not two numbers,
    ///   `latitude 137.8 out of range [-90, 90]` for a value out of range, with a hint when the
    ///   two look swapped.
    public static func parse(_ text: String) throws(GeoError) -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = NumberText.decimal(parts[0]),
            let longitude = NumberText.decimal(parts[1])
        else {
            throw GeoError(.invalidCoordinate, "expected LAT,LON such as 37.8078,-122.4750, got \(NumberText.quoted(text))")
        }
        return try checked(latitude: latitude, longitude: longitude)
    }

    /// A coordinate from numbers a person wrote, latitude first (`--at`'s text, a scenario's
    /// `{37.8078, -122.4750}`): ``init(validatingLatitude:longitude:)``, with a hint when the
    /// two look swapped.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate``:
    ///   `latitude -122.475 out of range [-90, 90] (expected LAT,LON; are the two swapped?)`.
    public static func checked(latitude: Double, longitude: Double) throws(GeoError) -> Coordinate {
        do {
            return try Coordinate(validatingLatitude: latitude, longitude: longitude)
        } catch {
            // A longitude-first habit (GeoJSON order) is the usual cause of a bad latitude.
            let swapped = try? Coordinate(validatingLatitude: longitude, longitude: latitude)
            guard swapped != nil, !(-90...90).contains(latitude) else { throw error }
            throw error.appending(" (expected LAT,LON; are the two swapped?)")
        }
    }
}
