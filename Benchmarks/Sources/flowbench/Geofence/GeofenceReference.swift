import Foundation

/// bench_geofence.py's timings (shapely 2 STRtree, numpy, scipy cKDTree, rtree, plain
/// Python): measured in this run, or read from a stored results/bench_run*.json.
struct GeofenceReferenceFigures {
    /// Each variant bench_geofence.py reports, keyed by what it measures. The Python names
    /// end in " (N fixes)" for the sampled variants, and N differs between full and quick runs,
    /// so a variant is found by its name without that suffix.
    enum Variant: String, CaseIterable {
        // Containment of every fix in 10k / 100k circles (haversine, R = 6371008.8).
        case circles10kShapelyBulk, circles10kBufferPolygons, circles10kShapelyPerFix
        case circles10kPythonGrid, circles10kPythonBrute
        case circles100kShapelyBulk, circles100kBufferPolygons, circles100kShapelyPerFix
        case circles100kPythonGrid, circles100kPythonBrute
        // Containment in 1k polygons (planar point-in-polygon on lon/lat).
        case polygons1kShapelyBulk, polygons1kShapelyPerFix, polygons1kPythonRayCast
        // The 20 nearest regions by edge distance (circles + polygon bounding circles).
        case nearest10kShapelyExact, nearest10kPythonBrute, nearest10kCKDTree, nearest10kRtree
        case nearest100kShapelyExact, nearest100kPythonBrute, nearest100kCKDTree, nearest100kRtree

        /// The start of the Python name, up to the " (N fixes)" that some variants add: as
        /// bench_geofence.py spells it (a copy of the shared bench, kept unchanged), which
        /// `ReferenceLabelsTests` checks for every variant.
        var pythonName: String {
            switch self {
            case .circles10kShapelyBulk: return "circles10k shapely bulk dwithin + numpy haversine"
            case .circles10kBufferPolygons: return "circles10k shapely bulk within(64-gon buffers, projected)"
            case .circles10kShapelyPerFix: return "circles10k shapely per-fix query loop"
            case .circles10kPythonGrid: return "circles10k plain-Python 1km hash grid + haversine"
            case .circles10kPythonBrute: return "circles10k plain-Python brute force, no index"
            case .circles100kShapelyBulk: return "circles100k shapely bulk dwithin + numpy haversine"
            case .circles100kBufferPolygons: return "circles100k shapely bulk within(64-gon buffers, projected)"
            case .circles100kShapelyPerFix: return "circles100k shapely per-fix query loop"
            case .circles100kPythonGrid: return "circles100k plain-Python 1km hash grid + haversine"
            case .circles100kPythonBrute: return "circles100k plain-Python brute force, no index"
            case .polygons1kShapelyBulk: return "polygons1k shapely bulk intersects (lon/lat planar)"
            case .polygons1kShapelyPerFix: return "polygons1k shapely per-fix query loop"
            case .polygons1kPythonRayCast: return "polygons1k plain-Python bbox + ray-cast, no index"
            case .nearest10kShapelyExact: return "nearest20 of 10k+1k shapely bulk dwithin + exact top-20"
            case .nearest10kPythonBrute: return "nearest20 of 10k+1k plain-Python brute force"
            case .nearest10kCKDTree: return "nearest20 of 10k+1k scipy cKDTree k=20 by centre dist"
            case .nearest10kRtree: return "nearest20 of 10k+1k rtree.nearest per-fix loop bbox-dist"
            case .nearest100kShapelyExact: return "nearest20 of 100k+1k shapely bulk dwithin + exact top-20"
            case .nearest100kPythonBrute: return "nearest20 of 100k+1k plain-Python brute force"
            case .nearest100kCKDTree: return "nearest20 of 100k+1k scipy cKDTree k=20 by centre dist"
            case .nearest100kRtree: return "nearest20 of 100k+1k rtree.nearest per-fix loop bbox-dist"
            }
        }

        /// Always reported; cKDTree and rtree are skipped when their packages are missing.
        var isRequired: Bool {
            switch self {
            case .nearest10kCKDTree, .nearest10kRtree, .nearest100kCKDTree, .nearest100kRtree: return false
            default: return true
            }
        }

        func matches(_ name: String) -> Bool {
            name == pythonName || name.hasPrefix(pythonName + " (")
        }
    }

    /// One entry of the JSON's "results" array.
    struct Timing {
        /// The Python name, e.g. "circles10k shapely per-fix query loop (20000 fixes)".
        var name: String
        /// Median wall time over the repeats (5 bulk / 3 slow; 3 and 3 with --quick), seconds.
        var medianSeconds: Double
        var minSeconds: Double
        /// Fixes the timing covered (a sample of the track for the slow variants).
        var fixes: Int
        /// medianSeconds / fixes, in nanoseconds.
        var nsPerFix: Double
        /// Free text such as "pairs=16327 fixes_in_any=15502 near_edge(0.5%)=178".
        var extra: String

        /// The whole number after "`key`=" in ``extra``, e.g. `count("pairs")` → 16327.
        func count(_ key: String) -> Int? {
            guard let range = extra.range(of: key + "=") else { return nil }
            return Int(extra[range.upperBound...].prefix { $0.isNumber })
        }
    }

    /// How the figures were obtained, for every table that shows them.
    var label: String
    var inThisRun: Bool
    /// bench_geofence.py's first output line (Python, shapely, GEOS, numpy versions), if captured.
    var environment: String?
    var timings: [Variant: Timing] = [:]
    /// Results whose names no ``Variant`` knows (a newer bench_geofence.py).
    var unrecognised: [Timing] = []
    /// The JSON's "summary": circles10000_pairs, circles100000_pairs, refresh_100 … refresh_1000.
    var summary: [String: Int] = [:]

    /// The track length the bulk variants covered (100,000; 10,000 with --quick).
    var fixes: Int { timings.values.map(\.fixes).max() ?? 0 }

    func nsPerFix(_ variant: Variant) -> Double? { timings[variant]?.nsPerFix }

    /// Parses the file `bench_geofence.py --json` writes: {"results": [...], "summary": {...}}.
    /// - Throws: `BenchError.setup` naming `source` if the JSON is malformed or lacks a required variant.
    init(json data: Data, source: String, label: String, inThisRun: Bool) throws(BenchError) {
        self.label = label
        self.inThisRun = inThisRun
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else {
            throw .setup("\(source): not bench_geofence.py JSON (no \"results\" array)")
        }
        for (position, entry) in results.enumerated() {
            guard let name = entry["name"] as? String,
                let median = (entry["median_s"] as? NSNumber)?.doubleValue,
                let min = (entry["min_s"] as? NSNumber)?.doubleValue,
                let fixes = (entry["fixes"] as? NSNumber)?.intValue,
                let ns = (entry["ns_per_fix"] as? NSNumber)?.doubleValue
            else {
                throw .setup("\(source): results[\(position)] lacks name, median_s, min_s, fixes or ns_per_fix")
            }
            let timing = Timing(
                name: name, medianSeconds: median, minSeconds: min, fixes: fixes,
                nsPerFix: ns, extra: entry["extra"] as? String ?? "")
            if let variant = Variant.allCases.first(where: { $0.matches(name) }) {
                timings[variant] = timing
            } else {
                unrecognised.append(timing)
            }
        }
        for (key, value) in object["summary"] as? [String: Any] ?? [:] {
            if let n = (value as? NSNumber)?.intValue { summary[key] = n }
        }
        let missing = Variant.allCases.filter { $0.isRequired && timings[$0] == nil }
        guard missing.isEmpty else {
            throw .setup("\(source): no result for \(missing.map(\.pythonName).joined(separator: "; "))")
        }
    }

    /// Reads a stored full run, e.g. results/bench_run2.json, labelled as another run.
    /// - Throws: `BenchError.setup` if the file is unreadable or malformed.
    init(storedRun path: String) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .setup("\(path): cannot read the stored geofence reference run")
        }
        let file = URL(fileURLWithPath: path).lastPathComponent
        try self.init(json: data, source: path, label: "bench_geofence.py (results/\(file), other run)", inThisRun: false)
        // The stored .txt beside the .json starts with the same environment line as a live run.
        let log = (path as NSString).deletingPathExtension + ".txt"
        environment = GeofenceReferenceRunner.firstLine(of: log)
    }
}

/// Runs the reference bench_geofence.py from a venv made with its requirements.txt.
struct GeofenceReferenceRunner {
    static let defaultVenv = "/tmp/flowbench-geofence/venv"
    static let defaultBenchDir = ReferenceFiles.geofence

    /// The geofence reference folder (bench_geofence.py, gen_data.py, requirements.txt, results/).
    var benchDir: String
    /// The venv, created with `pip install -r requirements.txt` when missing (default /tmp/flowbench-geofence/venv).
    var venvDir: String
    /// `--quick`: 10k fixes and 3 repeats, about 13 s on the 2-core box; a full run (100k fixes,
    /// 5 repeats) took 31 s there, far less than the README's ~3 min or the script's 10–15 min.
    var quick: Bool

    init(benchDir: String = defaultBenchDir, venvDir: String = defaultVenv, quick: Bool = false) {
        self.benchDir = URL(fileURLWithPath: benchDir).standardizedFileURL.path
        self.venvDir = URL(fileURLWithPath: venvDir).standardizedFileURL.path
        self.quick = quick
    }

    var python: String { venvDir + "/bin/python" }
    /// Where the run's JSON and its standard output (the Python table) are kept, beside the venv.
    var outputPath: String { workDir + (quick ? "/bench_geofence_quick.json" : "/bench_geofence.json") }
    var logPath: String { (outputPath as NSString).deletingPathExtension + ".txt" }
    private var workDir: String { (venvDir as NSString).deletingLastPathComponent }

    /// Prepares the venv, runs bench_geofence.py and parses its JSON.
    /// - Throws: `BenchError.setup` if the bench folder is absent, pip or the script fails,
    ///   or the output lacks a required variant.
    func run() throws(BenchError) -> GeofenceReferenceFigures {
        let script = benchDir + "/bench_geofence.py"
        guard FileManager.default.fileExists(atPath: script) else {
            throw .setup("\(script) is absent; it is in Benchmarks/reference/geofence, or pass --shared DIR")
        }
        try prepareVenv()
        try? FileManager.default.removeItem(atPath: outputPath)
        progress("bench_geofence.py\(quick ? " --quick (10k fixes, ~15 s)" : " (100k fixes, ~30 s)"); its table goes to \(logPath)")
        try ChildProcess.check(
            "bench_geofence.py", python, [script, "--json", outputPath] + (quick ? ["--quick"] : []),
            stdoutPath: logPath)
        guard let data = FileManager.default.contents(atPath: outputPath) else {
            throw .setup("bench_geofence.py wrote no \(outputPath)")
        }
        var figures = try GeofenceReferenceFigures(
            json: data, source: outputPath,
            label: "bench_geofence.py (this run\(quick ? ", --quick: 10k fixes" : ""))", inThisRun: true)
        figures.environment = Self.firstLine(of: logPath)
        return figures
    }

    /// The stored full run copied with the reference (results/bench_run2.json unless `file` says otherwise).
    /// - Throws: `BenchError.setup` if it is unreadable or malformed.
    func storedRun(_ file: String = "bench_run2.json") throws(BenchError) -> GeofenceReferenceFigures {
        try GeofenceReferenceFigures(storedRun: benchDir + "/results/" + file)
    }

    /// Creates the venv and installs requirements.txt (PyPI wheels) when an import fails.
    func prepareVenv() throws(BenchError) {
        let fm = FileManager.default
        if !fm.isExecutableFile(atPath: python) {
            progress("creating the venv \(venvDir) (python3 -m venv)")
            try? fm.createDirectory(atPath: workDir, withIntermediateDirectories: true)
            try ChildProcess.check("creating the venv", "python3", ["-m", "venv", venvDir])
        }
        // find_spec rather than import: a missing package is expected here, not a traceback.
        let probe =
            "import importlib.util as u, sys; "
            + "sys.exit(any(u.find_spec(m) is None for m in ('numpy', 'scipy', 'shapely', 'rtree')))"
        if (try? ChildProcess.run(python, ["-c", probe], stdoutPath: "/dev/null"))?.exitStatus != 0 {
            progress("installing \(benchDir)/requirements.txt into \(venvDir)")
            try ChildProcess.check(
                "pip install -r requirements.txt", venvDir + "/bin/pip",
                ["install", "-q", "-r", benchDir + "/requirements.txt"])
        }
    }

    static func firstLine(of path: String) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }
}
