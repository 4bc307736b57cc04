import ArgumentParser

extension Flowbench {
    /// `flowbench store`: the visitor's store from Lua and a cold flowrun that reads it.
    struct Store: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The visitor's store: warm reads and writes from Lua, listing 10,000 favorites, cold flowrun with a profile.",
            discussion: """
                Runs on a copy of park GOGA with a bench flow, on database files in a temporary folder (removed after).
                Examples:
                  flowbench store
                  flowbench store --runs 21 --spawns 40
                """)

        @Option(help: ArgumentHelp("Runs per warm figure; every figure is their median.", valueName: "n"))
        var runs = 15

        @Option(help: ArgumentHelp("Timed spawns of flowrun per command.", valueName: "n"))
        var spawns = 20

        @OptionGroup var project: ProjectOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...100_000)
            try CommandLineValues.wholeNumber("--spawns", spawns, in: 1...100_000)
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(project.root)
            let flowrun = try ColdRunBench(flowrun: project.flowrun, root: root, park: "GOGA").flowrun
            let result = try StoreBench(root: root, flowrun: flowrun, runs: runs, spawns: spawns).run()
            print(BenchEnvironment.header(runs: runs, spawns: spawns, warmups: 2, root: root, park: "GOGA"))
            print(result.render(runs: runs, spawns: spawns), terminator: "")
        }
    }
}
