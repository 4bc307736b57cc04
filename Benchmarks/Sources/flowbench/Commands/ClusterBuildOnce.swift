import ArgumentParser
import Foundation
import GeoKit

extension Flowbench {
    /// `flowbench cluster-build-once FILE`: one build, then exit. `flowbench cluster` runs it
    /// as a child for its ru_maxrss; `--repeat N` profiles one dataset quickly.
    struct ClusterBuildOnce: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cluster-build-once",
            abstract: "Build one ClusterIndex from a .f64 file and exit (the child 'flowbench cluster' measures).",
            discussion: """
                Prints the index's item count; with --load-only, reads the points and prints their count (the \
                child's baseline memory); with --repeat N, builds N times in this process and prints the median \
                and minimum milliseconds; with --repeat N --json, prints {"first_ms": …, "warm_ms": [N - 1 figures], \
                "threads": …} (the child 'flowbench cluster --with-python' compares with pysupercluster's). \
                --threads N caps the threads a build splits over (ClusterIndex.withBuildThreads; default one per \
                core, which does not see taskset). Options as 'flowbench cluster': radius 40, extent 512, zoom \
                0-16, minPoints 2.
                """,
            shouldDisplay: false)

        @Argument(help: ArgumentHelp("Little-endian float64 lon,lat pairs.", valueName: "file.f64"))
        var file: String

        @Flag(help: "Read the points only, no build.")
        var loadOnly = false

        @Option(name: .customLong("repeat"), help: ArgumentHelp("Builds to time in this process.", valueName: "n"))
        var repeats: Int?

        @Flag(help: "With --repeat: the first build's and the later builds' milliseconds as one JSON line.")
        var json = false

        @Option(help: ArgumentHelp("The most threads a build splits over (default: one per core, up to 8).", valueName: "n"))
        var threads: Int?

        func validate() throws {
            if let repeats { try CommandLineValues.wholeNumber("--repeat", repeats, in: 1...10_000) }
            if loadOnly && repeats != nil { throw ValidationError("--load-only and --repeat exclude each other") }
            if json && (repeats ?? 0) < 2 { throw ValidationError("--json needs --repeat 2 or more") }
            if let threads { try CommandLineValues.wholeNumber("--threads", threads, in: 1...8) }
        }

        func run() throws {
            guard let threads else { return try measure() }
            try ClusterIndex.withBuildThreads(threads) { try measure() }
        }

        private func measure() throws {
            let points = try PointColumns.readF64(file)
            let scratch = ClusterIndex.BuildScratch()  // shared by --repeat's builds, as flowrun's later builds share one
            if loadOnly {
                print(points.count)
                return
            }
            guard let repeats else {
                print(try build(points, scratch: scratch).count)
                return
            }
            var samples = Samples()
            for _ in 0..<repeats {
                let start = MonotonicClock.now()
                let index = try build(points, scratch: scratch)
                samples.add(Double(MonotonicClock.now() - start) / 1e6)
                withExtendedLifetime(index) {}
            }
            if json {
                let warm = samples.values.dropFirst().map { "\($0)" }.joined(separator: ", ")
                let threads = self.threads ?? min(ProcessInfo.processInfo.activeProcessorCount, 8)
                print("{\"first_ms\": \(samples.values[0]), \"warm_ms\": [\(warm)], \"threads\": \(threads)}")
                return
            }
            print("\(Format.fixed(samples.median, 2)) ms median, \(Format.fixed(samples.min, 2)) ms min, \(repeats) builds of \(points.count) points")
        }

        private func build(_ points: PointColumns, scratch: ClusterIndex.BuildScratch) throws(BenchError) -> ClusterIndex {
            do {
                return try ClusterIndex(
                    longitudes: points.longitudes, latitudes: points.latitudes, options: ClusterBench.options,
                    scratch: scratch)
            } catch {
                throw .badInput("\(file): \(error)")
            }
        }
    }
}
