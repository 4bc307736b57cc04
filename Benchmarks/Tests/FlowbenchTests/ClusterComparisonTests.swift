import Foundation
import Testing
@testable import flowbench

/// The like-for-like build comparison of `flowbench cluster --with-python`: its flowrun child
/// (`cluster-build-once --repeat N --json --threads T`), its options, and its goals.
@Suite struct ClusterComparisonTests {
    /// A small .f64 file (little-endian lon, lat pairs) in a fresh temporary folder.
    static func pointsFile(_ count: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var values: [Double] = []
        for i in 0..<count {
            values.append(-122.5 + Double(i % 97) * 0.001)
            values.append(37.7 + Double(i % 89) * 0.001)
        }
        let path = folder.appendingPathComponent("points.f64").path
        try values.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theFlowrunChildPrintsFirstAndWarmBuildsAsJSON() throws {
        let file = try Self.pointsFile(2_000)
        let result = try flowbench(["cluster-build-once", file, "--repeat", "4", "--json", "--threads", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((json["first_ms"] as? Double ?? -1) > 0)
        #expect((json["warm_ms"] as? [Double])?.count == 3)
        #expect(json["threads"] as? Int == 1)
    }

    @Test(arguments: [
        (["cluster-build-once", "x.f64", "--json"], "--json needs --repeat 2 or more"),
        (["cluster-build-once", "x.f64", "--repeat", "3", "--threads", "0"], "--threads expects a whole number from 1 to 8, got 0"),
        (["cluster", "--builds-only"], "--builds-only compares with pysupercluster: add --with-python"),
        (["cluster", "--with-python", "--dataset", "park_1k"], "--dataset park_1k: expected one of park_10k, park_100k, world_1m"),
    ])
    func badOptionsExitTwo(arguments: [String], message: String) throws {
        let result = try flowbench(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    static func row(
        _ dataset: String, cpus: String, threads: Int, flowrun: (Double, Double), python: (Double, Double)
    )
        -> ClusterBuildComparison.Row
    {
        var row = ClusterBuildComparison.Row(dataset: dataset, cpus: cpus, rounds: 3, warmBuilds: 5)
        for _ in 0..<3 {
            row.flowrun.first.add(flowrun.0); row.flowrun.warm.add(flowrun.1)
            row.python.first.add(python.0); row.python.warm.add(python.1)
        }
        row.flowrun.threads = threads
        row.python.threads = 1
        return row
    }

    @Test func goalsAskThreeTimesOnPark100kForEachPairing() {
        let bench = ClusterBench(dataDir: "/d", sharedDir: "/s", venvDir: "/v", runs: 3, withPython: true)
        let report = ClusterComparisonReport(
            bench: bench,
            rows: [
                Self.row("park_10k", cpus: "0", threads: 1, flowrun: (10, 1), python: (10, 1)),
                Self.row("park_100k", cpus: "0", threads: 1, flowrun: (15, 11), python: (43, 38.5)),
                Self.row("park_100k", cpus: "0,1", threads: 2, flowrun: (10, 10), python: (40, 30)),
            ])
        let goals = report.goals()
        #expect(
            goals.map(\.name) == [
                "build park_100k ≥ 3x pysupercluster, warm vs warm, 1 core (flowrun 1 thread)",
                "build park_100k ≥ 3x pysupercluster, first vs first, 1 core (flowrun 1 thread)",
                "build park_100k ≥ 3x pysupercluster, warm vs warm, 2 cores (flowrun 2 threads)",
                "build park_100k ≥ 3x pysupercluster, first vs first, 2 cores (flowrun 2 threads)",
            ])
        #expect(goals.map(\.passed) == [true, false, true, true])
        #expect(goals[1].measured == "2.87x (15.0 vs 43.0 ms)")
        let table = report.table().render()
        #expect(table.contains("not available"))
        #expect(table.contains("supercluster JS: not available: supercluster JS is not installable offline"))
    }
}
