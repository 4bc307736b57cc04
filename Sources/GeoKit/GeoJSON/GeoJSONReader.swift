import Formats
/// Reads a GeoJSON document (RFC 7946): a FeatureCollection, a Feature or a bare geometry.
///
/// Every geometry is decoded and validated; errors name the file, the feature (index and
/// name or id) and the part of the geometry. Foreign members are ignored.
enum GeoJSONReader {
    /// What the document's root is.
    enum Root: Sendable, Equatable {
        case featureCollection
        case feature
        /// A bare geometry, kept as a feature without properties.
        case geometry
    }

    /// A read document: its root kind and its features in file order.
    struct Document: Sendable {
        var root: Root
        var features: [Feature]
    }

    /// Parses and reads GeoJSON bytes.
    /// - Parameters:
    ///   - bytes: The file's content, UTF-8.
    ///   - file: The display path used in errors.
    /// - Throws: ``GeoError`` for malformed JSON or content that is not valid GeoJSON.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(GeoError) -> Document {
        let json = try GeoError.lifting { () throws(FormatError) in try JSONScanner.document(bytes, file: file) }
        do throws(GeoError) {
            return try read(json)
        } catch {
            throw error.inFile(file)
        }
    }

    /// Reads a parsed GeoJSON value; errors carry feature and part but no file.
    static func read(_ json: JSONValue) throws(GeoError) -> Document {
        guard case .object(let members) = json else {
            throw GeoError(.invalidContent, "expected a GeoJSON object, got \(json.typeName)")
        }
        switch try typeName(of: members, what: "GeoJSON object") {
        case "FeatureCollection":
            guard let list = members["features"] else {
                throw GeoError(.invalidContent, "FeatureCollection has no 'features'")
            }
            guard case .array(let items) = list else {
                throw GeoError(.invalidContent, "'features' must be an array, got \(list.typeName)")
            }
            var features: [Feature] = []
            features.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                features.append(try feature(item, index: index))
            }
            return Document(root: .featureCollection, features: features)
        case "Feature":
            return Document(root: .feature, features: [try feature(json, index: nil)])
        case let type where Geometry.typeNames.contains(type) || type == "GeometryCollection":
            let geometry = try Geometry(json: json)
            return Document(root: .geometry, features: [Feature(index: nil, geometry: geometry, properties: [:])])
        case let type:
            throw GeoError(
                .invalidContent, "unknown GeoJSON type \(Excerpt.quoted(type)), expected FeatureCollection, Feature or a geometry")
        }
    }

    // MARK: - Private

    private static func feature(_ json: JSONValue, index: Int?) throws(GeoError) -> Feature {
        guard case .object(let members) = json else {
            let error = GeoError(.invalidContent, "expected a Feature object, got \(json.typeName)")
            throw index.map { error.inFeature($0, label: nil) } ?? error
        }
        var feature = Feature(index: index, id: members["id"], geometry: nil, properties: [:])
        do throws(GeoError) {
            switch members["properties"] {
            case nil, .null?: break
            case .object(let properties)?: feature.properties = properties
            case let other?:
                throw GeoError(.invalidContent, "'properties' must be an object or null, got \(other.typeName)")
            }
            let type = try typeName(of: members, what: "feature")
            guard type == "Feature" else {
                throw GeoError(.invalidContent, "expected type 'Feature', got \(Excerpt.quoted(type))")
            }
            switch members["geometry"] {
            case nil, .null?: break
            case let geometry?: feature.geometry = try Geometry(json: geometry)
            }
        } catch {
            throw feature.locate(error)
        }
        return feature
    }

    /// The `type` member, which every GeoJSON object must have as a string.
    private static func typeName(of members: [String: JSONValue], what: String) throws(GeoError) -> String {
        guard let value = members["type"] else {
            throw GeoError(.invalidContent, "\(what) has no 'type'")
        }
        guard case .string(let name) = value else {
            throw GeoError(.invalidContent, "'type' must be a string, got \(value.typeName)")
        }
        return name
    }
}
