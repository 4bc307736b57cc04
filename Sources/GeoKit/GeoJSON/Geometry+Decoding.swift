import Formats
extension Geometry {
    /// Decodes and validates a GeoJSON geometry object.
    ///
    /// Errors name the part that is wrong in ``GeoError/parts``, shown as `polygon 2, ring 1,
    /// position 3: latitude 137.8 out of range [-90, 90]`; polygons, rings, lines and positions
    /// count from 0. The caller adds the file and feature.
    /// - Parameter json: The geometry object.
    /// - Throws: ``GeoError`` for a wrong shape or type, an unclosed or short ring, or a
    ///   coordinate out of range.
    init(json: JSONValue) throws(GeoError) {
        guard case .object(let members) = json else {
            throw GeoError(.invalidContent, "geometry must be an object or null, got \(json.typeName)")
        }
        guard let typeValue = members["type"] else {
            throw GeoError(.invalidContent, "geometry has no 'type'")
        }
        guard case .string(let type) = typeValue else {
            throw GeoError(.invalidContent, "geometry 'type' must be a string, got \(typeValue.typeName)")
        }
        if type == "GeometryCollection" {
            throw GeoError(.invalidContent, "GeometryCollection is not supported")
        }
        guard Self.typeNames.contains(type) else {
            throw GeoError(.invalidContent, "unknown geometry type \(Excerpt.quoted(type))")
        }
        guard let coordinates = members["coordinates"] else {
            throw GeoError(.invalidContent, "\(type) has no 'coordinates'")
        }
        switch type {
        case "Point":
            self = .point(try Self.position(coordinates))
        case "MultiPoint":
            self = .multiPoint(try Self.positions(coordinates))
        case "LineString":
            self = .lineString(try Self.line(coordinates))
        case "MultiLineString":
            self = .multiLineString(try Self.parts(coordinates, named: "line", Self.line))
        case "Polygon":
            self = .polygon(try Self.rings(coordinates))
        default:
            self = .multiPolygon(try Self.parts(coordinates, named: "polygon", Self.rings))
        }
    }

    /// The geometry types this reader decodes.
    static let typeNames: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
    ]

    // MARK: - Coordinates, innermost first

    /// `[lon, lat]` or `[lon, lat, elevation]`; further numbers are ignored (RFC 7946 §3.1.1).
    static func position(_ json: JSONValue) throws(GeoError) -> Position {
        guard case .array(let numbers) = json, numbers.count >= 2,
            case .number(let longitude) = numbers[0], case .number(let latitude) = numbers[1]
        else {
            throw GeoError(.invalidContent, "expected a position [lon, lat] of numbers, got \(json.snippet())")
        }
        var elevation: Double?
        if numbers.count >= 3 {
            guard case .number(let value) = numbers[2], value.isFinite else {
                throw GeoError(.invalidContent, "elevation must be a finite number, got \(numbers[2].snippet())")
            }
            elevation = value
        }
        let coordinate = try Coordinate(validatingLatitude: latitude, longitude: longitude)
        return Position(coordinate: coordinate, elevation: elevation)
    }

    static func positions(_ json: JSONValue) throws(GeoError) -> [Position] {
        guard case .array(let items) = json else {
            throw GeoError(.invalidContent, "expected an array of positions, got \(json.snippet())")
        }
        var result: [Position] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try position(item))
            } catch {
                throw error.within("position \(index + 1)")
            }
        }
        return result
    }

    static func line(_ json: JSONValue) throws(GeoError) -> [Position] {
        let line = try positions(json)
        guard line.count >= 2 else {
            throw GeoError(.invalidContent, "a line needs at least 2 positions, got \(line.count)")
        }
        return line
    }

    /// A polygon's rings: each closed, with at least 4 positions.
    static func rings(_ json: JSONValue) throws(GeoError) -> [[Position]] {
        try parts(json, named: "ring") { ring throws(GeoError) in
            let positions = try positions(ring)
            guard positions.count >= 4 else {
                throw GeoError(.invalidContent, "\(positions.count) positions, a closed ring needs at least 4")
            }
            guard let first = positions.first, let last = positions.last, first.coordinate == last.coordinate else {
                throw GeoError(
                    .invalidContent,
                    "not closed, first position \(text(positions.first)) differs from last \(text(positions.last))")
            }
            return positions
        }
    }

    /// An array of parts (lines, rings, polygons); a part's error is located `within` it.
    private static func parts<Part>(
        _ json: JSONValue, named name: String, _ decode: (JSONValue) throws(GeoError) -> Part
    ) throws(GeoError) -> [Part] {
        guard case .array(let items) = json else {
            throw GeoError(.invalidContent, "expected an array of \(name)s, got \(json.snippet())")
        }
        var result: [Part] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            do {
                result.append(try decode(item))
            } catch {
                throw error.within("\(name) \(index + 1)")
            }
        }
        return result
    }

    private static func text(_ position: Position?) -> String {
        guard let coordinate = position?.coordinate else { return "none" }
        return "[\(GeoError.text(coordinate.longitude)), \(GeoError.text(coordinate.latitude))]"
    }
}
