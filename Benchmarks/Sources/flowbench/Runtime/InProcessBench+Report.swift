/// Case 3 as a table.
extension InProcessBench {
    static func render(_ steps: [InProcessBench.Step], runs: Int, park: String, root: String) -> String {
        var table = TextTable(
            "3. In-process, park \(park) from \(root) — median of \(runs) runs, each on a fresh FlowRuntime",
            header: ["step", "1st in process ms", "fresh runtime ms", "again ms"])
        for step in steps {
            table.add([
                step.label, Format.fixed(step.firstInProcess, 2), Format.fixed(step.fresh.median, 2),
                step.again.count == 0 ? "—" : Format.fixed(step.again.median, 2),
            ])
        }
        // What `flowrun --park GOGA home` does inside the process.
        let cold = [InProcessBench.StepID.construct, .home, .render].map { steps[$0.rawValue] }
        let firstTotal = cold.map(\.firstInProcess).reduce(0, +)
        let freshTotal = cold.dropFirst().reduce(cold[0].fresh) { total, step in
            Samples(zip(total.values, step.fresh.values).map(+))
        }
        table.add(["construct + home + render (flowrun home)", Format.fixed(firstTotal, 2), Format.fixed(freshTotal.median, 2), ""])
        table.note("1st in process: the first FlowKit work of this process (libraries, ICU, page faults paid once).")
        table.note("fresh runtime: a new FlowRuntime each run; its first home loads sites.geojson, sites --at boundary.geojson.")
        table.note("again: the same flow once more on the same runtime.")
        return table.render()
    }
}
