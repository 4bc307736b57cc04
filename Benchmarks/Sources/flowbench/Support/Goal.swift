/// The goals flowbench checks, with what was measured. A failed goal is reported, not
/// an error: flowbench still exits 0.
struct Goal {
    var name: String
    var measured: String
    var passed: Bool

    static func all(calls: CallCostBench.Result, cold: ColdRunBench.Result) -> [Goal] {
        let ratio = calls.ratio.median
        let wall = cold.home?.wallMs.median ?? .nan
        let wall90 = cold.home?.wallMs.percentile(90) ?? .nan
        let peak = cold.home?.maxRSSMiB.median ?? .nan
        // Issue 19's cold-start goals (docs/benchmarks.md, Cold start).
        return [
            Goal(name: "native call (b) ≤ 2.5x Lua call (a), net per call", measured: Format.ratio(ratio), passed: ratio <= 2.5),
            Goal(name: "cold flowrun --park GOGA home, median wall ≤ 15 ms", measured: Format.fixed(wall, 2) + " ms", passed: wall <= 15),
            Goal(name: "cold flowrun --park GOGA home, p90 wall ≤ 20 ms", measured: Format.fixed(wall90, 2) + " ms (p90)", passed: wall90 <= 20),
            Goal(name: "cold flowrun --park GOGA home, median peak ≤ 30 MiB", measured: Format.fixed(peak, 1) + " MiB", passed: peak <= 30),
        ]
    }

    static func render(_ goals: [Goal], measured: String = "measured (median)") -> String {
        var table = TextTable("Goals", header: ["goal", measured, "result"])
        for goal in goals { table.add([goal.name, goal.measured, goal.passed ? "PASS" : "FAIL"]) }
        let failed = goals.filter { !$0.passed }.count
        table.note(failed == 0 ? "all \(goals.count) goals met" : "\(failed) of \(goals.count) goals missed")
        return table.render()
    }
}
