import Foundation
import GeoKit

/// `flowbench cluster`: the ClusterIndex against pysupercluster on the reference datasets
/// (Benchmarks/reference/cluster, from the shared bench): builds, peak memory, six queries,
/// equivalence, insert/remove.
struct ClusterBench {
    static let datasets = ["park_10k", "park_100k", "world_1m"]
    static let options = ClusterOptions(radius: 40, extent: 512, minZoom: 0, maxZoom: 16, minPoints: 2)
    static let world = BoundingBox(west: -180, south: -90, east: 180, north: 90)
    static let parkBox = BoundingBox(west: -122.52, south: 37.74, east: -122.40, north: 37.82)
    static let queries: [(name: String, box: BoundingBox, zoom: Int)] = [
        ("world_z0", world, 0), ("world_z4", world, 4), ("world_z8", world, 8),
        ("park_z12", parkBox, 12), ("park_z14", parkBox, 14), ("park_z16", parkBox, 16),
    ]

    struct Query {
        var name: String
        var medianMicros: Double
        var minMicros: Double
        var samples: Int
        var batch: Int
        var items = 0, clusters = 0, points = 0
    }

    struct Update {
        var firstInsertMicros: Double
        var inserts: Samples
        var removes: Samples
    }

    struct Dataset {
        var name: String
        var count: Int
        var firstBuildMs: Double
        var buildsMs: Samples
        var baseKiB = 0, peakKiB = 0
        var queries: [Query] = []
        var levelItems: [Int] = []
        /// Empty when everything matches expected_counts_f64.json.
        var differences: [String] = []
        var update: Update?
    }

    /// The dataset folder, absolute (park_10k.f64, park_100k.f64, world_1m.f64).
    let dataDir: String
    /// The cluster reference folder, absolute (gen_data.py, bench_pysupercluster.py,
    /// expected_counts_f64.json, results/): Benchmarks/reference/cluster unless --shared says otherwise.
    let sharedDir: String
    /// pysupercluster's venv, absolute.
    let venvDir: String
    /// Fresh builds per dataset, and pysupercluster processes.
    let runs: Int
    /// Runs pysupercluster in this run; else the reference is results/summary.txt.
    let withPython: Bool
    /// Only the like-for-like build comparison (``ClusterBuildComparison``), on ``buildDatasets``.
    var buildsOnly = false
    /// The datasets of the like-for-like build comparison.
    var buildDatasets = ClusterBench.datasets

    func file(_ dataset: String) -> String { dataDir + "/" + dataset + ".f64" }

    // MARK: - Running

    func run() throws(BenchError) {
        let fm = FileManager.default
        guard fm.fileExists(atPath: sharedDir + "/expected_counts_f64.json") else {
            throw .setup(
                "the cluster reference folder \(sharedDir) is absent (no expected_counts_f64.json); "
                    + "it is Benchmarks/reference/cluster in the repository, or pass --shared DIR")
        }
        let expected = try Expected(path: sharedDir + "/expected_counts_f64.json")
        if Self.datasets.contains(where: { !fm.fileExists(atPath: file($0)) }) {
            progress("generating datasets: python3 \(sharedDir)/gen_data.py \(dataDir)")
            try ChildProcess.check(
                "generating the datasets (needs python3 with numpy)", "python3",
                [sharedDir + "/gen_data.py", dataDir])
        }
        guard let own = BenchEnvironment.ownExecutable() else { throw .setup("cannot find this executable (/proc/self/exe)") }
        var comparison: [ClusterBuildComparison.Row] = []
        if withPython {
            let runner = PySuperclusterRunner(bench: self)
            try runner.prepareVenv()
            comparison = try ClusterBuildComparison(bench: self, own: own, python: runner.python).run(datasets: buildDatasets)
        }
        if buildsOnly {
            let report = ClusterComparisonReport(bench: self, rows: comparison)
            let goals = report.goals()  // park_100k's; none when it was left out
            print(
                report.table().render() + "\n" + (goals.isEmpty ? "" : Goal.render(goals) + "\n")
                    + report.markdown().joined(separator: "\n") + "\n", terminator: "")
            return
        }

        // Children first, while this process is small: with posix_spawn the child's ru_maxrss
        // starts from the parent's peak, so a grown parent would inflate every child's figure.
        var memory: [String: (base: Int, peak: Int)] = [:]
        for dataset in Self.datasets {
            progress("\(dataset): peak RSS of a child build (cluster-build-once)")
            let base = try ChildProcess.run(own, ["cluster-build-once", file(dataset), "--load-only"], stdoutPath: "/dev/null")
            let built = try ChildProcess.run(own, ["cluster-build-once", file(dataset)], stdoutPath: "/dev/null")
            guard base.exitStatus == 0, built.exitStatus == 0 else { throw .setup("cluster-build-once \(file(dataset)) failed") }
            memory[dataset] = (base.maxRSSKiB, built.maxRSSKiB)
        }
        var reference: ReferenceFigures
        if withPython {
            reference = try PySuperclusterRunner(bench: self).run()
            for (name, d) in reference.datasets {
                let qs = Self.queries.map { q in
                    let c = d.counts[q.name] ?? [-1, -1, -1]
                    return Query(
                        name: q.name, medianMicros: 0, minMicros: 0, samples: 0, batch: 0,
                        items: c[0], clusters: c[1], points: c[2])
                }
                reference.datasets[name]?.differences = expected.differences(name, queries: qs, levels: nil)
            }
        } else {
            reference = try ReferenceFigures(summary: sharedDir + "/results/summary.txt")
        }

        var results: [Dataset] = []
        // One build scratch for every build in this process, as an app that rebuilds keeps one.
        let scratch = ClusterIndex.BuildScratch()
        for dataset in Self.datasets {
            progress("\(dataset): \(runs + 1) builds, 6 queries, equivalence\(dataset == "park_100k" ? ", 1,000 inserts and removes" : "")")
            let points = try PointColumns.readF64(file(dataset))
            var result = try measure(dataset, points, scratch: scratch)
            result.baseKiB = memory[dataset]?.base ?? 0
            result.peakKiB = memory[dataset]?.peak ?? 0
            result.differences = expected.differences(dataset, queries: result.queries, levels: result.levelItems)
            results.append(result)
        }
        print(ClusterReport(bench: self, results: results, reference: reference, comparison: comparison).render(), terminator: "")
    }

    /// Builds, queries and checks one dataset in this process.
    private func measure(_ name: String, _ points: PointColumns, scratch: ClusterIndex.BuildScratch) throws(BenchError) -> Dataset {
        func build() throws(BenchError) -> (index: ClusterIndex, ms: Double) {
            do {
                let m = try MonotonicClock.measure { () throws(ClusterError) in
                    try ClusterIndex(
                        longitudes: points.longitudes, latitudes: points.latitudes, options: Self.options,
                        scratch: scratch)
                }
                return (m.result, m.nanoseconds / 1e6)
            } catch {
                throw .setup("\(name): build failed: \(error)")
            }
        }
        let first = try build()
        var builds = Samples()
        for _ in 0..<runs { builds.add(try build().ms) }
        let index = first.index
        var result = Dataset(name: name, count: points.count, firstBuildMs: first.ms, buildsMs: builds)
        var out: [ClusterItem] = []
        do {
            for q in Self.queries { result.queries.append(try Self.time(index, q.name, q.box, q.zoom, &out)) }
            for z in 0...17 {
                try index.clusters(in: Self.world, zoom: z, into: &out)
                result.levelItems.append(out.count)
            }
        } catch {
            throw .setup("\(name): query failed: \(error)")
        }
        if name == "park_100k" { result.update = try Self.updates(points, scratch: scratch) }
        return result
    }

    /// Median µs per query over ≥ 7 batched samples (batch calibrated to ≥ 0.2 ms, as bench_pysupercluster.py).
    private static func time(
        _ index: ClusterIndex, _ name: String, _ box: BoundingBox, _ zoom: Int,
        _ out: inout [ClusterItem]
    ) throws(ClusterError) -> Query {
        var batch = 1
        while true {
            let t = MonotonicClock.now()
            for _ in 0..<batch { try index.clusters(in: box, zoom: zoom, into: &out) }
            if MonotonicClock.now() - t >= 200_000 || batch >= 65536 { break }
            batch *= 2
        }
        try index.clusters(in: box, zoom: zoom, into: &out)
        let items = out.count, clusters = out.filter(\.isCluster).count, pts = out.reduce(0) { $0 + $1.count }
        var samples = Samples()
        let t0 = MonotonicClock.now()
        while (samples.count < 200 && MonotonicClock.now() - t0 < 500_000_000) || samples.count < 7 {
            let t = MonotonicClock.now()
            for _ in 0..<batch { try index.clusters(in: box, zoom: zoom, into: &out) }
            samples.add(Double(MonotonicClock.now() - t) / Double(batch) / 1000)
        }
        return Query(
            name: name, medianMicros: samples.median, minMicros: samples.min, samples: samples.count,
            batch: batch, items: items, clusters: clusters, points: pts)
    }

    /// 1,000 inserts near random existing points, then 1,000 removes of random live ids, timed one by one.
    private static func updates(_ points: PointColumns, scratch: ClusterIndex.BuildScratch) throws(BenchError) -> Update {
        var rng: UInt64 = 12345
        func next() -> Double {
            rng &+= 0x9E37_79B9_7F4A_7C15
            var z = rng
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) * 0x1p-53
        }
        do {
            let index = try ClusterIndex(
                longitudes: points.longitudes, latitudes: points.latitudes, options: options,
                scratch: scratch)
            let count = 1000
            var inserts = Samples(), removes = Samples()
            var firstInsert = 0.0
            for i in 0..<count {
                let base = Int(next() * Double(points.count))
                let p = ClusterPoint(
                    longitude: points.longitudes[base] + (next() - 0.5) * 0.002,
                    latitude: points.latitudes[base] + (next() - 0.5) * 0.002)
                let t = MonotonicClock.now()
                _ = try index.insert(p)
                let micros = Double(MonotonicClock.now() - t) / 1000
                if i == 0 { firstInsert = micros } else { inserts.add(micros) }
            }
            let total = points.count + count
            var alive = [Bool](repeating: true, count: total)
            while removes.count < count {
                let id = Int(next() * Double(total))
                guard alive[id] else { continue }
                let t = MonotonicClock.now()
                try index.remove(pointID: id)
                removes.add(Double(MonotonicClock.now() - t) / 1000)
                alive[id] = false
            }
            return Update(firstInsertMicros: firstInsert, inserts: inserts, removes: removes)
        } catch {
            throw .setup("park_100k: insert/remove failed: \(error)")
        }
    }
}

/// expected_counts_f64.json: items/clusters/points per query and items per zoom, per dataset.
struct Expected {
    private var levels: [String: [Int]] = [:]
    private var queries: [String: [String: [String: Int]]] = [:]

    init(path: String) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let datasets = root["datasets"] as? [String: Any]
        else {
            throw .setup("\(path): cannot read it as the expected counts JSON")
        }
        for (name, value) in datasets {
            guard let ds = value as? [String: Any] else { continue }
            levels[name] = ds["level_items_z0_to_z17"] as? [Int]
            queries[name] = ds["queries"] as? [String: [String: Int]]
        }
    }

    /// What differs from the expected counts; `levels` nil skips the per-zoom check.
    func differences(_ dataset: String, queries got: [ClusterBench.Query], levels gotLevels: [Int]?) -> [String] {
        guard let levels = levels[dataset], let qs = queries[dataset] else { return ["no expected counts for \(dataset)"] }
        var out: [String] = []
        if let gotLevels {
            for (z, (g, e)) in zip(gotLevels, levels).enumerated() where g != e { out.append("level z\(z): \(g) items, expected \(e)") }
            if gotLevels.count != levels.count { out.append("levels: \(gotLevels.count) zooms, expected \(levels.count)") }
        }
        for q in got {
            guard let e = qs[q.name] else { out.append("\(q.name): not in the expected file"); continue }
            if e["items"] != q.items || e["clusters"] != q.clusters || e["points"] != q.points {
                out.append(
                    "\(q.name): items/clusters/points \(q.items)/\(q.clusters)/\(q.points), expected "
                        + "\(e["items"] ?? -1)/\(e["clusters"] ?? -1)/\(e["points"] ?? -1)")
            }
        }
        return out
    }
}
