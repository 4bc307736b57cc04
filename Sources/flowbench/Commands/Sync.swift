import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench sync`: the updater's requests, objects and time.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The updater against the project's own server: requests and objects per sync (counted by the server) and time.",
            discussion: """
                Bundles a copy of the park with a fresh key, serves it on 127.0.0.1 and syncs a cache from it in this \
                process: the first sync, then --runs syncs with no change, then --runs syncs each after a one-flow \
                change (a comment added to flows/home.lua, published as a new version). With the release flowrun next \
                to flowbench (or --flowrun), also --runs cold processes of 'flowrun sync' with no change.
                Examples:
                  flowbench sync
                  flowbench sync --park YELL --runs 50
                """)

        @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
        var root = "."

        @Option(help: "The park to bundle.")
        var park = "GOGA"

        @Option(help: ArgumentHelp("Timed runs of each case.", valueName: "n"))
        var runs = 20

        @Option(help: ArgumentHelp("The flowrun binary for the cold runs (default: next to flowbench; 'none' skips them).", valueName: "path"))
        var flowrun: String?

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...100_000)
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(root)
            let binary = try BenchEnvironment.optionalFlowrun(flowrun)
            progress("sync: \(park), \(runs) runs per case\(binary == nil ? " (no flowrun binary: no cold runs)" : "")")
            let bench = SyncBench(root: root, park: park, runs: runs, flowrun: binary)
            let figures = try BenchEnvironment.wait("sync") { () async throws(BenchError) in try await bench.run() }
            print(bench.report(figures), terminator: "")
        }
    }
}
