import ArgumentParser

extension Flowbench {
    /// `flowbench servers`: the two local servers against hostile local clients (issue 38).
    struct Servers: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "flowrun preview and flowrun serve against hostile local clients: latency with held connections, memory with clients that never read.",
            discussion: """
                Spawns 'flowrun preview' (a copy of park GOGA) and 'flowrun serve' (GOGA bundled by 'flowrun bundle' \
                into a temporary folder, plus a 16 MiB GOGA/big.bin) under 'ulimit -n 1024', a fresh server per \
                scenario, and measures them from outside: (1) --requests plain GETs one after another; (2) the same \
                with --held connections held open, half silent, half sending a request head a byte a second; \
                (3) --readers clients that ask for an event stream (preview, the flow changed every 3 s) or the \
                16 MiB file (serve) and never read: the server's peak and current memory after --hold seconds, then \
                the plain GETs. With --against, the old build runs beside the new one, alternating, with ratios. \
                Goals (issue 38): with 1,000 held connections p99 ≤ 100 ms and none failed; peak < 200 MiB with \
                200 never-reading clients. The exit code stays 0 when a goal fails or a server dies.
                Example:
                  flowbench servers --flowrun .build/release/flowrun --against OLD/.build/release/flowrun
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: ArgumentHelp("An older flowrun to measure beside --flowrun, in the same run.", valueName: "path"))
        var against: String?

        @Option(help: ArgumentHelp("Rounds of all scenarios; figures are medians over them.", valueName: "n"))
        var runs = 1

        @Option(help: ArgumentHelp("Connections held open in scenario 2.", valueName: "n"))
        var held = 1_000

        @Option(help: ArgumentHelp("Plain GETs per measurement.", valueName: "n"))
        var requests = 200

        @Option(help: ArgumentHelp("Clients that never read in scenario 3.", valueName: "n"))
        var readers = 200

        @Option(help: ArgumentHelp("Seconds the never-reading clients are held before memory is read.", valueName: "seconds"))
        var hold = 15.0

        @Flag(help: "Held connections the server closes stay closed (by default they are opened again at once).")
        var noReopen = false

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...100)
            try CommandLineValues.wholeNumber("--held", held, in: 1...10_000)
            try CommandLineValues.wholeNumber("--requests", requests, in: 1...100_000)
            try CommandLineValues.wholeNumber("--readers", readers, in: 1...10_000)
            try CommandLineValues.finite("--hold", hold)
            guard hold > 0 else { throw ValidationError("--hold expects a number of seconds above 0, got \(hold)") }
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(project.root)
            guard let flowrun = try BenchEnvironment.optionalFlowrun(project.flowrun) else {
                throw BenchError.setup("servers: no flowrun binary next to flowbench; build it or pass --flowrun PATH")
            }
            var builds = [(name: "new", flowrun: flowrun)]
            if let against {
                guard let old = try BenchEnvironment.optionalFlowrun(against) else { throw BenchError.badInput("--against: no flowrun") }
                builds.append((name: "old", flowrun: old))
            }
            let bench = ServerLoadBench(
                root: root, builds: builds, runs: runs, held: held, requests: requests, readers: readers, holdSeconds: hold, reopen: !noReopen)
            print(try bench.run(), terminator: "")
        }
    }
}
