import BenchData
import FlowKit
import Foundation
import GeoKit

/// `flowbench from-lua`: the engines as a flow calls them (issue 32), side by side with the
/// references in the same run: `cluster.index` on park_100k against pysupercluster,
/// `geo.inverse` over 100,000 pairs against pyproj's vectorised `Geod.inv`, and geofence fixes
/// fed from Lua (one `mon:feed` a fix, and `mon:feed_many`) on YELL's sites.
struct FromLuaBench {
    /// The bench flow. Data arrives once as `ctx.track.fixes` ("load_*" variants) and stays
    /// in the flow's upvalues; every other variant is one timed run.
    static let flow = """
        local pts, lat, lon, sets, fixes, flat, flon, ftime = nil, nil, nil, {}, nil, nil, nil, nil
        local OPTS = { radius = 40, extent = 512, min_zoom = 0, max_zoom = 16, min_points = 2 }
        flow.register("fromlua", function(ctx)
          -- A variant that reports nothing titles its screen with its name (a title is required).
          local v = ctx.args.variant
          local out = v
          if v == "load_records" then
            pts = {}
            for i, f in ipairs(ctx.track.fixes) do pts[i] = { lat = f.lat, lon = f.lon } end
            out = #pts
          elseif v == "load_columns" then
            lat, lon = {}, {}
            for i, f in ipairs(ctx.track.fixes) do lat[i], lon[i] = f.lat, f.lon end
            out = #lat
          elseif v == "load_pairs" then
            -- fixes 1..n start the pairs, n+1..2n end them
            local fx, s = ctx.track.fixes, { lat1 = {}, lon1 = {}, lat2 = {}, lon2 = {} }
            local n = #fx // 2
            for i = 1, n do s.lat1[i], s.lon1[i], s.lat2[i], s.lon2[i] = fx[i].lat, fx[i].lon, fx[n + i].lat, fx[n + i].lon end
            sets[ctx.args.set] = s
            out = n
          elseif v == "load_fixes" then
            fixes, flat, flon, ftime = {}, {}, {}, {}
            for i, f in ipairs(ctx.track.fixes) do
              fixes[i] = { lat = f.lat, lon = f.lon, time = f.time }
              flat[i], flon[i], ftime[i] = f.lat, f.lon, f.time
            end
            out = #fixes
          elseif v == "cluster_records" then out = cluster.index(pts, OPTS):count()
          elseif v == "cluster_columns" then out = cluster.index({ lat = lat, lon = lon }, OPTS):count()
          elseif v == "inverse_lists" then
            local s = sets[ctx.args.set]
            local d = geo.inverse(s.lat1, s.lon1, s.lat2, s.lon2)
            out = ("%.6f"):format(d[1] + d[#d])
          elseif v == "inverse_loop" then
            local s, inverse = sets[ctx.args.set], geo.inverse
            local lat1, lon1, lat2, lon2 = s.lat1, s.lon1, s.lat2, s.lon2
            local d = {}
            for i = 1, #lat1 do d[i] = inverse(lat1[i], lon1[i], lat2[i], lon2[i]) end
            out = ("%.6f"):format(d[1] + d[#d])
          elseif v == "monitor" then geofence.monitor()
          elseif v == "feed_loop" then
            local mon, n = geofence.monitor(), 0
            for i = 1, #fixes do
              local step = mon:feed(fixes[i])
              if step then n = n + #step.events end
            end
            out = n
          elseif v == "feed_many" then
            local step = geofence.monitor():feed_many({ lat = flat, lon = flon, time = ftime })
            out = step and #step.events or 0
          end
          return { title = tostring(out), sections = {} }
        end)
        """

    /// Options of every build: pysupercluster's (build_once.py) and the cluster bench's.
    static let clusterOptions = ClusterOptions(radius: 40, extent: 512, minZoom: 0, maxZoom: 16, minPoints: 2)
    static let geofencePark = "YELL"

    let root: String
    /// park_100k.f64, made by the cluster bench's gen_data.py.
    let pointsFile: String
    let runs: Int
    let pairCount: Int
    let venv: String
    let withPython: Bool
    /// PROJ's C geod_inverse, loaded by `--with-proj`: pyproj's engine without Python.
    let proj: ProjGeodesic?

    struct Result {
        var points = 0
        /// ms per build; the flow's figures are runs less the empty run of the same round.
        var clusterRecords = Samples(), clusterColumns = Samples(), clusterAlone = Samples()
        var pysupercluster = Samples()
        /// ns per pair, per set (worldwide, park scale).
        var inverseLists: [String: Samples] = [:], inverseLoop: [String: Samples] = [:], inverseAlone: [String: Samples] = [:]
        var pyproj: [String: Samples] = [:], projC: [String: Samples] = [:]
        var fixes = 0
        /// ns per fix.
        var feedLoop = Samples(), feedMany = Samples()
        var events: (loop: String, many: String) = ("", "")
    }

    func run() throws(BenchError) -> Result {
        var result = Result()
        try cluster(&result)
        try geodesy(&result)
        try geofence(&result)
        return result
    }

    // MARK: - Clustering

    private func cluster(_ result: inout Result) throws(BenchError) {
        let points = try PointColumns.readF64(pointsFile)
        result.points = points.count
        // A runtime per form, each holding only its own points: the collection a native
        // index's memory sets off marks what the flow holds, and 100,000 point tables held
        // beside the columns would be charged to the columns' build.
        let records = try FlowCallTimer(root: root, park: "GOGA", source: Self.flow)
        defer { records.remove() }
        let columns = try FlowCallTimer(root: root, park: "GOGA", source: Self.flow)
        defer { columns.remove() }
        progress("from-lua: cluster.index on \(points.count) points, \(runs) rounds (flow: records, columns; GeoKit alone; pysupercluster)")
        let track = FlowCallTimer.track(zip(points.latitudes, points.longitudes).map { Coordinate(latitude: $0, longitude: $1) })
        try records.load("load_records", track: track)
        try columns.load("load_columns", track: track)
        let scratch = ClusterIndex.BuildScratch()
        for round in 0..<runs {
            for variant in round % 2 == 0 ? ["cluster_records", "cluster_columns"] : ["cluster_columns", "cluster_records"] {
                let timer = variant == "cluster_records" ? records : columns
                let empty = try timer.run("none").ns
                let (ns, title) = try timer.run(variant)
                guard Int(title) == points.count else { throw .setup("from-lua: \(variant) indexed \(title) points, not \(points.count)") }
                if variant == "cluster_records" { result.clusterRecords.add((ns - empty) / 1e6) } else { result.clusterColumns.add((ns - empty) / 1e6) }
            }
            let alone = MonotonicClock.measure {
                try? ClusterIndex(longitudes: points.longitudes, latitudes: points.latitudes, options: Self.clusterOptions, scratch: scratch)
            }
            result.clusterAlone.add(alone.nanoseconds / 1e6)
            if withPython { result.pysupercluster.add(try pythonJSON(ReferenceFiles.cluster + "/build_once.py", [pointsFile, "3"], key: "warm_ms")) }
        }
    }

    // MARK: - Geodesy

    private func geodesy(_ result: inout Result) throws(BenchError) {
        let timer = try FlowCallTimer(root: root, park: "GOGA", source: Self.flow)
        defer { timer.remove() }
        for set in GeodesyBench.pairs(pairCount) {
            progress("from-lua: geo.inverse on \(pairCount) \(set.name) pairs, \(runs) rounds (flow: lists, a call a pair; GeoKit alone; pyproj)")
            let starts = zip(set.lat1, set.lon1).map { Coordinate(latitude: $0, longitude: $1) }
            let ends = zip(set.lat2, set.lon2).map { Coordinate(latitude: $0, longitude: $1) }
            try timer.load("load_pairs", track: FlowCallTimer.track(starts + ends), args: ["set": set.name])
            let file = NSTemporaryDirectory() + "/flowbench-from-lua-pairs-\(getpid()).f64"
            defer { try? FileManager.default.removeItem(atPath: file) }
            if withPython { try Self.writeColumns([set.lat1, set.lon1, set.lat2, set.lon2], to: file) }
            let n = Double(pairCount)
            for round in 0..<runs {
                let empty = try timer.run("none").ns
                var titles: [String] = []
                for variant in round % 2 == 0 ? ["inverse_lists", "inverse_loop"] : ["inverse_loop", "inverse_lists"] {
                    let (ns, title) = try timer.run(variant, args: ["set": set.name])
                    titles.append(title)
                    let figure: WritableKeyPath<Result, [String: Samples]> = variant == "inverse_lists" ? \.inverseLists : \.inverseLoop
                    result[keyPath: figure][set.name, default: Samples()].add((ns - empty) / n)
                }
                guard titles[0] == titles[1] else { throw .setup("from-lua: geo.inverse over lists gave \(titles[0]), one call a pair \(titles[1])") }
                let alone = MonotonicClock.measure { Geodesic.wgs84.inverse(from: starts, to: ends) }
                result.inverseAlone[set.name, default: Samples()].add(alone.nanoseconds / n)
                if let proj {
                    let c = MonotonicClock.measure {
                        var sum = 0.0
                        for i in 0..<pairCount { sum += proj.inverse(set.lat1[i], set.lon1[i], set.lat2[i], set.lon2[i]).distance }
                        return sum
                    }
                    result.projC[set.name, default: Samples()].add(c.nanoseconds / n)
                }
                if withPython {
                    let ms = try pythonJSON(ReferenceFiles.geodesy + "/pyproj_inverse.py", [file, "3"], key: "ms")
                    result.pyproj[set.name, default: Samples()].add(ms * 1e6 / n)
                }
            }
        }
    }

    /// Writes `columns` (equal lengths) as little-endian float64, one after another.
    static func writeColumns(_ columns: [[Double]], to path: String) throws(BenchError) {
        var data = Data()
        for column in columns {
            for v in column { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        }
        do { try data.write(to: URL(fileURLWithPath: path)) } catch { throw .setup("cannot write \(path): \(error.localizedDescription)") }
    }

    // MARK: - Geofencing

    private func geofence(_ result: inout Result) throws(BenchError) {
        let track = GeofenceBenchData.track(GeofenceBench.fixCount)
        result.fixes = track.count
        let timer = try FlowCallTimer(root: root, park: Self.geofencePark, source: Self.flow)
        defer { timer.remove() }
        progress("from-lua: \(track.count) fixes fed to a monitor of \(Self.geofencePark)'s sites, \(runs) rounds (mon:feed a fix, mon:feed_many)")
        try timer.load("load_fixes", track: FlowCallTimer.track(track.map { Coordinate(latitude: $0.lat, longitude: $0.lon) }))
        let n = Double(track.count)
        for round in 0..<runs {
            let empty = try timer.run("monitor").ns
            for variant in round % 2 == 0 ? ["feed_loop", "feed_many"] : ["feed_many", "feed_loop"] {
                let (ns, title) = try timer.run(variant)
                if variant == "feed_loop" {
                    result.feedLoop.add((ns - empty) / n)
                    result.events.loop = title
                } else {
                    result.feedMany.add((ns - empty) / n)
                    result.events.many = title
                }
            }
        }
        guard result.events.loop == result.events.many else {
            throw .setup("from-lua: mon:feed raised \(result.events.loop) events, mon:feed_many \(result.events.many)")
        }
    }

    // MARK: - Python

    /// Runs `script` with the venv's python; the median of the list `key` of its JSON line.
    private func pythonJSON(_ script: String, _ arguments: [String], key: String) throws(BenchError) -> Double {
        let output = NSTemporaryDirectory() + "/flowbench-from-lua-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        try ChildProcess.check(URL(fileURLWithPath: script).lastPathComponent, venv + "/bin/python", [script] + arguments, stdoutPath: output)
        let text = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let line = text.split(separator: "\n").last,
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let values = json[key] as? [Double], !values.isEmpty
        else {
            throw .setup("\(script): expected a JSON line with \(key), got: \(text.prefix(300))")
        }
        return Samples(values).median
    }

    /// Creates the venv with numpy, pyproj and pysupercluster 0.7.7 when missing (PyPI).
    func prepareVenv() throws(BenchError) {
        let python = venv + "/bin/python"
        let fm = FileManager.default
        if !fm.isExecutableFile(atPath: python) {
            progress("creating the venv \(venv) (python3 -m venv)")
            try? fm.createDirectory(atPath: venv, withIntermediateDirectories: true)
            try ChildProcess.check("creating the venv", "python3", ["-m", "venv", venv])
        }
        if (try? ChildProcess.run(python, ["-c", "import numpy, pyproj, pysupercluster"], stdoutPath: "/dev/null"))?.exitStatus != 0 {
            progress("installing numpy setuptools wheel pyproj, then pysupercluster==0.7.7 (legacy build) into \(venv)")
            let pip = venv + "/bin/pip"
            try ChildProcess.check("pip install numpy setuptools wheel pyproj", pip, ["install", "-q", "numpy", "setuptools", "wheel", "pyproj"])
            try ChildProcess.check(
                "pip install pysupercluster", pip, ["install", "-q", "--no-use-pep517", "--no-build-isolation", "pysupercluster==0.7.7"])
        }
    }
}
