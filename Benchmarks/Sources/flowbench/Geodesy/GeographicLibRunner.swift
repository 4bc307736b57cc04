import Foundation

/// Times GeographicLib's `Geodesic.WGS84.Inverse` from Python on the same pairs (written to a file).
struct GeographicLibRunner {
    /// The timing script: Benchmarks/reference/geodesy/geographiclib_inverse.py.
    static let script = ReferenceFiles.geographicLib

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
            let output = NSTemporaryDirectory() + "flowbench-geodesy-out.txt"
            progress("GeographicLib (Python) on \(Format.grouped(n)) \(set.name) pairs")
            try ChildProcess.check("GeographicLib in Python", python, [Self.script, path], stdoutPath: output)
            let figure = (try? String(contentsOfFile: output, encoding: .utf8)).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard let figure else { throw .setup("GeographicLib run printed no figure (\(output))") }
            out[set.name] = figure
        }
        return out
    }
}
