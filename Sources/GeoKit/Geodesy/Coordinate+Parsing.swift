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
              let latitude = number(parts[0]),
              let longitude = number(parts[1])
        else {
            throw GeoError(.invalidCoordinate, "expected LAT,LON such as 37.8078,-122.4750, got '\(text)'")
        }
        do {
            return try Coordinate(validatingLatitude: latitude, longitude: longitude)
        } catch {
            // A longitude-first habit (GeoJSON order) is the usual cause of a bad latitude.
            let swapped = try? Coordinate(validatingLatitude: longitude, longitude: latitude)
            guard swapped != nil, !(-90...90).contains(latitude) else { throw error }
            throw error.appending(" (expected LAT,LON; are the two swapped?)")
        }
    }

    /// A decimal number such as `-122.4750`; rejects the words Swift's parser also accepts
    /// (`nan`, `inf`) and hexadecimal, so only plain decimal text passes.
    private static func number(_ part: Substring) -> Double? {
        let trimmed = part.trimmingSpaces()
        guard !trimmed.isEmpty,
              trimmed.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) })
        else { return nil }
        return Double(trimmed)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }),
              let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}
