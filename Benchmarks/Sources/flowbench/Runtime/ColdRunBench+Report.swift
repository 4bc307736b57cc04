/// Case 2 as a table.
extension ColdRunBench.Result {
    func render() -> String {
        var table = TextTable(
            "2. Cold flowrun — \(spawns) spawns after \(warmups) warm-ups, stdout to /dev/null, measured from outside",
            header: ["command", "median ms", "p90 ms", "min ms", "median peak MiB", "max peak MiB"])
        for figure in figures {
            table.add([
                figure.label, Format.fixed(figure.wallMs.median, 2), Format.fixed(figure.wallMs.percentile(90), 2),
                Format.fixed(figure.wallMs.min, 2), Format.fixed(figure.maxRSSMiB.median, 1),
                Format.fixed(figure.maxRSSMiB.max, 1),
            ])
        }
        table.note("wall = posix_spawn to wait4; peak = wait4's rusage ru_maxrss.")
        table.note("command: \(command.joined(separator: " "))")
        if let spawnerPeakMiB {
            table.note("glibc's posix_spawn is a vfork, and Linux charges the spawner's peak RSS to the child at exec: every")
            table.note(
                "peak above reads at least flowbench's own \(Format.fixed(spawnerPeakMiB, 1)) MiB (the /bin/true row); above that floor it is the child's.")
        }
        return table.render()
    }
}
