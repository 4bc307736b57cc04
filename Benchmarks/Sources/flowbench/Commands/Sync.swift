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

        @OptionGroup var options: BundleBenchOptions

        func run() throws {
            let (park, runs) = (options.park, options.runs)
            let root = try BenchEnvironment.checkedRoot(options.root)
            let binary = try BenchEnvironment.optionalFlowrun(options.flowrun)
            progress("sync: \(park), \(runs) runs per case\(binary == nil ? " (no flowrun binary: no cold runs)" : "")")
            let bench = SyncBench(root: root, park: park, runs: runs, flowrun: binary)
            let figures = try BenchEnvironment.wait("sync") { () async throws(BenchError) in try await bench.run() }
            print(bench.report(figures), terminator: "")
        }
    }
}
