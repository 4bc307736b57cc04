import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench warm`: one screen in a live FlowRuntime, and building a runtime per park.
    struct Warm: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Warm flow runs in a live FlowRuntime (home, sites, a search, map + JSON, ar, a geofence replay) and building a runtime per park.",
            discussion: """
                Runtimes for GOGA and YOSE are built once and warmed up; each round then times every case --runs \
                times: home; sites --at 37.8078,-122.4750; sites --arg q='fort m' (a search as it is typed); map --center 37.80,-122.46 --zoom 12 with its JSON \
                rendering (and each part alone); ar --at 37.8078,-122.4750 --heading 90; the YOSE replay of --track \
                (the 2,471-fix exit track); and a new FlowRuntime per park. A figure is the median over rounds of \
                that round's p50 or p99. Each case checks that its last screen equals its first. After each run \
                the runtime's idle work (FlowRuntime.idle(), what an app calls between screens) is timed apart: \
                the mean and longest call per round; --no-idle leaves it out. --sites N times a copy of the \
                project whose GOGA has N sites (its own, then moved copies of them).
                With --against OTHER (another build's flowbench), both binaries run 'warm --rounds 1 --json' \
                alternately, --rounds times each, first one then the other first, and the table shows both.
                Examples:
                  flowbench warm
                  flowbench warm --json
                  flowbench warm --sites 30000
                  flowbench warm --rounds 5 --runs 500 --against /tmp/before/Benchmarks/.build/release/flowbench
                """)

        @Option(help: ArgumentHelp("Rounds; each figure is the median of the rounds'.", valueName: "n"))
        var rounds = 3

        @Option(help: ArgumentHelp("Timed runs per case per round.", valueName: "n"))
        var runs = 1000

        @Option(help: ArgumentHelp("Untimed runs per case before each round's timed ones.", valueName: "n"))
        var warmups = 20

        @Option(help: ArgumentHelp("The GPX track the YOSE replay plays.", valueName: "file"))
        var track = WarmBench.defaultTrack

        @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
        var root = "."

        @Option(help: ArgumentHelp("Another build's flowbench to run alternately with this one.", valueName: "path"))
        var against: String?

        @Option(help: ArgumentHelp("Time a copy of the project whose GOGA has this many sites.", valueName: "n"))
        var sites: Int?

        @Flag(help: "Run without the runtime's idle work between runs.")
        var noIdle = false

        @Option(
            help: ArgumentHelp(
                "Only these cases, comma-separated: \(WarmBench.caseGroups.joined(separator: ", ")) (for a profiler).",
                valueName: "cases"))
        var only: String?

        @Flag(help: "Print the figures as JSON: {\"home\": {\"p50_ms\": ..., \"p99_ms\": ...}, ...}.")
        var json = false

        func validate() throws {
            try CommandLineValues.wholeNumber("--rounds", rounds, in: 1...1000)
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...10_000_000)
            try CommandLineValues.wholeNumber("--warmups", warmups, in: 0...10_000_000)
            if let sites { try CommandLineValues.wholeNumber("--sites", sites, in: 1...1_000_000) }
            for name in selection ?? [] where !WarmBench.caseGroups.contains(name) {
                throw ValidationError("--only: no case '\(name)'; cases are \(WarmBench.caseGroups.joined(separator: ", "))")
            }
        }

        private var selection: Set<String>? {
            only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
        }

        func run() throws {
            let project = try BenchEnvironment.checkedRoot(self.root)
            let scaled = try sites.map { n throws(BenchError) in
                try ScaledPark(root: project, park: WarmBench.park, sites: n, alongside: [WarmBench.replayPark])
            }
            defer { scaled?.remove() }
            let root = scaled?.path ?? project
            let track = CommandLineValues.absolutePath(self.track)
            guard FileManager.default.isReadableFile(atPath: track) else {
                throw BenchError.badInput("--track \(self.track): no such readable file")
            }
            let sized = sites.map { ", \(WarmBench.park) with \(Format.grouped($0)) sites" } ?? ""
            let title = "Warm runs — \(rounds) rounds x \(Format.grouped(runs)) runs per case (+\(warmups) warm-ups), from \(project)\(sized)"
            let notes = [
                "a figure is the median over rounds of each round's p50 or p99; machine load \(BenchEnvironment.loadAverage())",
                noIdle
                    ? "no idle work between runs (--no-idle)"
                    : "idle: FlowRuntime.idle() after each run, timed apart: the median over rounds of each round's mean and longest call",
            ]
            if let against {
                let other = CommandLineValues.absolutePath(against)
                let compared = try WarmComparison(
                    other: other, root: root, track: track, rounds: rounds, runs: runs, warmups: warmups,
                    only: only, noIdle: noIdle
                ).run()
                if json {
                    print(WarmBench.json(compared.cases, compared.after, before: compared.before), terminator: "")
                } else {
                    print(
                        WarmBench.table(
                            compared.cases, compared.after, before: compared.before, title: title,
                            notes: notes + ["before: \(other); after: this flowbench; speed-up: before / after p50"]),
                        terminator: "")
                }
                return
            }
            let bench = WarmBench(
                root: root, trackPath: track, rounds: rounds, runs: runs, warmups: warmups, only: selection, idle: !noIdle)
            let measured = try bench.run()
            let results = measured.figures.mapValues(WarmBench.Result.init)
            if json {
                print(WarmBench.json(measured.cases, results), terminator: "")
            } else {
                print(
                    WarmBench.table(
                        measured.cases, results, title: title,
                        notes: notes + ["replay: \(Format.grouped(measured.fixes)) fixes of \(self.track)"]),
                    terminator: "")
            }
        }
    }
}
