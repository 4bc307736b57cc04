import Foundation

/// `flowbench warm --against OTHER`: this build and another one measured in the same run.
/// Each round spawns both binaries as `warm --rounds 1 --json`, one after the other, and the
/// one that goes first alternates, so a machine that slows down or speeds up during the run
/// moves both alike. The figures are the medians over rounds, as in a plain run.
struct WarmComparison {
    let other: String
    let root: String
    let track: String
    let rounds: Int
    let runs: Int
    let warmups: Int
    /// `--only`, passed on to both.
    let only: String?
    /// `--no-idle`, passed on to this build only (an older one may not know it).
    let noIdle: Bool

    func run() throws(BenchError) -> (cases: [WarmBench.Case], before: [String: WarmBench.Result], after: [String: WarmBench.Result]) {
        guard FileManager.default.isExecutableFile(atPath: other) else { throw .badInput("--against \(other): not an executable file") }
        guard let own = BenchEnvironment.ownExecutable() else { throw .setup("warm: cannot find this flowbench's own path") }
        var before: [String: WarmBench.Figure] = [:], after: [String: WarmBench.Figure] = [:]
        for round in 1...rounds {
            let order = round % 2 == 1 ? [(other, true), (own, false)] : [(own, false), (other, true)]
            for (program, isBefore) in order {
                progress("warm --against: round \(round) of \(rounds): \(isBefore ? "before" : "after") (\(program))")
                for (id, result) in try spawn(program, own: !isBefore) {
                    if isBefore {
                        Self.add(result, to: &before[id, default: .init()])
                    } else {
                        Self.add(result, to: &after[id, default: .init()])
                    }
                }
            }
        }
        let parks = after.keys.filter { $0.hasPrefix("runtime_") }.map { String($0.dropFirst("runtime_".count)) }.sorted()
        return (WarmBench.cases(parks: parks), before.mapValues(WarmBench.Result.init), after.mapValues(WarmBench.Result.init))
    }

    private static func add(_ result: WarmBench.Result, to figure: inout WarmBench.Figure) {
        figure.p50.add(result.p50)
        figure.p99.add(result.p99)
        if let mean = result.idleMean, let max = result.idleMax {
            figure.idleMean.add(mean)
            figure.idleMax.add(max)
        }
    }

    /// One round of `program warm --json`, parsed.
    private func spawn(_ program: String, own: Bool) throws(BenchError) -> [String: WarmBench.Result] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-warm-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try ChildProcess.check(
            "flowbench warm", program,
            [
                "warm", "--rounds", "1", "--runs", String(runs), "--warmups", String(warmups),
                "--root", root, "--track", track, "--json",
            ] + (only.map { ["--only", $0] } ?? []) + (own && noIdle ? ["--no-idle"] : []),
            stdoutPath: output)
        guard let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            throw .setup("warm: cannot read what \(program) printed (\(output))")
        }
        return try WarmBench.parse(text, from: program)
    }
}
