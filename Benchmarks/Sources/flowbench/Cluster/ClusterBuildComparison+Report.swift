/// The like-for-like build table of `flowbench cluster --with-python` and its goals.
struct ClusterComparisonReport {
    let bench: ClusterBench
    let rows: [ClusterBuildComparison.Row]

    /// What the JavaScript column says: supercluster's own JavaScript cannot be had here.
    static let javaScript = "not available: supercluster JS is not installable offline"

    func table() -> TextTable {
        let rounds = rows.first?.rounds ?? bench.runs
        var t = TextTable(
            "Build, like for like (ms; median over \(rounds) rounds of fresh processes, flowrun and pysupercluster interleaved)",
            header: [
                "dataset", "CPUs", "flowrun first", "pysc first", "ratio", "(per round)",
                "flowrun warm", "pysc warm", "ratio", "(per round)", "supercluster JS",
            ])
        for r in rows {
            let first = r.python.first.median / r.flowrun.first.median
            let warm = r.python.warm.median / r.flowrun.warm.median
            t.add([
                r.dataset, cpuLabel(r), ms(r.flowrun.first.median), ms(r.python.first.median), Format.ratio(first), range(r.firstRatios),
                ms(r.flowrun.warm.median), ms(r.python.warm.median), Format.ratio(warm), range(r.warmRatios), "not available",
            ])
        }
        t.note("Each process loads the points, builds once (first) and rebuilds (warm: the median of its rebuilds; 5 for the parks, 1 for world_1m).")
        t.note("flowrun: flowbench cluster-build-once FILE --repeat N --json (rebuilds share one BuildScratch); pysupercluster 0.7.7: the same loop in Python.")
        t.note(
            "CPUs: taskset -c 0 or 0,1 on both sides, and flowrun's --threads 1 or 2 (ClusterIndex.withBuildThreads): its default, one per core, does not see taskset."
        )
        t.note("Rounds alternate which side runs first; ratio = pysupercluster / flowrun (> 1: flowrun faster); per round: the range of the rounds' ratios.")
        t.note("supercluster JS: \(Self.javaScript) (no npm registry here; Debian and PyPI do not package it).")
        return t
    }

    func goals() -> [Goal] {
        var goals: [Goal] = []
        for r in rows where r.dataset == "park_100k" {
            let first = r.python.first.median / r.flowrun.first.median
            let warm = r.python.warm.median / r.flowrun.warm.median
            goals.append(
                Goal(
                    name: "build park_100k ≥ 3x pysupercluster, warm vs warm, \(cpuLabel(r))",
                    measured: "\(Format.ratio(warm)) (\(ms(r.flowrun.warm.median)) vs \(ms(r.python.warm.median)) ms)",
                    passed: warm >= 3))
            goals.append(
                Goal(
                    name: "build park_100k ≥ 3x pysupercluster, first vs first, \(cpuLabel(r))",
                    measured: "\(Format.ratio(first)) (\(ms(r.flowrun.first.median)) vs \(ms(r.python.first.median)) ms)",
                    passed: first >= 3))
        }
        return goals
    }

    /// The same figures as a markdown table, for the README and docs/benchmarks.md; empty without rows.
    func markdown() -> [String] {
        guard !rows.isEmpty else { return [] }
        var lines = [
            "| build, like for like (median of \(rows[0].rounds) rounds) | flowrun first / warm | pysupercluster first / warm "
                + "| ratio first / warm | supercluster JS |", "|---|---|---|---|---|",
        ]
        for r in rows {
            let first = r.python.first.median / r.flowrun.first.median
            let warm = r.python.warm.median / r.flowrun.warm.median
            lines.append(
                "| \(r.dataset), \(cpuLabel(r)) | \(ms(r.flowrun.first.median)) / \(ms(r.flowrun.warm.median)) ms "
                    + "| \(ms(r.python.first.median)) / \(ms(r.python.warm.median)) ms | \(Format.ratio(first)) / \(Format.ratio(warm)) | not available |")
        }
        return lines
    }

    private func cpuLabel(_ r: ClusterBuildComparison.Row) -> String {
        let n = r.flowrun.threads
        return "\(r.cpus == "0" ? "1 core" : "\(r.cpus.split(separator: ",").count) cores") (flowrun \(n) thread\(n == 1 ? "" : "s"))"
    }

    private func range(_ s: Samples) -> String { "\(Format.ratio(s.min))-\(Format.ratio(s.max))" }
    private func ms(_ x: Double) -> String { Format.fixed(x, x < 10 ? 2 : (x < 1000 ? 1 : 0)) }
}
