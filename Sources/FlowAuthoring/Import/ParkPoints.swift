import FlowKit
import Formats
import GeoKit

/// What `flowrun new park` does with points that lie outside the park's boundary: leave
/// them out (counted in a note, the default), or keep them.
public enum OutsidePoints: String, Sendable, CaseIterable {
    case drop, keep
}

/// The points of a park from a points file, GeoJSON or CSV, wherever they are: all of a
/// park's own file, or its share of a file of many parks, taken by a park column
/// (`park`, `unit_code`) where the file has one, else by the park's boundary. What is
/// taken becomes the park's `sites.geojson`; what is left out is said, not dropped silently.
struct ParkPoints {
    /// The sites.geojson bytes: the file's own when it is all the park's GeoJSON, else a
    /// FeatureCollection of the points taken (compact, keys sorted).
    var geoJSON: [UInt8]
    /// How many points the file has and how many were taken.
    var total: Int
    var taken: Int
    /// How many points lie outside the boundary (left out or kept, as asked).
    var outsideCount = 0
    /// What the author should know: points left out, and why.
    var notes: [String] = []

    static let parkKeys = ["park", "unit_code", "park_code", "parkcode"]
    static let columns = (
        id: ["id", "site_id", "feature_id"], name: ["name", "feature_name"], category: ["category", "class", "type"],
        lat: ["lat", "latitude", "y"], lon: ["lon", "lng", "long", "longitude", "x"], description: ["description", "desc"],
        source: ["source"]
    )

    /// Reads `bytes` (the file `path`), taking park `code`'s points.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming `path` and the line (CSV) or the
    ///   feature (GeoJSON): no header, a column missing, a coordinate that is no number or out
    ///   of range, an empty id, name or category, an id used twice; and when no point is taken.
    init(bytes: [UInt8], path: String, code: String, boundary: Boundary?, outside policy: OutsidePoints = .drop) throws(FlowError) {
        let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF })
        if first == UInt8(ascii: "{") {
            try self.init(geoJSON: bytes, path: path, code: code, boundary: boundary, outside: policy)
        } else {
            try self.init(csv: bytes, path: path, code: code, boundary: boundary, outside: policy)
        }
    }

    private init(csv bytes: [UInt8], path: String, code: String, boundary: Boundary?, outside policy: OutsidePoints) throws(FlowError) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidContent("\(path): not UTF-8 text") }
        let table: CSVTable
        do { table = try CSVTable(text: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, file: path) } catch {
            throw .invalidContent(error.description)
        }
        let c = Self.columns
        func required(_ names: [String]) throws(FlowError) -> Int {
            guard let index = table.column(names) else {
                throw .invalidContent(
                    "\(path): no column '\(names[0])' in the header (\(table.columns.joined(separator: ","))); a points file has id, name, category, lat and lon"
                )
            }
            return index
        }
        let (id, name, category, lat, lon) = (try required(c.id), try required(c.name), try required(c.category), try required(c.lat), try required(c.lon))
        let description = table.column(c.description), source = table.column(c.source), park = table.column(Self.parkKeys)
        var seen: [String: Int] = [:]
        var features: [String] = []
        var outside: [(line: Int, id: String)] = []
        for record in table.records {
            let f = record.fields
            let at = "\(path):\(record.line)"
            for (index, label) in [(id, "id"), (name, "name"), (category, "category")] where f[index].trimmingWhitespace().isEmpty {
                throw .invalidContent("\(at): empty \(label); every point has an id, a name and a category")
            }
            if let park, f[park].trimmingWhitespace().uppercased() != code { continue }
            guard let latitude = NumberText.decimal(f[lat]), (-90...90).contains(latitude) else {
                let swapped = NumberText.decimal(f[lon]).map { (-90...90).contains($0) } == true && NumberText.decimal(f[lat]) != nil
                throw .invalidContent(
                    "\(at): lat \(Excerpt.quoted(f[lat])) is not a latitude (a number from -90 to 90)\(swapped ? "; are the lat and lon columns swapped?" : "")"
                )
            }
            guard let longitude = NumberText.decimal(f[lon]), (-180...180).contains(longitude) else {
                throw .invalidContent("\(at): lon \(Excerpt.quoted(f[lon])) is not a longitude (a number from -180 to 180)")
            }
            let siteID = f[id].trimmingWhitespace()
            if let earlier = seen[siteID] { throw .invalidContent("\(at): id \(Excerpt.quoted(siteID)) is already on line \(earlier); ids are unique") }
            seen[siteID] = record.line
            if park == nil, let boundary, !boundary.contains(Coordinate(latitude: latitude, longitude: longitude)) {
                outside.append((record.line, siteID))
                if policy == .drop { continue }
            }
            var properties: [String: JSONValue] = [
                "id": .string(siteID), "name": .string(ParkAttributes.tidy(f[name])), "category": .string(f[category].trimmingWhitespace()),
            ]
            if let description, !f[description].trimmingWhitespace().isEmpty { properties["description"] = .string(f[description].trimmingWhitespace()) }
            if let source, !f[source].trimmingWhitespace().isEmpty { properties["source"] = .string(f[source].trimmingWhitespace()) }
            features.append(Self.feature(properties: .object(properties), lon: f[lon].trimmingWhitespace(), lat: f[lat].trimmingWhitespace()))
        }
        geoJSON = Array(Self.collection(features).utf8)
        total = table.records.count
        taken = features.count
        try check(path: path, code: code, byParkColumn: park != nil, outside: outside.map { "line \($0.line), id \(Excerpt.quoted($0.id))" }, policy: policy)
    }

    private init(geoJSON bytes: [UInt8], path: String, code: String, boundary: Boundary?, outside policy: OutsidePoints) throws(FlowError) {
        // Read as sites first: every rule sites.geojson has (Points, ids, categories) holds here too.
        let catalog: SiteCatalog
        do { catalog = try SiteCatalog(geoJSON: bytes, displayPath: path) } catch { throw .invalidContent(error.description) }
        let json: JSONValue
        do {
            json = try bytes.withUnsafeBufferPointer { buffer throws(FormatError) in try JSONScanner.document(buffer, file: path) }
        } catch {
            throw .invalidContent(error.description)
        }
        let items = json["features"]?.arrayValue ?? []
        total = catalog.sites.count
        var kept: [String] = []
        var outside: [String] = []
        var tagged = false
        let sitesByID = Dictionary(catalog.sites.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, item) in items.enumerated() {
            let properties = item["properties"]?.objectValue ?? [:]
            if let (_, value) = properties.first(where: { Self.parkKeys.contains($0.key.lowercased()) }) {
                tagged = true
                if value.stringValue?.trimmingWhitespace().uppercased() != code { continue }
            } else if let boundary, let site = properties["id"]?.stringValue.flatMap({ sitesByID[$0] }), !boundary.contains(site.coordinate) {
                outside.append("feature \(index), id \(Excerpt.quoted(site.id))")
                if policy == .drop { continue }
            }
            kept.append(item.description)
        }
        taken = kept.count
        // All of the file is the park's: its own bytes, as given.
        geoJSON = taken == items.count ? bytes : Array(Self.collection(kept).utf8)
        try check(path: path, code: code, byParkColumn: tagged, outside: outside, policy: policy)
    }

    /// Says what was left out, and refuses a file none of whose points is the park's.
    private mutating func check(path: String, code: String, byParkColumn: Bool, outside: [String], policy: OutsidePoints) throws(FlowError) {
        outsideCount = outside.count
        if taken == 0 {
            let why =
                byParkColumn
                ? "none of its \(total) points has park \(code) (its park column names the park each point is in)"
                : outside.isEmpty ? "it has no points" : "none of its \(total) points lies inside the park's boundary (are lat and lon the right way round?)"
            throw .invalidContent("\(path): \(why)")
        }
        if !outside.isEmpty {
            let shown = outside.prefix(3).joined(separator: "; ") + (outside.count > 3 ? "; …" : "")
            switch policy {
            case .drop:
                notes.append(
                    "left out \(outside.count) of \(total) points of \(path) that lie outside the park's boundary (\(shown)); --outside keep keeps them")
            case .keep:
                notes.append("kept \(outside.count) of \(total) points of \(path) that lie outside the park's boundary (\(shown))")
            }
        }
    }

    private static func feature(properties: JSONValue, lon: String, lat: String) -> String {
        // The coordinates as the file writes them: no digit gained or lost on the way.
        #"{"geometry":{"coordinates":["# + lon + "," + lat + #"],"type":"Point"},"properties":"# + properties.description + #","type":"Feature"}"#
    }

    private static func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":["# + "\n" + features.joined(separator: ",\n") + "\n]}\n"
    }
}
