import ArgumentParser

extension Flowbench {
    /// `flowbench scale`: cold runs of GOGA copies of growing size.
    struct Scale: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parks of any size: cold home and every default flow on copies of GOGA with 433 to 100,000 sites.",
            discussion: """
                Each size is a copy of the project whose GOGA has that many sites (its own, then copies moved up \
                to ~300 m; the same park every time). Home is spawned cold --spawns times after one untimed run \
                (which keeps the compiled flows and the prepared site table, as any first run does); then each \
                default flow runs once under the default limits. Reports home's p50, p90 and peak RSS per size, the \
                largest size against the smallest, the slope in ms per 10,000 sites, and which flows pass.
                Examples:
                  flowbench scale
                  flowbench scale --sizes 433,1000,10000,100000 --spawns 20
                """)

        @Option(help: ArgumentHelp("Site counts, comma-separated.", valueName: "n,n,..."))
        var sizes = "433,1000,3000,10000,30000,100000"

        @Option(help: ArgumentHelp("Timed cold spawns of home per size.", valueName: "n"))
        var spawns = 10

        @OptionGroup var project: ProjectOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--spawns", spawns, in: 1...10_000)
            guard !counts.isEmpty, counts.allSatisfy({ (1...1_000_000).contains($0) }) else {
                throw ValidationError("--sizes: expected site counts from 1 to 1000000, comma-separated, got '\(sizes)'")
            }
        }

        private var counts: [Int] { sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(project.root)
            let flowrun = try ColdRunBench(flowrun: project.flowrun, root: root, park: WarmBench.park).flowrun
            let results = try ScaleBench(flowrun: flowrun, root: root).run(sizes: counts, spawns: spawns)
            print(ScaleBench.report(results, spawns: spawns), terminator: "")
        }
    }
}
