import BenchData
import Foundation
import GeoKit

/// `flowbench geodesy`: WGS84 inverse solutions per second next to haversine in this run and
/// next to GeographicLib from Python; projecting 10,000 sites for one AR frame.
struct GeodesyBench {
    struct Pairs {
        var name: String
        var lat1: [Double] = [], lon1: [Double] = [], lat2: [Double] = [], lon2: [Double] = []
    }

    /// Runs per variant; medians are reported.
    let runs: Int
    /// Pairs per set.
    let pairCount: Int
    /// Times GeographicLib from Python on the same pairs.
    let withPython: Bool
    /// GeographicLib's venv.
    let venv: String

    /// Worldwide pairs (uniform on the sphere) and park-scale pairs (10 m to 5 km).
    static func pairs(_ n: Int) -> [Pairs] {
        var random = SplitMix64(seed: 0x6E0D)
        var world = Pairs(name: "worldwide")
        var park = Pairs(name: "park scale, 10 m-5 km")
        for _ in 0..<n {
            world.lat1.append(asin(random.uniform(-1, 1)) * 180 / .pi)
            world.lon1.append(random.uniform(-180, 180))
            world.lat2.append(asin(random.uniform(-1, 1)) * 180 / .pi)
            world.lon2.append(random.uniform(-180, 180))
            let lat = random.uniform(-60, 60), lon = random.uniform(-180, 180)
            let bearing = random.uniform(0, 360), distance = 10 * pow(500, random.unit())
            let end = (try? Geodesic.wgs84.direct(from: Coordinate(latitude: lat, longitude: lon), bearing: bearing, distance: distance))?
                .destination ?? Coordinate(latitude: lat, longitude: lon)
            park.lat1.append(lat)
            park.lon1.append(lon)
            park.lat2.append(end.latitude)
            park.lon2.append(end.longitude)
        }
        return [world, park]
    }

    /// Median ns per call of `body` over the pairs.
    func time(_ p: Pairs, _ body: (Coordinate, Coordinate) -> Double) -> Double {
        var samples = Samples()
        var sink = 0.0
        let n = p.lat1.count
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            for i in 0..<n {
                sink += body(Coordinate(latitude: p.lat1[i], longitude: p.lon1[i]), Coordinate(latitude: p.lat2[i], longitude: p.lon2[i]))
            }
            samples.add(Double(MonotonicClock.now() - start) / Double(n))
        }
        if sink.isNaN { progress("(NaN in the sums)") }
        return samples.median
    }

    /// Median µs to project `count` sites (and lay out the labels of those on screen) per frame.
    func arFrame(count: Int) throws(BenchError) -> (micros: Double, onScreen: Int) {
        let camera = Coordinate(latitude: 37.8078, longitude: -122.4750)
        var random = SplitMix64(seed: 0xA12)
        var sites: [Coordinate] = []
        for _ in 0..<count {
            let d = 5000 * random.unit().squareRoot()
            guard let end = try? Geodesic.wgs84.direct(from: camera, bearing: random.uniform(0, 360), distance: d) else { continue }
            sites.append(end.destination)
        }
        var samples = Samples()
        var onScreen = 0
        for frame in 0..<max(50, runs * 10) {
            guard let pose = try? CameraPose(position: camera, heading: Double(frame * 7 % 360), pitch: 0, fieldOfView: 60),
                  let projector = try? ARProjector(pose: pose, maximumDistance: 5000) else {
                throw .setup("AR pose rejected")
            }
            let start = MonotonicClock.now()
            let placed = projector.place(sites).filter(\.isOnScreen)
            let labels = ARLabelLayout.layout(Array(placed.prefix(25)), widths: Array(repeating: 120, count: min(25, placed.count)))
            samples.add(Double(MonotonicClock.now() - start) / 1000)
            onScreen = max(onScreen, placed.count + labels.count * 0)
        }
        return (samples.median, onScreen)
    }

    func run() throws(BenchError) {
        progress("geodesy: generating \(Format.grouped(pairCount)) pairs per set")
        let sets = Self.pairs(pairCount)
        var table = TextTable("WGS84 inverse vs haversine (ns per call, median of \(runs) runs over \(Format.grouped(pairCount)) pairs)",
                              header: ["pairs", "Karney (automatic)", "Karney (full)", "haversine", "inverse / s", "vs haversine"])
        var python: [String: Double] = [:]
        if withPython { python = try GeographicLibRunner(venv: venv).run(sets) }
        var pyTable = TextTable("Side by side with GeographicLib 2.x from Python (same pairs, this run)",
                                header: ["pairs", "GeoKit ns", "GeographicLib ns", "ratio"])
        var auto: [String: Double] = [:]
        for set in sets {
            progress("geodesy: \(set.name)")
            let automatic = time(set) { Geodesic.wgs84.inverse(from: $0, to: $1).distance }
            let full = time(set) { Geodesic.wgs84.inverse(from: $0, to: $1, precision: .full).distance }
            let haversine = time(set) { Spherical.distance($0, $1) }
            auto[set.name] = automatic
            table.add([set.name, Format.fixed(automatic, 0), Format.fixed(full, 0), Format.fixed(haversine, 1),
                       Format.grouped(Int(1e9 / automatic)), Format.ratio(automatic / haversine) + " slower"])
            if let py = python[set.name] {
                pyTable.add([set.name, Format.fixed(automatic, 0), Format.fixed(py, 0), Format.ratio(py / automatic) + " faster"])
            }
        }
        table.note("automatic: the chord turned into the geodesic for chords < 15 km (within 1e-12 and 1.1e-10° of GeographicLib), Karney's series elsewhere.")
        table.note("haversine on R = 6,371,008.8 m is up to 0.56% off in distance (README of bench/geofence).")
        progress("geodesy: AR frames")
        let frame = try arFrame(count: 10_000)
        var arTable = TextTable("AR frame (10,000 sites within 5 km, heading turning 7° a frame, 60° field of view)",
                                header: ["what", "median"])
        arTable.add(["project 10,000 sites + stack the 25 nearest labels", Format.fixed(frame.micros, 1) + " µs"])
        arTable.add(["sites on screen (max over frames)", Format.grouped(frame.onScreen)])
        print(table.render())
        if withPython { print(pyTable.render()) } else {
            print("  (GeographicLib from Python not run: pass --with-python; the shared README quotes 42-76 µs per call)\n")
        }
        print(arTable.render())
        let worldRatio = python["worldwide"].map { $0 / (auto["worldwide"] ?? .nan) }
        var goals = [Goal(name: "AR: 10,000 sites projected for one frame < 1 ms",
                          measured: Format.fixed(frame.micros, 1) + " µs", passed: frame.micros < 1000)]
        if let worldRatio {
            goals.append(Goal(name: "inverse faster than GeographicLib (Python), worldwide pairs",
                              measured: Format.ratio(worldRatio), passed: worldRatio > 1))
        }
        print(Goal.render(goals), terminator: "")
    }
}

/// Times GeographicLib's `Geodesic.WGS84.Inverse` from Python on the same pairs (written to a file).
struct GeographicLibRunner {
    let venv: String

    func run(_ sets: [GeodesyBench.Pairs]) throws(BenchError) -> [String: Double] {
        let python = venv + "/bin/python"
        if !FileManager.default.isExecutableFile(atPath: python) {
            progress("creating the venv \(venv) and installing geographiclib")
            try? FileManager.default.createDirectory(atPath: venv, withIntermediateDirectories: true)
            try ChildProcess.check("creating the venv", "python3", ["-m", "venv", venv])
        }
        if (try? ChildProcess.run(python, ["-c", "import geographiclib"], stdoutPath: "/dev/null"))?.exitStatus != 0 {
            try ChildProcess.check("pip install geographiclib", venv + "/bin/pip", ["install", "-q", "geographiclib"])
        }
        var out: [String: Double] = [:]
        for set in sets {
            let path = NSTemporaryDirectory() + "flowbench-geodesy-pairs.csv"
            let n = min(set.lat1.count, 20_000)
            var text = ""
            for i in 0..<n { text += "\(set.lat1[i]),\(set.lon1[i]),\(set.lat2[i]),\(set.lon2[i])\n" }
            guard (try? text.write(toFile: path, atomically: true, encoding: .utf8)) != nil else {
                throw .setup("cannot write \(path)")
            }
            let script = """
            import sys, time
            from geographiclib.geodesic import Geodesic
            g = Geodesic.WGS84
            rows = [tuple(map(float, l.split(','))) for l in open(sys.argv[1])]
            best = []
            for _ in range(3):
                t = time.perf_counter()
                for a, b, c, d in rows: g.Inverse(a, b, c, d)
                best.append((time.perf_counter() - t) / len(rows) * 1e9)
            best.sort(); print(best[1])
            """
            let output = NSTemporaryDirectory() + "flowbench-geodesy-out.txt"
            progress("GeographicLib (Python) on \(Format.grouped(n)) \(set.name) pairs")
            try ChildProcess.check("GeographicLib in Python", python, ["-c", script, path], stdoutPath: output)
            let figure = (try? String(contentsOfFile: output, encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard let figure else { throw .setup("GeographicLib run printed no figure (\(output))") }
            out[set.name] = figure
        }
        return out
    }
}
