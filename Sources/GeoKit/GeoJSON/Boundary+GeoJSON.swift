import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#endif

extension Boundary {
    /// Reads a park boundary file.
    ///
    /// The file is a FeatureCollection or a Feature whose geometries are all Polygons or
    /// MultiPolygons (a bare Polygon or MultiPolygon is accepted too); all their polygons
    /// form the boundary. Every ring must be closed and have at least 4 positions.
    /// - Parameters:
    ///   - url: The file's `file:` URL.
    ///   - displayPath: The path shown in errors, e.g. `parks/GOGA/boundary.geojson`.
    /// - Throws: ``GeoError``: unreadable file, malformed JSON (with line and column), or bad
    ///   content, as `parks/GOGA/boundary.geojson: feature 0: polygon 3, ring 1: not closed, …`.
    public init(contentsOf url: URL, displayPath: String) throws(GeoError) {
        let bytes = try GeoError.lifting { () throws(FormatError) in try FileReader.bytes(of: url, file: displayPath) }
        try self.init(geoJSON: bytes, displayPath: displayPath)
    }

    /// Reads a boundary from GeoJSON bytes (a `String`'s `utf8`, `Data`, `[UInt8]`).
    /// - Parameters:
    ///   - bytes: UTF-8 GeoJSON text.
    ///   - displayPath: The path shown in errors.
    /// - Throws: ``GeoError`` as ``init(contentsOf:displayPath:)`` does.
    public init(geoJSON bytes: some Collection<UInt8>, displayPath: String) throws(GeoError) {
        let document = try bytes.withContiguousBytes { buffer throws(GeoError) in
            try GeoJSONReader.read(buffer, file: displayPath)
        }
        try self.init(features: document.features, displayPath: displayPath)
    }

    /// The boundary of every polygon of `features`.
    init(features: [Feature], displayPath: String) throws(GeoError) {
        var vertices = ContiguousArray<Double>()
        var ringStarts: ContiguousArray<Int> = [0]
        var polygonStarts: ContiguousArray<Int> = [0]
        for feature in features {
            guard let polygons = feature.geometry?.polygons else {
                let got = feature.geometry?.typeName ?? "null"
                let error = GeoError(.invalidContent, "geometry must be a Polygon or MultiPolygon, got \(got)")
                throw feature.locate(error).inFile(displayPath)
            }
            // A Polygon may have no coordinates (RFC 7946 allows an empty geometry): nothing to bound.
            for polygon in polygons where !polygon.isEmpty {
                for ring in polygon {
                    for position in ring {
                        vertices.append(position.coordinate.longitude)
                        vertices.append(position.coordinate.latitude)
                    }
                    ringStarts.append(vertices.count / Self.vertexStride)
                }
                polygonStarts.append(ringStarts.count - 1)
            }
        }
        guard polygonStarts.count > 1 else {
            throw GeoError(.invalidContent, "no Polygon or MultiPolygon in the file").inFile(displayPath)
        }
        self.init(vertices: vertices, ringStarts: ringStarts, polygonStarts: polygonStarts)
    }
}
