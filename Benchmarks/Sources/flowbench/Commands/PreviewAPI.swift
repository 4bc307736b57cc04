import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench preview-api`: the preview's JSON API against the same run in process, and its idle CPU.
    struct PreviewAPI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview-api",
            abstract: "flowrun preview as an app client and an idle author see it: the warm map over HTTP against the same run in process, /parks, idle CPU.",
            discussion: """
                Spawns 'flowrun preview --root COPY --port 0' (a copy of --root's flows/ and parks/), counts its CPU \
                (utime + stime, /proc/PID/stat) over --idle seconds while nothing asks it anything, then times \
                --gets warm GETs of GOGA's map JSON (HTTP/1.1 keep-alive): the same one again, which the server keeps, \
                and each with an argument of its own, which it runs; then of /parks. The map is also run and written \
                in this process, as 'flowrun --park GOGA map --format json' does, for the ratio. With --against, both \
                servers run at once and are asked in turn, one GET each, with ratios.
                Examples:
                  flowbench preview-api
                  flowbench preview-api --flowrun .build/release/flowrun --against OLD/.build/release/flowrun --idle 20
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: ArgumentHelp("An older flowrun to measure beside --flowrun, in the same run.", valueName: "path"))
        var against: String?

        @Option(help: ArgumentHelp("Timed GETs (and in-process runs) per figure.", valueName: "n"))
        var gets = 200

        @Option(help: ArgumentHelp("Untimed GETs first.", valueName: "n"))
        var warmups = 5

        @Option(help: ArgumentHelp("Seconds the idle server's CPU is counted over.", valueName: "seconds"))
        var idle = 20.0

        @Flag(help: "Print the figures as JSON.")
        var json = false

        func validate() throws {
            try CommandLineValues.wholeNumber("--gets", gets, in: 1...1_000_000)
            try CommandLineValues.wholeNumber("--warmups", warmups, in: 0...1000)
            try CommandLineValues.finite("--idle", idle)
            guard idle >= 1 else { throw ValidationError("--idle expects seconds, at least 1, got \(idle)") }
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(project.root)
            guard let flowrun = try BenchEnvironment.optionalFlowrun(project.flowrun) else {
                throw BenchError.setup("preview-api: no flowrun binary next to flowbench; build it or pass --flowrun PATH")
            }
            var builds = [(name: "new", flowrun: flowrun)]
            if let against {
                guard let old = try BenchEnvironment.optionalFlowrun(against) else { throw BenchError.badInput("--against: no flowrun") }
                builds.append((name: "old", flowrun: old))
            }
            let bench = PreviewAPIBench(root: root, builds: builds, gets: gets, warmups: warmups, idleSeconds: idle)
            let result = try BenchEnvironment.wait("preview-api") { try await bench.run() }
            if json {
                print(PreviewAPIBench.json(result), terminator: "")
                return
            }
            let info = ProcessInfo.processInfo
            print(
                PreviewAPIBench.table(
                    result, title: "Preview API — \(gets) GETs per figure (+\(warmups) warm-ups), \(Format.fixed(idle, 0)) s idle, from \(root)",
                    notes: [
                        "map: GOGA map at \(PreviewBench.time), p50; in process: FlowRuntime.run + JSONRenderer().render",
                        "machine: \(info.activeProcessorCount) cores, load \(BenchEnvironment.loadAverage())",
                    ]), terminator: "")
        }
    }
}
