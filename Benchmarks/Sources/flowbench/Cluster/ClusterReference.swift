import Foundation

/// pysupercluster's figures per dataset: measured in this run, or read from results/summary.txt.
struct ReferenceFigures {
    struct Dataset {
        /// Median over processes of the first (cold) build, ms.
        var buildMs: Double
        /// Median of the in-process warm builds, ms (nil when none ran).
        var buildWarmMs: Double?
        var baseMiB: Double
        /// ru_maxrss through the build, MiB.
        var peakMiB: Double
        var queryMicros: [String: Double] = [:]
        /// items/clusters/points per query, from the run.
        var counts: [String: [Int]] = [:]
        var processes: Int
        /// Query counts against expected_counts_f64.json (nil: not checked).
        var differences: [String]?
    }

    /// How the figures were obtained, shown in every table.
    var label: String
    var inThisRun: Bool
    var datasets: [String: Dataset] = [:]

    init(label: String, inThisRun: Bool) {
        self.label = label
        self.inThisRun = inThisRun
    }

    /// Reads the aggregated anchors (median [min-max] over runs) from results/summary.txt.
    init(summary path: String) throws(BenchError) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .setup("\(path): cannot read the reference figures")
        }
        self.init(label: "pysupercluster reference (results/summary.txt, other run)", inThisRun: false)
        var current: String?
        var d = Dataset(buildMs: .nan, buildWarmMs: nil, baseMiB: .nan, peakMiB: .nan, processes: 0)
        func value(_ line: Substring) -> Double {
            guard let colon = line.firstIndex(of: ":") else { return .nan }
            return Double(line[line.index(after: colon)...].split(separator: " ").first ?? "") ?? .nan
        }
        func flush() { if let current { datasets[current] = d } }
        for raw in text.split(separator: "\n") {
            let line = raw.drop(while: { $0 == " " })
            if line.hasPrefix("== py_") {
                flush()
                let fields = line.dropFirst(6).split(separator: " ")
                current = fields.first.map(String.init)
                let runs = fields.first { $0.hasPrefix("runs=") }.flatMap { Int($0.dropFirst(5)) } ?? 0
                d = Dataset(buildMs: .nan, buildWarmMs: nil, baseMiB: .nan, peakMiB: .nan, processes: runs)
            } else if line.hasPrefix("build cold ms") {
                d.buildMs = value(line)
            } else if line.hasPrefix("build warm ms") {
                d.buildWarmMs = value(line)
            } else if line.hasPrefix("RSS base MB") {
                d.baseMiB = value(line)
            } else if line.hasPrefix("maxRSS thru build") {
                d.peakMiB = value(line)
            } else if line.contains("us/query:"), let name = line.split(separator: " ").first {
                d.queryMicros[String(name)] = value(line[line.range(of: "us/query")!.lowerBound...])
            }
        }
        flush()
        guard ClusterBench.datasets.allSatisfy({ datasets[$0] != nil }) else {
            throw .setup("\(path): missing a dataset section (expected py_park_10k, py_park_100k, py_world_1m)")
        }
    }
}

/// Runs pysupercluster 0.7.7 from a venv made as run_py.sh makes it.
struct PySuperclusterRunner {
    /// The keys of bench_pysupercluster.py's JSON line that flowbench reads: the run's, then
    /// each query's (`ReferenceLabelsTests` checks the script writes each).
    enum Key: String, CaseIterable {
        case buildCold = "build_cold_ms", buildWarm = "build_warm_median_ms", base = "rss_base_MB"
        case peak = "maxrss_through_build_MB", queries
        case medianMicros = "median_us", items, clusters, points
    }

    let bench: ClusterBench

    var python: String { bench.venvDir + "/bin/python" }

    func run() throws(BenchError) -> ReferenceFigures {
        try prepareVenv()
        var figures = ReferenceFigures(label: "pysupercluster 0.7.7 (this run)", inThisRun: true)
        let script = bench.sharedDir + "/bench_pysupercluster.py"
        let output = NSTemporaryDirectory() + "/flowbench-pysupercluster-\(getpid()).json"
        for dataset in ClusterBench.datasets {
            // world_1m builds take ~9 s: cold builds only (one per process); parks add 3 warm builds.
            let warm = dataset == "world_1m" ? 0 : 3
            progress("\(dataset): pysupercluster, \(bench.runs) processes (cold build + queries\(warm > 0 ? " + \(warm) warm builds" : ""))")
            var cold = Samples(), warmMedians = Samples(), base = Samples(), peak = Samples()
            var queries: [String: Samples] = [:]
            var counts: [String: [Int]] = [:]
            for _ in 0..<bench.runs {
                try ChildProcess.check("pysupercluster on \(dataset)", python, [script, bench.file(dataset), String(warm)], stdoutPath: output)
                guard let data = FileManager.default.contents(atPath: output),
                    let line = String(data: data, encoding: .utf8)?.split(separator: "\n").last,
                    let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let coldMs = json[Key.buildCold.rawValue] as? Double,
                    let maxRSS = json[Key.peak.rawValue] as? Double,
                    let q = json[Key.queries.rawValue] as? [String: [String: Any]]
                else {
                    throw .setup("\(script): unexpected output in \(output)")
                }
                cold.add(coldMs)
                peak.add(maxRSS)
                if let b = json[Key.base.rawValue] as? Double { base.add(b) }
                if let w = json[Key.buildWarm.rawValue] as? Double { warmMedians.add(w) }
                for (name, figures) in q {
                    if let us = figures[Key.medianMicros.rawValue] as? Double { queries[name, default: Samples()].add(us) }
                    counts[name] = [Key.items, .clusters, .points].map { figures[$0.rawValue] as? Int ?? -1 }
                }
            }
            try? FileManager.default.removeItem(atPath: output)
            var d = ReferenceFigures.Dataset(
                buildMs: cold.median, buildWarmMs: warmMedians.count > 0 ? warmMedians.median : nil,
                baseMiB: base.median, peakMiB: peak.median, processes: bench.runs)
            d.queryMicros = queries.mapValues(\.median)
            d.counts = counts
            figures.datasets[dataset] = d
        }
        return figures
    }

    /// Creates the venv and installs pysupercluster when missing (PyPI; its setup.py needs the legacy build).
    func prepareVenv() throws(BenchError) {
        let fm = FileManager.default
        if !fm.isExecutableFile(atPath: python) {
            progress("creating the venv \(bench.venvDir) (python3 -m venv)")
            try? fm.createDirectory(atPath: bench.venvDir, withIntermediateDirectories: true)
            try ChildProcess.check("creating the venv", "python3", ["-m", "venv", bench.venvDir])
        }
        if (try? ChildProcess.run(python, ["-c", "import numpy, pysupercluster"], stdoutPath: "/dev/null"))?.exitStatus != 0 {
            progress("installing numpy setuptools wheel, then pysupercluster==0.7.7 (legacy build) into \(bench.venvDir)")
            let pip = bench.venvDir + "/bin/pip"
            try ChildProcess.check("pip install numpy setuptools wheel", pip, ["install", "-q", "numpy", "setuptools", "wheel"])
            try ChildProcess.check(
                "pip install pysupercluster", pip,
                ["install", "-q", "--no-use-pep517", "--no-build-isolation", "pysupercluster==0.7.7"])
        }
    }
}
