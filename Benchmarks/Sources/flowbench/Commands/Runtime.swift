import ArgumentParser
import FlowKit

extension Flowbench {
    /// `flowbench` (or `flowbench runtime`): cases 1-3 of docs/architecture.md's "Measuring" on park GOGA.
    struct Runtime: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The cost of a call from Lua into Swift, a cold 'flowrun --park GOGA home', and where in-process time goes.",
            discussion: """
                Case 1: a call from Lua into Swift against a Lua call and a plain loop (a-c), and the park's native \
                geo.distance against the same haversine in Lua (d). Case 2: flowrun spawned cold, against \
                'flowrun --help' and /bin/true. Case 3: the steps of one 'home' run in this process. Then the goals.
                Examples:
                  flowbench
                  flowbench --runs 5 --iterations 3000000
                  flowbench --root ../my-copy --flowrun .build/release/flowrun
                """)

        static let park = "GOGA"

        @Option(help: ArgumentHelp("Runs per in-process figure; every figure is their median.", valueName: "n"))
        var runs = 7

        @Option(help: ArgumentHelp("Timed spawns of flowrun per command.", valueName: "n"))
        var spawns = 20

        @Option(help: ArgumentHelp("Untimed spawns before the timed ones.", valueName: "n"))
        var warmups = 2

        @Option(help: ArgumentHelp("Loop iterations per run, cases 1a-1c.", valueName: "n"))
        var iterations = 10_000_000

        @Option(help: ArgumentHelp("Loop iterations per run, case 1d.", valueName: "n"))
        var geoIterations = 1_000_000

        @OptionGroup var project: ProjectOptions

        /// Words that are not options: the runtime benchmark takes none, so the first is a
        /// subcommand flowbench does not have (`flowbench nosuch`).
        @Argument(help: .hidden)
        var unknown: [String] = []

        func validate() throws {
            if let word = unknown.first {
                let names = Flowbench.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
                throw ValidationError(
                    "'\(word)' is not a flowbench subcommand; they are \(names.joined(separator: ", ")). "
                        + "See 'flowbench --help'.")
            }
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1_000_000_000)
            try CommandLineValues.wholeNumber("--spawns", spawns, in: 1...1_000_000_000)
            try CommandLineValues.wholeNumber("--warmups", warmups, in: 0...1_000_000_000)
            try CommandLineValues.wholeNumber("--iterations", iterations, in: 1000...1_000_000_000)
            try CommandLineValues.wholeNumber("--geo-iterations", geoIterations, in: 1000...1_000_000_000)
        }

        func run() throws {
            let park = Self.park
            let root = try BenchEnvironment.checkedRoot(project.root)
            // Order: spawns first, while this process is small (its peak RSS is the floor of every
            // child's ru_maxrss), then the in-process figures, whose first pass must be the first
            // FlowKit work of the process; case 1 last.
            progress("case 2: spawning flowrun \(warmups + spawns) times per command")
            let cold = try ColdRunBench(flowrun: project.flowrun, root: root, park: park).run(spawns: spawns, warmups: warmups)
            progress("case 3: \(runs + 1) in-process passes")
            let steps = try InProcessBench(root: root, park: park).run(runs: runs)
            progress("case 1 (a)-(c): \(runs) runs of \(Format.grouped(iterations)) iterations per variant")
            let calls = try CallCostBench(iterations: iterations).run(runs: runs)
            progress("case 1 (d): \(runs) runs of \(Format.grouped(geoIterations)) iterations per variant")
            let staged = try StagedProject(root: root, park: park, flowFile: BenchScripts.geoFlowFile, source: BenchScripts.geoFlow)
            defer { staged.remove() }
            let geo = try GeoCallBench(project: staged, park: park, iterations: geoIterations).run(runs: runs)

            print(BenchEnvironment.header(runs: runs, spawns: spawns, warmups: warmups, root: root, park: park))
            print(calls.render(geo: geo, runs: runs, park: park))
            print(cold.render())
            print(InProcessBench.render(steps, runs: runs, park: park, root: root))
            print(Goal.render(Goal.all(calls: calls, cold: cold)), terminator: "")
        }
    }
}
