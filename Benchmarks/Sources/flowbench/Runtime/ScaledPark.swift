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
            try Self.write(Data(contentsOf: file), scaledTo: sites, park: park, to: file.path)
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

    /// Writes the feature collection `data` with `count` features to `path`, a feature at a
    /// time: a benchmark's own peak memory is where a spawned child's peak starts (Linux), so
    /// the copy is never held whole.
    private static func write(_ data: Data, scaledTo count: Int, park: String, to path: String) throws(BenchError) {
        guard let collection = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let features = collection["features"] as? [[String: Any]], !features.isEmpty
        else { throw .setup("scaled park: parks/\(park)/sites.geojson has no features to copy") }
        guard let out = FileHandle(forWritingAtPath: path) else { throw .setup("scaled park: cannot write \(path)") }
        defer { try? out.close() }
        do {
            try out.truncate(atOffset: 0)
            try out.write(contentsOf: Data("{\"type\":\"FeatureCollection\",\"features\":[".utf8))
            var random = SplitMix64(seed: 32)
            var batch = Data()
            for n in 0..<count {
                var feature = features[n % features.count]
                if n >= features.count {
                    guard var geometry = feature["geometry"] as? [String: Any], let point = geometry["coordinates"] as? [Double],
                        point.count >= 2, var properties = feature["properties"] as? [String: Any]
                    else {
                        throw BenchError.setup("scaled park: parks/\(park)/sites.geojson: feature \(n % features.count + 1) is not a point with properties")
                    }
                    // ~0.003° is ~300 m: copies stay near the site they copy, inside the same park.
                    geometry["coordinates"] = [point[0] + random.uniform(-0.003, 0.003), point[1] + random.uniform(-0.003, 0.003)]
                    properties["id"] = "bench:\(park.lowercased()):\(n + 1)"
                    properties["name"] = "\(properties["name"] as? String ?? "Site") \(n / features.count + 1)"
                    feature["geometry"] = geometry
                    feature["properties"] = properties
                }
                if n > 0 { batch.append(contentsOf: Array(",".utf8)) }
                batch.append(try JSONSerialization.data(withJSONObject: feature, options: [.sortedKeys]))
                if batch.count > 1 << 20 {
                    try out.write(contentsOf: batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            batch.append(contentsOf: Array("]}".utf8))
            try out.write(contentsOf: batch)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .setup("scaled park: cannot write \(count) sites to \(path): \(error.localizedDescription)")
        }
    }
}
