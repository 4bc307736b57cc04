public import Formats

/// One feature of a boundary file, with its properties: a file of many parks' boundaries
/// (NPS's, one feature per unit, its code and name among the properties) is read feature by
/// feature, so that a park can take its own.
public struct BoundaryFeature: Sendable {
    /// Its 0-based place among the file's features; nil when the file is one Feature or a bare geometry.
    public let index: Int?
    /// Its properties, as the file has them.
    public let properties: [String: JSONValue]
    /// Its shape.
    public let boundary: Boundary
    /// The feature alone as a GeoJSON FeatureCollection (compact, keys sorted): a park's
    /// `boundary.geojson`.
    public let geoJSON: String

    /// Every feature of a boundary file, in file order.
    /// - Parameters:
    ///   - bytes: UTF-8 GeoJSON text: a FeatureCollection or a Feature whose geometries are
    ///     Polygons or MultiPolygons, or a bare Polygon or MultiPolygon.
    ///   - displayPath: the path shown in errors.
    /// - Throws: ``GeoError`` as ``Boundary/init(geoJSON:displayPath:)`` does, naming the
    ///   feature whose geometry is not a polygon.
    public static func read(geoJSON bytes: some Collection<UInt8>, displayPath: String) throws(GeoError) -> [BoundaryFeature] {
        let json = try bytes.withContiguousBytes { buffer throws(GeoError) in
            try GeoError.lifting { () throws(FormatError) in try JSONScanner.document(buffer, file: displayPath) }
        }
        let document: GeoJSONReader.Document
        do throws(GeoError) {
            document = try GeoJSONReader.read(json)
        } catch {
            throw error.inFile(displayPath)
        }
        let items: [JSONValue]
        switch document.root {
        case .featureCollection: items = json["features"]?.arrayValue ?? []
        case .feature: items = [json]
        case .geometry: items = [.object(["type": .string("Feature"), "properties": .object([:]), "geometry": json])]
        }
        var features: [BoundaryFeature] = []
        for (feature, item) in zip(document.features, items) {
            let boundary = try Boundary(features: [feature], displayPath: displayPath)
            let text = #"{"features":["# + item.description + #"],"type":"FeatureCollection"}"# + "\n"
            features.append(BoundaryFeature(index: feature.index, properties: feature.properties, boundary: boundary, geoJSON: text))
        }
        return features
    }
}
