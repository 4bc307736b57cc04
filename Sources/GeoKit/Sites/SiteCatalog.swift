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

/// The sites of a park, read from a GeoJSON FeatureCollection of Points, in file order.
///
/// Rules, each broken one an error naming the file and feature (0-based index, name or id):
/// every feature is a Point; `id` (the feature's own, else `properties.id`; a string or an
/// integer) is present, non-empty and unique; `properties.name` is a non-empty string;
/// `category`, when present, is a string (`"other"` when missing, null or empty);
/// `description`, when present, is a string or null; `rating`, `fee` and `address`, when
/// present, follow ``SiteFacts``' rules.
public struct SiteCatalog: Sendable {
    /// The sites in file order.
    public let sites: [Site]
    /// Index of each site in ``sites`` by id.
    private let positionByID: [String: Int]

    /// Reads a sites file.
    /// - Parameters:
    ///   - url: The file's `file:` URL.
    ///   - displayPath: The path shown in errors, e.g. `parks/GOGA/sites.geojson`.
    /// - Throws: ``GeoError``: unreadable file, malformed JSON (with line and column), or a
    ///   broken rule, as `parks/GOGA/sites.geojson: feature 7 ('Alcatraz'): latitude 137.8
    ///   out of range [-90, 90]`.
    public init(contentsOf url: URL, displayPath: String) throws(GeoError) {
        let bytes = try GeoError.lifting { () throws(FormatError) in try FileReader.bytes(of: url, file: displayPath) }
        try self.init(geoJSON: bytes, displayPath: displayPath)
    }

    /// Reads sites from GeoJSON bytes (a `String`'s `utf8`, `Data`, `[UInt8]`).
    /// - Parameters:
    ///   - bytes: UTF-8 GeoJSON text.
    ///   - displayPath: The path shown in errors.
    /// - Throws: ``GeoError`` as ``init(contentsOf:displayPath:)`` does.
    public init(geoJSON bytes: some Collection<UInt8>, displayPath: String) throws(GeoError) {
        self = try bytes.withContiguousBytes { buffer throws(GeoError) in
            // A clean collection of points, as park files are, reads straight into sites
            // (SiteStream); anything else, every broken rule included, the general way.
            if let sites = SiteStream.sites(in: buffer), let catalog = SiteCatalog(distinct: sites) { return catalog }
            return try SiteCatalog(generalJSON: buffer, displayPath: displayPath)
        }
    }

    /// Reads sites through the general GeoJSON reader: a JSON tree, then features, then sites.
    init(generalJSON bytes: UnsafeBufferPointer<UInt8>, displayPath: String) throws(GeoError) {
        let document = try GeoJSONReader.read(bytes, file: displayPath)
        do throws(GeoError) {
            try self.init(document)
        } catch {
            throw error.inFile(displayPath)
        }
    }

    /// A catalog of `sites`, or nil when two share an id.
    private init?(distinct sites: [Site]) {
        var positionByID: [String: Int] = [:]
        positionByID.reserveCapacity(sites.count)
        for (position, site) in sites.enumerated() {
            guard positionByID.updateValue(position, forKey: site.id) == nil else { return nil }
        }
        self.sites = sites
        self.positionByID = positionByID
    }

    /// The site with this id, if any.
    /// - Parameter id: A site id such as `nps-poi:goga:0005`.
    public func site(withID id: String) -> Site? {
        positionByID[id].map { sites[$0] }
    }

    // MARK: - Private

    private init(_ document: GeoJSONReader.Document) throws(GeoError) {
        guard document.root == .featureCollection else {
            let got = document.root == .feature ? "a Feature" : "a bare geometry"
            throw GeoError(.invalidContent, "a sites file must be a FeatureCollection, got \(got)")
        }
        var sites: [Site] = []
        var positionByID: [String: Int] = [:]
        sites.reserveCapacity(document.features.count)
        positionByID.reserveCapacity(document.features.count)
        for feature in document.features {
            do throws(GeoError) {
                let site = try Self.site(from: feature)
                if let earlier = positionByID[site.id] {
                    let other = document.features[earlier]
                    let otherName = other.label.map { " ('\($0)')" } ?? ""
                    throw GeoError(
                        .invalidContent,
                        "duplicate id '\(site.id)', first used by feature \((other.index ?? earlier) + 1)\(otherName)")
                }
                positionByID[site.id] = sites.count
                sites.append(site)
            } catch {
                throw feature.locate(error)
            }
        }
        self.sites = sites
        self.positionByID = positionByID
    }

    private static func site(from feature: Feature) throws(GeoError) -> Site {
        guard let geometry = feature.geometry else {
            throw GeoError(.invalidContent, "geometry is null, expected a Point")
        }
        guard case .point(let position) = geometry else {
            throw GeoError(.invalidContent, "geometry must be a Point, got \(geometry.typeName)")
        }
        // One pass: the four properties a site reads, and the others as they are (a copy of
        // the whole dictionary less four keys cost as much as the rest of reading a site).
        var properties = SiteProperties(capacity: feature.properties.count)
        for (key, value) in feature.properties { properties.set(key, value) }
        return try site(featureID: feature.id, properties, position: position)
    }

    /// A feature's `properties`, the four a site reads apart from the others.
    struct SiteProperties {
        var id, name, category, description: JSONValue?
        var others: [String: JSONValue]

        init(capacity: Int = 0) { others = .init(minimumCapacity: capacity) }

        /// Sets property `key`: a key given twice keeps its last value, as in a JSON object.
        mutating func set(_ key: String, _ value: JSONValue) {
            switch key {
            case "id": id = value
            case "name": name = value
            case "category": category = value
            case "description": description = value
            default: others[key] = value
            }
        }
    }

    /// The site a Point feature makes, by the rules in the type's documentation.
    /// - Parameters:
    ///   - featureID: the feature's own `id` member; `properties.id` counts when it is absent.
    static func site(featureID: JSONValue?, _ properties: SiteProperties, position: Position) throws(GeoError) -> Site {
        let id = try identifier(featureID ?? properties.id)
        let name = try string(properties.name, key: "name")
        guard let name else { throw GeoError(.invalidContent, "missing 'name'") }
        guard !name.isBlank else { throw GeoError(.invalidContent, "'name' is empty") }
        let category = try string(properties.category, key: "category")
        let description = try string(properties.description, key: "description")
        try SiteFacts.check(properties.others)
        return Site(
            id: id, name: name, category: category.flatMap { $0.isBlank ? nil : $0 } ?? "other",
            description: description, coordinate: position.coordinate, properties: properties.others)
    }

    private static func identifier(_ value: JSONValue?) throws(GeoError) -> String {
        switch value {
        case nil, .null?:
            throw GeoError(.invalidContent, "missing 'id'")
        case .string(let text)?:
            guard !text.isBlank else { throw GeoError(.invalidContent, "'id' is empty") }
            return text
        case .number(let number)? where number == number.rounded() && abs(number) < 1e15:
            return GeoError.text(number)
        case let other?:
            throw GeoError(.invalidContent, "'id' must be a string or an integer, got \(other.snippet())")
        }
    }

    /// An optional string property; null counts as missing.
    private static func string(_ value: JSONValue?, key: String) throws(GeoError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw GeoError(.invalidContent, "'\(key)' must be a string, got \(other.typeName)")
        }
    }
}
