import Foundation

/// Builds compared like for like: flowrun's first build against pysupercluster's first, and
/// warm rebuilds against warm rebuilds, each side in fresh child processes that do the same
/// thing (load the points, build once, rebuild `warm` times), on one core and on two
/// (`taskset`), with the two sides' processes interleaved and their order alternated per round
/// so the machine's drift reaches both alike.
struct ClusterBuildComparison {
    enum Side { case flowrun, python }

    /// The per-process figures of one side: the first build, and the median of its warm rebuilds.
    struct Figures {
        var first = Samples()
        var warm = Samples()
        /// The threads the child's builds ran on (pysupercluster: always 1).
        var threads = 0
    }

    struct Row {
        var dataset: String
        var cpus: String
        var flowrun = Figures()
        var python = Figures()
        var rounds = 0
        var warmBuilds = 0

        /// Per round, pysupercluster / flowrun (the two processes of a round ran back to back).
        var firstRatios: Samples { python.first / flowrun.first }
        var warmRatios: Samples { python.warm / flowrun.warm }
    }

    /// The CPU lists given to taskset, with the thread cap given to flowrun's builds to match
    /// (its default count is the machine's cores, which does not see taskset): one core, and two
    /// when the machine has them.
    static var cpuSettings: [(cpus: String, threads: Int)] {
        ProcessInfo.processInfo.activeProcessorCount >= 2 ? [("0", 1), ("0,1", 2)] : [("0", 1)]
    }

    /// pysupercluster's side: what flowbench cluster-build-once --repeat N --json does, in Python
    /// (always the repository's copy: the shared bench has no such script).
    static let pythonScript = ReferenceFiles.cluster + "/build_once.py"
    /// The keys of the JSON line both sides print (build_once.py's too; `ReferenceLabelsTests`
    /// checks the script writes each).
    enum Key: String, CaseIterable { case first = "first_ms", warm = "warm_ms", threads = "threads" }

    let bench: ClusterBench
    /// This executable (its cluster-build-once is flowrun's side).
    let own: String
    /// The venv's python with pysupercluster.
    let python: String

    /// Rebuilds after the first in each process: 5 for the parks, 1 for world_1m (pysupercluster
    /// takes ~8 s a build there).
    static func warmBuilds(_ dataset: String) -> Int { dataset == "world_1m" ? 1 : 5 }

    func run(datasets: [String]) throws(BenchError) -> [Row] {
        var rows: [Row] = []
        for dataset in datasets {
            for (cpus, threads) in Self.cpuSettings {
                let warm = Self.warmBuilds(dataset)
                progress(
                    "\(dataset): like-for-like builds on CPU \(cpus), \(bench.runs) rounds of flowrun and pysupercluster "
                        + "processes (first build + \(warm) warm), interleaved")
                var row = Row(dataset: dataset, cpus: cpus, rounds: bench.runs, warmBuilds: warm)
                for round in 0..<bench.runs {
                    let order: [Side] = round % 2 == 0 ? [.flowrun, .python] : [.python, .flowrun]
                    for side in order {
                        let figures = try child(side, dataset: dataset, warm: warm, cpus: cpus, threads: threads)
                        if side == .flowrun { add(figures, to: &row.flowrun) } else { add(figures, to: &row.python) }
                    }
                }
                rows.append(row)
            }
        }
        return rows
    }

    private func add(_ f: (first: Double, warm: Double, threads: Int), to figures: inout Figures) {
        figures.first.add(f.first)
        figures.warm.add(f.warm)
        figures.threads = f.threads
    }

    /// One child process pinned to `cpus`: its first build and the median of its warm rebuilds, ms.
    private func child(
        _ side: Side, dataset: String, warm: Int, cpus: String, threads: Int
    ) throws(BenchError)
        -> (first: Double, warm: Double, threads: Int)
    {
        let file = bench.file(dataset)
        let arguments =
            side == .flowrun
            ? [
                "-c", cpus, own, "cluster-build-once", file, "--repeat", String(1 + warm), "--json",
                "--threads", String(threads),
            ]
            : ["-c", cpus, python, Self.pythonScript, file, String(warm)]
        let output = NSTemporaryDirectory() + "/flowbench-cluster-build-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let what = side == .flowrun ? "flowbench cluster-build-once on \(dataset)" : "pysupercluster on \(dataset)"
        try ChildProcess.check(what + " (taskset -c \(cpus))", "taskset", arguments, stdoutPath: output)
        let text = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let line = text.split(separator: "\n").last,
            let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let first = json[Key.first.rawValue] as? Double, let warmTimes = json[Key.warm.rawValue] as? [Double], !warmTimes.isEmpty,
            let threads = json[Key.threads.rawValue] as? Int
        else {
            throw .setup("\(what): expected a JSON line with first_ms, warm_ms and threads, got: \(text.prefix(300))")
        }
        return (first, Samples(warmTimes).median, threads)
    }
}
