import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench live`: the cost of a live session held for hours.
    struct Live: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A live session: a fix that changes nothing, a fix that enters the park, a content swap (GOGA), hours of a visitor with beacons (YELL).",
            discussion: """
                Each round times --fixes fixes of a walk in the park with home open (home reads no position: no flow \
                runs), the fix that enters the park with the sites list open (twenty walks in from the city), and ten \
                content versions built and swapped into a session with home and sites open. Then one session of \
                --hours hours, a fix a second, with home open: its CPU time and its resident memory from hour 1 on.
                Examples:
                  flowbench live
                  flowbench live --runs 3 --hours 1
                """)

        @Option(help: ArgumentHelp("Rounds; p50 is the median of the rounds' medians.", valueName: "n"))
        var runs = 5

        @Option(help: ArgumentHelp("Fixes per round of the idle figure.", valueName: "n"))
        var fixes = 5_000

        @Option(help: ArgumentHelp("Hours of the long session.", valueName: "n"))
        var hours = 8

        @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
        var root = "."

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1_000)
            try CommandLineValues.wholeNumber("--fixes", fixes, in: 1...10_000_000)
            try CommandLineValues.wholeNumber("--hours", hours, in: 1...48)
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(root)
            let result = try LiveBench(root: root, fixes: fixes, hours: hours).run(runs: runs)
            print(LiveBench.render(result, runs: runs, fixes: fixes, hours: hours), terminator: "")
        }
    }
}
