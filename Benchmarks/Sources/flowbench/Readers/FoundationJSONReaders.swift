import Formats
import Foundation
import GeoKit

/// Sites and boundaries read with Foundation instead of GeoKit's JSONScanner, for
/// `flowbench readers`: JSONSerialization (then walking `[String: Any]`) and JSONDecoder
/// (Codable structs). Each builds the values SiteCatalog and Boundary build, with the same
/// rules (a Point per site, an id and a name, coordinates in range, closed rings of at least 4
/// positions), so the times compare like with like. Errors are plain sentences: what the
/// bench shows of them is Foundation's own message when the JSON does not parse.
enum FoundationJSONReaders {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - JSONSerialization

    static func sitesWithSerialization(_ data: Data) throws -> [Site] {
        var sites = SiteBuilder()
        for (index, feature) in try features(try JSONSerialization.jsonObject(with: data)).enumerated() {
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                let position = geometry["coordinates"] as? [Any], position.count >= 2,
                let longitude = number(position[0]), let latitude = number(position[1])
            else {
                throw Failure("feature \(index): geometry must be a Point with [lon, lat] numbers")
            }
            let properties: [String: JSONValue]
            switch feature["properties"] {
            case nil, is NSNull: properties = [:]
            case let object as [String: Any]: properties = try object.mapValues(jsonValue)
            default: throw Failure("feature \(index): 'properties' must be an object or null")
            }
            try sites.add(
                index: index, id: try feature["id"].map(jsonValue), properties: properties,
                longitude: longitude, latitude: latitude)
        }
        return sites.sites
    }

    static func boundaryWithSerialization(_ data: Data) throws -> Boundary {
        var polygons: [[[Coordinate]]] = []
        for (index, feature) in try features(try JSONSerialization.jsonObject(with: data)).enumerated() {
            guard let geometry = feature["geometry"] as? [String: Any], let type = geometry["type"] as? String,
                let coordinates = geometry["coordinates"] as? [Any]
            else {
                throw Failure("feature \(index): geometry must be a Polygon or MultiPolygon")
            }
            switch type {
            case "Polygon": polygons.append(try rings(coordinates))
            case "MultiPolygon":
                for polygon in coordinates {
                    guard let polygon = polygon as? [Any] else { throw Failure("feature \(index): a polygon must be an array") }
                    polygons.append(try rings(polygon))
                }
            default: throw Failure("feature \(index): geometry must be a Polygon or MultiPolygon, got \(type)")
            }
        }
        return try Boundary(polygons: polygons)
    }

    private static func features(_ root: Any) throws -> [[String: Any]] {
        guard let object = root as? [String: Any], object["type"] as? String == "FeatureCollection",
            let features = object["features"] as? [Any]
        else {
            throw Failure("expected a FeatureCollection with a 'features' array")
        }
        return try features.enumerated().map { index, feature in
            guard let feature = feature as? [String: Any], feature["type"] as? String == "Feature" else {
                throw Failure("feature \(index): expected a Feature object")
            }
            return feature
        }
    }

    private static func rings(_ polygon: [Any]) throws -> [[Coordinate]] {
        try polygon.map { ring in
            guard let ring = ring as? [Any] else { throw Failure("a ring must be an array of positions") }
            return try closedRing(
                try ring.map { position in
                    guard let position = position as? [Any], position.count >= 2,
                        let longitude = number(position[0]), let latitude = number(position[1])
                    else {
                        throw Failure("expected a position [lon, lat] of numbers")
                    }
                    return try Coordinate(validatingLatitude: latitude, longitude: longitude)
                })
        }
    }

    /// JSONSerialization's numbers are NSNumbers, and so are its Booleans.
    private static let booleanType = type(of: NSNumber(value: true))

    private static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, type(of: number) != booleanType else { return nil }
        return number.doubleValue
    }

    private static func jsonValue(_ value: Any) throws -> JSONValue {
        switch value {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            return type(of: number) == booleanType ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]: return .array(try array.map(jsonValue))
        case let object as [String: Any]: return .object(try object.mapValues(jsonValue))
        default: throw Failure("unexpected \(type(of: value)) from JSONSerialization")
        }
    }

    // MARK: - JSONDecoder

    struct FeatureCollection: Decodable {
        var type: String
        var features: [Feature]
    }

    struct Feature: Decodable {
        var type: String
        var id: AnyValue?
        var geometry: Geometry?
        var properties: [String: AnyValue]?
    }

    /// Any JSON value, as Codable must decode one: by trying types in turn, each miss a
    /// thrown DecodingError, so the likeliest first (properties are mostly strings).
    struct AnyValue: Decodable {
        var value: JSONValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let array = try? container.decode([AnyValue].self) {
                value = .array(array.map(\.value))
            } else {
                value = .object(try container.decode([String: AnyValue].self).mapValues(\.value))
            }
        }
    }

    /// A geometry whose coordinates are decoded by its `type`.
    struct Geometry: Decodable {
        enum Coordinates {
            case point([Double])
            case polygon([[[Double]]])
            case multiPolygon([[[[Double]]]])
            case other
        }

        var type: String
        var coordinates: Coordinates

        private enum Key: String, CodingKey { case type, coordinates }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            type = try container.decode(String.self, forKey: .type)
            switch type {
            case "Point": coordinates = .point(try container.decode([Double].self, forKey: .coordinates))
            case "Polygon": coordinates = .polygon(try container.decode([[[Double]]].self, forKey: .coordinates))
            case "MultiPolygon": coordinates = .multiPolygon(try container.decode([[[[Double]]]].self, forKey: .coordinates))
            default: coordinates = .other
            }
        }
    }

    static func sitesWithDecoder(_ data: Data) throws -> [Site] {
        var sites = SiteBuilder()
        for (index, feature) in try collection(data).features.enumerated() {
            guard case .point(let position)? = feature.geometry?.coordinates, position.count >= 2 else {
                throw Failure("feature \(index): geometry must be a Point with [lon, lat] numbers")
            }
            try sites.add(
                index: index, id: feature.id?.value, properties: feature.properties?.mapValues(\.value) ?? [:],
                longitude: position[0], latitude: position[1])
        }
        return sites.sites
    }

    static func boundaryWithDecoder(_ data: Data) throws -> Boundary {
        var polygons: [[[Coordinate]]] = []
        for (index, feature) in try collection(data).features.enumerated() {
            switch feature.geometry?.coordinates {
            case .polygon(let rings)?: polygons.append(try coordinates(rings))
            case .multiPolygon(let list)?: for rings in list { polygons.append(try coordinates(rings)) }
            default: throw Failure("feature \(index): geometry must be a Polygon or MultiPolygon")
            }
        }
        return try Boundary(polygons: polygons)
    }

    private static func collection(_ data: Data) throws -> FeatureCollection {
        let collection = try JSONDecoder().decode(FeatureCollection.self, from: data)
        guard collection.type == "FeatureCollection" else { throw Failure("expected a FeatureCollection") }
        if let index = collection.features.firstIndex(where: { $0.type != "Feature" }) {
            throw Failure("feature \(index): expected type 'Feature'")
        }
        return collection
    }

    private static func coordinates(_ rings: [[[Double]]]) throws -> [[Coordinate]] {
        try rings.map { ring in
            try closedRing(
                try ring.map { position in
                    guard position.count >= 2 else { throw Failure("expected a position [lon, lat]") }
                    return try Coordinate(validatingLatitude: position[1], longitude: position[0])
                })
        }
    }

    // MARK: - Shared rules

    /// GeoJSON's ring rule, as GeoKit's reader checks it: closed, at least 4 positions.
    private static func closedRing(_ ring: [Coordinate]) throws -> [Coordinate] {
        guard ring.count >= 4, ring.first == ring.last else {
            throw Failure("a ring must be closed and have at least 4 positions")
        }
        return ring
    }

    /// Sites in file order with SiteCatalog's rules: an id (the feature's, else
    /// `properties.id`; a string or an integer), unique; a non-empty name; category and
    /// description strings when present; the other properties kept.
    private struct SiteBuilder {
        var sites: [Site] = []
        var ids: Set<String> = []

        mutating func add(index: Int, id: JSONValue?, properties: [String: JSONValue], longitude: Double, latitude: Double) throws {
            var properties = properties
            let id = try Self.identifier(id ?? properties["id"], index: index)
            guard case .string(let name)? = properties["name"], !name.allSatisfy(\.isWhitespace) else {
                throw Failure("feature \(index): 'name' must be a non-empty string")
            }
            let category = try Self.string(properties["category"], "category", index: index)
            let description = try Self.string(properties["description"], "description", index: index)
            for key in ["id", "name", "category", "description"] { properties.removeValue(forKey: key) }
            guard ids.insert(id).inserted else { throw Failure("feature \(index): duplicate id '\(id)'") }
            let coordinate = try Coordinate(validatingLatitude: latitude, longitude: longitude)
            sites.append(
                Site(
                    id: id, name: name,
                    category: category.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? "other",
                    description: description, coordinate: coordinate, properties: properties))
        }

        private static func identifier(_ value: JSONValue?, index: Int) throws -> String {
            switch value {
            case .string(let text)? where !text.allSatisfy(\.isWhitespace): return text
            case .number(let number)? where number == number.rounded() && abs(number) < 1e15:
                return String(Int64(number))
            default: throw Failure("feature \(index): 'id' must be a non-empty string or an integer")
            }
        }

        private static func string(_ value: JSONValue?, _ key: String, index: Int) throws -> String? {
            switch value {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw Failure("feature \(index): '\(key)' must be a string")
            }
        }
    }
}
