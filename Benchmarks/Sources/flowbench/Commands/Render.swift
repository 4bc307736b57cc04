import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench render`: text, JSON and SVG rendering of screens already produced.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The time to render a screen already produced, as text, JSON (directly and through JSONEncoder) and SVG.",
            discussion: """
                The flows run once (GOGA's map at its default view and at zoom 12, home, sites, ar; \
                YOSE's geofence replay of the exit track, with the clock fixed); then each round \
                renders every screen in every format --calls times. With --against, another \
                flowbench binary (an older build) runs the same rounds as a child process, alternating \
                with this one (each round one child of each, --runs 1 --calls n), and the table sets the \
                two side by side with their ratio and whether they wrote the same bytes.
                Examples:
                  flowbench render
                  flowbench render --format json --json
                  flowbench render --against /tmp/base/Benchmarks/.build/release/flowbench --runs 9
                """)

        @Option(help: ArgumentHelp("Rounds; p50 is the median of the rounds' medians.", valueName: "n"))
        var runs = 5

        @Option(help: ArgumentHelp("Renders of each screen in each format per round.", valueName: "n"))
        var calls = 200

        @Option(
            help: ArgumentHelp(
                "Only this format: text, json, json-encoder (the same JSON through JSONEncoder) or svg (default: all).",
                valueName: "format"))
        var format: String?

        @Flag(help: "Print the figures as JSON: {\"map\": {\"json\": {\"p50_ms\": …, \"p99_ms\": …, \"bytes\": …, \"fnv1a64\": …}}, …}.")
        var json = false

        @Option(help: ArgumentHelp("Another flowbench binary with this subcommand, run side by side as 'before'.", valueName: "path"))
        var against: String?

        @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
        var root = "."

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1_000_000)
            try CommandLineValues.wholeNumber("--calls", calls, in: 1...1_000_000_000)
            if let format, !RenderBench.formats.contains(format) {
                throw ValidationError("--format expects \(RenderBench.formats.joined(separator: ", ")), got '\(format)'")
            }
            if json && against != nil { throw ValidationError("--json and --against cannot be combined") }
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(root)
            if let against {
                print(try compare(against: CommandLineValues.absolutePath(against), root: root), terminator: "")
                return
            }
            progress("render: \(runs) rounds of \(Format.grouped(calls)) renders per screen and format")
            let figures = try RenderBench(root: root, calls: calls, formats: format.map { [$0] } ?? RenderBench.formats).run(runs: runs)
            print(json ? RenderBench.json(figures) : RenderBench.render(figures, runs: runs, calls: calls), terminator: "")
        }

        /// Rounds of this binary and `other`, each a child `render --json --runs 1`, the
        /// order alternating so drift falls on both alike.
        private func compare(against other: String, root: String) throws(BenchError) -> String {
            guard let own = BenchEnvironment.ownExecutable() else { throw .setup("render: cannot find this executable") }
            guard FileManager.default.isExecutableFile(atPath: other) else { throw .badInput("--against \(other): not an executable file") }
            let output = NSTemporaryDirectory() + "flowbench-render-\(getpid()).json"
            defer { try? FileManager.default.removeItem(atPath: output) }
            let arguments = ["render", "--json", "--runs", "1", "--calls", String(calls), "--root", root] + (format.map { ["--format", $0] } ?? [])
            var before: [String: RenderBench.Side] = [:], after: [String: RenderBench.Side] = [:]
            for round in 0..<runs {
                progress("render: round \(round + 1) of \(runs)")
                let sides = round % 2 == 0 ? [(other, true), (own, false)] : [(own, false), (other, true)]
                for (binary, isBefore) in sides {
                    try ChildProcess.check("flowbench render", binary, arguments, stdoutPath: output)
                    if isBefore { try RenderBench.collect(output, into: &before) } else { try RenderBench.collect(output, into: &after) }
                }
            }
            let order = RenderBench.cases.flatMap { c in RenderBench.formats.map { "\(c.id)/\($0)" } }
            return RenderBench.renderComparison(before: before, after: after, order: order, rounds: runs, against: other)
        }
    }
}
