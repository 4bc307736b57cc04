/// `flowbench store`'s report and goals.
extension StoreBench.Result {
    func render(runs: Int, spawns: Int) -> String {
        var warm = TextTable(
            "Warm, from Lua, one runtime on one opened store — µs per operation, median of \(runs) runs",
            header: ["operation", "ops/run", "p50 µs", "min µs", "max µs"])
        for (operation, samples) in perOperation {
            warm.add([
                operation.label, Format.grouped(operation.n), Format.fixed(samples.median, 2), Format.fixed(samples.min, 2), Format.fixed(samples.max, 2),
            ])
        }
        warm.add([
            "a whole act run with one write (commit included), ms", "1", Format.fixed(actRun.median, 3), Format.fixed(actRun.min, 3),
            Format.fixed(actRun.max, 3),
        ])
        warm.note("each run: the operation n times in one run (writes: one act run, one transaction), less an empty loop's run.")
        var list = TextTable("Listing, from Lua — ms, median of \(runs) runs", header: ["what", "rows", "p50 ms", "min ms", "max ms"])
        list.add([
            "store.favorites() into a Lua table", Format.grouped(listed), Format.fixed(self.list.median, 3), Format.fixed(self.list.min, 3),
            Format.fixed(self.list.max, 3),
        ])
        list.add([
            "the same, back to back", Format.grouped(listed), Format.fixed(listBackToBack.median, 3), Format.fixed(listBackToBack.min, 3),
            Format.fixed(listBackToBack.max, 3),
        ])
        list.add([
            "reference: Lua building the same tables from strings it holds", Format.grouped(listed), Format.fixed(listReference.median, 3),
            Format.fixed(listReference.min, 3), Format.fixed(listReference.max, 3),
        ])
        list.note("each run less an empty run just before it; first with earlier runs' garbage collected before both,")
        list.note("then back to back, where each listing also sweeps the 10,000 tables of the one before. The reference")
        list.note(
            "runs between the listings: listing / reference = \(Format.fixed(self.list.median / listReference.median, 2))× (how fast the machine is moves both)."
        )
        var cold = TextTable("Cold flowrun, spawned — ms and MiB, \(spawns) spawns each (+2 untimed)", header: ["command", "p50 ms", "p90 ms", "peak MiB"])
        for figure in self.cold {
            cold.add([
                figure.label, Format.fixed(figure.wallMs.median, 2), Format.fixed(figure.wallMs.percentile(90), 2), Format.fixed(figure.maxRSSMiB.median, 1),
            ])
        }
        return [warm.render(), list.render(), cold.render(), Goal.render(goals)].joined(separator: "\n")
    }

    /// Issue 16's goals.
    var goals: [Goal] {
        let worst = perOperation.map(\.1.median).max() ?? .nan
        let listMs = list.median
        let coldStore = cold.count > 1 ? cold[1].wallMs.median : .nan
        return [
            Goal(
                name: "store read and write from Lua, p50 per operation < 20 µs (warm)", measured: Format.fixed(worst, 2) + " µs (slowest)", passed: worst < 20),
            Goal(
                name: "listing 10,000 favorites < 5 ms", measured: Format.fixed(listMs, 2) + " ms (back to back \(Format.fixed(listBackToBack.median, 2)))",
                passed: listMs < 5),
            Goal(name: "cold flowrun --park GOGA home reading a profile ≤ 30 ms", measured: Format.fixed(coldStore, 2) + " ms", passed: coldStore <= 30),
        ]
    }
}
