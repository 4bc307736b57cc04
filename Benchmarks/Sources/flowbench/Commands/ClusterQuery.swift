import ArgumentParser
import Foundation
import GeoKit

extension Flowbench {
    /// `flowbench cluster-query`: builds a ClusterIndex from a points file and prints one query's
    /// items as JSON, sorted by position, so they can be compared with any other library's.
    struct ClusterQuery: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cluster-query",
            abstract: "Print one query's clusters and points as JSON, to compare with any other library's.",
            discussion: """
                Builds a ClusterIndex from FILE and prints the items of one query as a JSON array, one item a line:
                  {"type": "cluster"|"point", "id": N, "coordinates": [lon, lat],
                   "count": N, "expansion_zoom": Z}
                (expansion_zoom for clusters only), sorted by longitude, latitude, count, type, id. FILE is .f64 \
                (little-endian float64 lon,lat pairs) or .geojson (Point or MultiPoint features). Options default \
                to supercluster's: radius 40, extent 512, zoom 0-16, minPoints 2.
                Example:
                  flowbench cluster-query --points parks/GOGA/sites.geojson \\
                    --bbox -122.52,37.74,-122.40,37.82 --zoom 14
                Exits 2 with a message for bad arguments, an unreadable file or bad points.
                """)

        @Option(parsing: .unconditional, help: ArgumentHelp("The points: .f64 or .geojson.", valueName: "file"))
        var points: String

        @Option(
            parsing: .unconditional, help: ArgumentHelp("The query box in degrees, e.g. -122.52,37.74,-122.40,37.82.", valueName: "w,s,e,n"),
            transform: Self.box)
        var bbox: BoundingBox

        @Option(parsing: .unconditional, help: ArgumentHelp("The query's zoom.", valueName: "z"))
        var zoom: Int

        @Option(parsing: .unconditional, help: ArgumentHelp("Cluster radius in pixels of the tile extent.", valueName: "r"))
        var radius = ClusterOptions().radius

        @Option(parsing: .unconditional, help: ArgumentHelp("Tile extent in pixels.", valueName: "e"))
        var extent = ClusterOptions().extent

        @Option(parsing: .unconditional, help: ArgumentHelp("Least zoom clustered.", valueName: "z"))
        var minZoom = ClusterOptions().minZoom

        @Option(parsing: .unconditional, help: ArgumentHelp("Greatest zoom clustered.", valueName: "z"))
        var maxZoom = ClusterOptions().maxZoom

        @Option(parsing: .unconditional, help: ArgumentHelp("Fewest points that form a cluster.", valueName: "n"))
        var minPoints = ClusterOptions().minPoints

        @Sendable static func box(_ text: String) throws -> BoundingBox {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, let w = parts[0], let s = parts[1], let e = parts[2], let n = parts[3] else {
                throw ValidationError("expected four numbers W,S,E,N (degrees)")
            }
            return BoundingBox(west: w, south: s, east: e, north: n)
        }

        func validate() throws {
            try CommandLineValues.wholeNumber("--zoom", zoom, in: 0...ClusterOptions.zoomLimit)
            try CommandLineValues.finite("--radius", radius)
            try CommandLineValues.finite("--extent", extent)
            try CommandLineValues.wholeNumber("--min-zoom", minZoom, in: 0...ClusterOptions.zoomLimit)
            try CommandLineValues.wholeNumber("--max-zoom", maxZoom, in: 0...ClusterOptions.zoomLimit)
            try CommandLineValues.wholeNumber("--min-points", minPoints, in: 2...Int(Int32.max))
        }

        func run() throws {
            let options = ClusterOptions(radius: radius, extent: extent, minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints)
            let columns = try Self.load(points)
            let items: [ClusterItem]
            let index: ClusterIndex
            do {
                index = try ClusterIndex(longitudes: columns.longitudes, latitudes: columns.latitudes, options: options)
                items = try index.clusters(in: bbox, zoom: zoom)
            } catch {
                throw BenchError.badInput("\(points): \(error.description)")
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
                line += "\"coordinates\": [\(Self.number(item.longitude)), \(Self.number(item.latitude))], \"count\": \(item.count)"
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
                throw .badInput("\(path): expected a .f64 or .geojson file")
            }
            // GeoKit's reader first: sites files (Points with id and name), with line:column errors.
            do {
                let catalog = try SiteCatalog(contentsOf: URL(fileURLWithPath: path), displayPath: path)
                return PointColumns(
                    longitudes: catalog.sites.map(\.coordinate.longitude),
                    latitudes: catalog.sites.map(\.coordinate.latitude))
            } catch  where error.kind != .invalidContent {
                throw .badInput(error.description)
            } catch {
                // Valid JSON that is not a sites file (no ids or names, MultiPoint, …): read coordinates directly.
                return try readCoordinates(path)
            }
        }

        /// Positions of Point and MultiPoint geometries of a FeatureCollection, a Feature or a geometry.
        private static func readCoordinates(_ path: String) throws(BenchError) -> PointColumns {
            guard let data = FileManager.default.contents(atPath: path),
                let root = try? JSONSerialization.jsonObject(with: data)
            else {
                throw .badInput("\(path): cannot read the file as JSON")
            }
            var columns = PointColumns(longitudes: [], latitudes: [])
            func position(_ value: Any?, _ label: String) throws(BenchError) {
                guard let array = value as? [Any], array.count >= 2,
                    let lon = (array[0] as? NSNumber)?.doubleValue, let lat = (array[1] as? NSNumber)?.doubleValue
                else {
                    throw .badInput("\(path): \(label): coordinates must be [longitude, latitude] numbers")
                }
                columns.longitudes.append(lon)
                columns.latitudes.append(lat)
            }
            func geometry(_ value: Any?, _ label: String) throws(BenchError) {
                guard let object = value as? [String: Any], let type = object["type"] as? String else {
                    throw .badInput("\(path): \(label): geometry is missing or has no type")
                }
                switch type {
                case "Point": try position(object["coordinates"], label)
                case "MultiPoint":
                    guard let list = object["coordinates"] as? [Any] else {
                        throw .badInput("\(path): \(label): MultiPoint coordinates must be an array")
                    }
                    for (i, p) in list.enumerated() { try position(p, "\(label), position \(i)") }
                default: throw .badInput("\(path): \(label): geometry type \(type) is not Point or MultiPoint")
                }
            }
            guard let object = root as? [String: Any], let type = object["type"] as? String else {
                throw .badInput("\(path): not a GeoJSON object (no \"type\")")
            }
            switch type {
            case "FeatureCollection":
                guard let features = object["features"] as? [Any] else { throw .badInput("\(path): FeatureCollection without a features array") }
                for (i, feature) in features.enumerated() {
                    guard let f = feature as? [String: Any] else { throw .badInput("\(path): feature \(i): not an object") }
                    try geometry(f["geometry"], "feature \(i)")
                }
            case "Feature": try geometry(object["geometry"], "feature")
            default: try geometry(object, "geometry")
            }
            return columns
        }
    }
}
