import Foundation
import GeoKit

/// `flowbench cluster-query`: builds a ClusterIndex from a points file and prints one query's
/// items as JSON, sorted by position, so they can be compared with any other library's.
enum ClusterQueryCommand {
    static let usage = """
    USAGE: flowbench cluster-query --points FILE --bbox W,S,E,N --zoom Z
                                   [--radius R] [--extent E] [--min-zoom Z] [--max-zoom Z] [--min-points N]

    Prints the clusters and points of one query as a JSON array, one item a line:
      {"type": "cluster"|"point", "id": N, "coordinates": [lon, lat], "count": N, "expansion_zoom": Z}
    (expansion_zoom for clusters only), sorted by longitude, latitude, count, type, id.
    FILE is .f64 (little-endian float64 lon,lat pairs) or .geojson (Point or MultiPoint features).
    Options default to supercluster's: radius 40, extent 512, zoom 0-16, minPoints 2.
    Exit status 2 with a message for bad arguments, an unreadable file or bad points.
    """

    static func run(_ arguments: [String]) throws(BenchError) {
        let args = try ClusterArguments(arguments, valued: ["--points", "--bbox", "--zoom", "--radius", "--extent",
                                                            "--min-zoom", "--max-zoom", "--min-points"],
                                        switches: ["-h", "--help"])
        if args.has("-h") || args.has("--help") {
            print(usage)
            return
        }
        guard let path = args.string("--points") else { throw .usage("cluster-query needs --points FILE") }
        guard let bboxText = args.string("--bbox") else { throw .usage("cluster-query needs --bbox W,S,E,N") }
        guard let zoom = try args.int("--zoom", range: 0...ClusterOptions.zoomLimit) else {
            throw .usage("cluster-query needs --zoom Z")
        }
        let parts = bboxText.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3] else {
            throw .usage("--bbox expects four numbers W,S,E,N (degrees), got '\(bboxText)'")
        }
        var options = ClusterOptions()
        options.radius = try args.double("--radius") ?? options.radius
        options.extent = try args.double("--extent") ?? options.extent
        options.minZoom = try args.int("--min-zoom", range: 0...ClusterOptions.zoomLimit) ?? options.minZoom
        options.maxZoom = try args.int("--max-zoom", range: 0...ClusterOptions.zoomLimit) ?? options.maxZoom
        options.minPoints = try args.int("--min-points", range: 2...Int(Int32.max)) ?? options.minPoints

        let points = try load(path)
        let items: [ClusterItem]
        let index: ClusterIndex
        do {
            index = try ClusterIndex(longitudes: points.longitudes, latitudes: points.latitudes, options: options)
            items = try index.clusters(in: BoundingBox(west: w, south: s, east: e, north: n), zoom: zoom)
        } catch {
            throw .usage("\(path): \(error.description)")
        }
        let sorted = items.sorted { a, b in
            if a.longitude != b.longitude { return a.longitude < b.longitude }
            if a.latitude != b.latitude { return a.latitude < b.latitude }
            if a.count != b.count { return a.count < b.count }
            if a.isCluster != b.isCluster { return a.isCluster }
            return a.id < b.id
        }
        var lines: [String] = []
        lines.reserveCapacity(sorted.count)
        for item in sorted {
            var line = "{\"type\": \"\(item.isCluster ? "cluster" : "point")\", \"id\": \(item.id), "
            line += "\"coordinates\": [\(number(item.longitude)), \(number(item.latitude))], \"count\": \(item.count)"
            if item.isCluster, let z = try? index.expansionZoom(of: item.id) { line += ", \"expansion_zoom\": \(z)" }
            lines.append(line + "}")
        }
        print(lines.isEmpty ? "[]" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]")
    }

    /// A JSON number: shortest round-trip digits (as Python's repr), never NaN/inf (points are checked).
    private static func number(_ x: Double) -> String { x.description }

    private static func load(_ path: String) throws(BenchError) -> PointColumns {
        let lower = path.lowercased()
        if lower.hasSuffix(".f64") { return try PointColumns.readF64(path) }
        guard lower.hasSuffix(".geojson") || lower.hasSuffix(".json") else {
            throw .usage("\(path): expected a .f64 or .geojson file")
        }
        // GeoKit's reader first: sites files (Points with id and name), with line:column errors.
        do {
            let catalog = try SiteCatalog(contentsOf: URL(fileURLWithPath: path), displayPath: path)
            return PointColumns(longitudes: catalog.sites.map(\.coordinate.longitude),
                                latitudes: catalog.sites.map(\.coordinate.latitude))
        } catch where error.kind != .invalidContent {
            throw .usage(error.description)
        } catch {
            // Valid JSON that is not a sites file (no ids or names, MultiPoint, …): read coordinates directly.
            return try readCoordinates(path)
        }
    }

    /// Positions of Point and MultiPoint geometries of a FeatureCollection, a Feature or a geometry.
    private static func readCoordinates(_ path: String) throws(BenchError) -> PointColumns {
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? JSONSerialization.jsonObject(with: data) else {
            throw .usage("\(path): cannot read the file as JSON")
        }
        var columns = PointColumns(longitudes: [], latitudes: [])
        func position(_ value: Any?, _ label: String) throws(BenchError) {
            guard let array = value as? [Any], array.count >= 2,
                  let lon = (array[0] as? NSNumber)?.doubleValue, let lat = (array[1] as? NSNumber)?.doubleValue else {
                throw .usage("\(path): \(label): coordinates must be [longitude, latitude] numbers")
            }
            columns.longitudes.append(lon)
            columns.latitudes.append(lat)
        }
        func geometry(_ value: Any?, _ label: String) throws(BenchError) {
            guard let object = value as? [String: Any], let type = object["type"] as? String else {
                throw .usage("\(path): \(label): geometry is missing or has no type")
            }
            switch type {
            case "Point": try position(object["coordinates"], label)
            case "MultiPoint":
                guard let list = object["coordinates"] as? [Any] else {
                    throw .usage("\(path): \(label): MultiPoint coordinates must be an array")
                }
                for (i, p) in list.enumerated() { try position(p, "\(label), position \(i)") }
            default: throw .usage("\(path): \(label): geometry type \(type) is not Point or MultiPoint")
            }
        }
        guard let object = root as? [String: Any], let type = object["type"] as? String else {
            throw .usage("\(path): not a GeoJSON object (no \"type\")")
        }
        switch type {
        case "FeatureCollection":
            guard let features = object["features"] as? [Any] else { throw .usage("\(path): FeatureCollection without a features array") }
            for (i, feature) in features.enumerated() {
                guard let f = feature as? [String: Any] else { throw .usage("\(path): feature \(i): not an object") }
                try geometry(f["geometry"], "feature \(i)")
            }
        case "Feature": try geometry(object["geometry"], "feature")
        default: try geometry(object, "geometry")
        }
        return columns
    }
}
