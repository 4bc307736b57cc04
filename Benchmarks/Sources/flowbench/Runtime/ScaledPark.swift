import BenchData
import Foundation

/// A temporary copy of the project whose park has `sites` sites, so `flowbench warm --sites`
/// times the same flows over a park of any size. The park's own sites come first; the rest
/// are copies of them in turn, each moved up to ~300 m by SplitMix64 (seed 32) and given an
/// id and name of its own, so every run of the benchmark sees the same park. Fewer sites than
/// the park has keeps the first ones. Removed by `remove()`.
struct ScaledPark {
    /// The copy's folder (holds `flows/` and `parks/`).
    let path: String

    /// Copies `flows/`, `parks/defaults.lua` and the folders of `parks` from `root`, then
    /// writes `parks/<park>/sites.geojson` with `sites` sites.
    /// - Throws: `BenchError.setup` naming what could not be copied or read.
    init(root: String, park: String, sites: Int, alongside parks: [String]) throws(BenchError) {
        let fm = FileManager.default
        let base = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        let staged = fm.temporaryDirectory.appendingPathComponent("flowbench-sites-\(getpid())-\(sites)")
        path = staged.path
        do {
            try? fm.removeItem(at: staged)
            try fm.createDirectory(at: staged.appendingPathComponent("parks"), withIntermediateDirectories: true)
            for relative in ["flows", "parks/defaults.lua"] + Set([park] + parks).sorted().map({ "parks/\($0)" }) {
                try fm.copyItem(at: base.appendingPathComponent(relative), to: staged.appendingPathComponent(relative))
            }
            let file = staged.appendingPathComponent("parks/\(park)/sites.geojson")
            let scaled = try Self.scaled(Data(contentsOf: file), to: sites, park: park)
            try scaled.write(to: file)
        } catch let error as BenchError {
            try? fm.removeItem(at: staged)
            throw error
        } catch {
            try? fm.removeItem(at: staged)
            throw .setup("warm --sites: cannot stage a copy of \(base.path) in \(staged.path): \(error.localizedDescription)")
        }
    }

    /// How many sites park `park` of the project at `root` has.
    /// - Throws: `BenchError.setup` when its sites file cannot be read.
    static func siteCount(root: String, park: String) throws(BenchError) -> Int {
        let file = URL(fileURLWithPath: root).appendingPathComponent("parks/\(park)/sites.geojson")
        guard let data = try? Data(contentsOf: file), let collection = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let features = collection["features"] as? [Any]
        else { throw .setup("scale: cannot read the features of \(file.path)") }
        return features.count
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The feature collection `data` with `count` features.
    private static func scaled(_ data: Data, to count: Int, park: String) throws(BenchError) -> Data {
        guard let collection = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let features = collection["features"] as? [[String: Any]], !features.isEmpty
        else { throw .setup("warm --sites: parks/\(park)/sites.geojson has no features to copy") }
        var random = SplitMix64(seed: 32)
        var out = Array(features.prefix(count))
        out.reserveCapacity(count)
        while out.count < count {
            let n = out.count
            var feature = features[n % features.count]
            guard var geometry = feature["geometry"] as? [String: Any], let point = geometry["coordinates"] as? [Double],
                point.count >= 2, var properties = feature["properties"] as? [String: Any]
            else { throw .setup("warm --sites: parks/\(park)/sites.geojson: feature \(n % features.count + 1) is not a point with properties") }
            // ~0.003° is ~300 m: copies stay near the site they copy, inside the same park.
            geometry["coordinates"] = [point[0] + random.uniform(-0.003, 0.003), point[1] + random.uniform(-0.003, 0.003)]
            properties["id"] = "bench:\(park.lowercased()):\(n + 1)"
            properties["name"] = "\(properties["name"] as? String ?? "Site") \(n / features.count + 1)"
            feature["geometry"] = geometry
            feature["properties"] = properties
            out.append(feature)
        }
        var result = collection
        result["features"] = out
        guard let written = try? JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]) else {
            throw .setup("warm --sites: cannot write \(count) sites as GeoJSON")
        }
        return written
    }
}
