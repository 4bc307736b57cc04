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
            var binary = flowrun
            if binary == nil, let own = BenchEnvironment.ownExecutable() {
                binary = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("flowrun").path
            }
            if binary == "none" || !(binary.map { FileManager.default.isExecutableFile(atPath: $0) } ?? false) {
                if flowrun != nil && flowrun != "none" { throw BenchError.badInput("--flowrun \(flowrun ?? ""): not an executable file") }
                binary = nil
            }
            progress("sync: \(park), \(runs) runs per case\(binary == nil ? " (no flowrun binary: no cold runs)" : "")")
            let bench = SyncBench(root: root, park: park, runs: runs, flowrun: binary)
            // A ParsableCommand runs synchronously: the bench runs on the concurrency pool while this thread waits.
            let result = Outcome()
            let done = DispatchSemaphore(value: 0)
            Task {
                do throws(BenchError) { result.value = .success(try await bench.run()) } catch { result.value = .failure(error) }
                done.signal()
            }
            done.wait()
            guard let value = result.value else { throw BenchError.setup("sync: the benchmark did not finish") }
            print(bench.report(try value.get()), terminator: "")
        }

        /// The bench task's result. Unchecked but safe: written before `done.signal()`, read after `done.wait()`.
        private final class Outcome: @unchecked Sendable {
            var value: Result<SyncBench.Figures, BenchError>?
        }
    }
}
