import Foundation
import Testing
@testable import flowbench

/// Every comparison with a reference script can find its figure: each label or key flowbench
/// reads from a script's output is one the script writes (read from the script's own source,
/// since python3 with numpy, shapely or pysupercluster is seldom there), and each stored run
/// holds a figure for every column the reports show. A label spelt two ways (`center` in
/// Swift, `centre` in bench_geofence.py) left cKDTree's column "n/a" in every run.
@Suite struct ReferenceLabelsTests {
    static func source(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The names bench_geofence.py's `report("..." % (...))` calls can print: each `%dk` for
    /// 10k and 100k circles, any other `%d` (a sample's fix count) as 1.
    static func geofenceNames() throws -> [String] {
        let script = try source(ReferenceFiles.geofence + "/bench_geofence.py")
        let formats = script.matches(of: /report\(\s*"([^"]+)"/).map { String($0.1) }
        return formats.flatMap { format in
            ["10k", "100k"].map { format.replacingOccurrences(of: "%dk", with: $0).replacingOccurrences(of: "%d", with: "1") }
        }
    }

    @Test(arguments: GeofenceReferenceFigures.Variant.allCases)
    func everyGeofenceVariantIsANameTheScriptPrints(variant: GeofenceReferenceFigures.Variant) throws {
        let names = try Self.geofenceNames()
        #expect(names.count >= 10, "no report(...) calls found in bench_geofence.py")
        #expect(names.contains { variant.matches($0) }, "bench_geofence.py prints no \"\(variant.pythonName)\"")
    }

    @Test func theStoredGeofenceRunHasEveryVariantAndNoOther() throws {
        let stored = try GeofenceReferenceRunner().storedRun()
        let missing = GeofenceReferenceFigures.Variant.allCases.filter { stored.timings[$0] == nil }
        #expect(missing.isEmpty, "results/bench_run2.json has no \(missing.map(\.pythonName))")
        #expect(stored.unrecognised.map(\.name).isEmpty)
    }

    @Test(arguments: PySuperclusterRunner.Key.allCases)
    func everyPySuperclusterKeyIsWrittenByTheScript(key: PySuperclusterRunner.Key) throws {
        let script = try Self.source(ReferenceFiles.cluster + "/bench_pysupercluster.py")
        // Written as dict(key=...) keywords.
        #expect(script.contains(key.rawValue + "="), "bench_pysupercluster.py writes no \(key.rawValue)")
    }

    @Test func everyClusterQueryIsOneTheScriptRunsAndTheStoredRunHas() throws {
        let script = try Self.source(ReferenceFiles.cluster + "/bench_pysupercluster.py")
        let summary = try ReferenceFigures(summary: ReferenceFiles.cluster + "/results/summary.txt")
        for query in ClusterBench.queries {
            #expect(script.contains("'\(query.name)'"), "bench_pysupercluster.py runs no \(query.name)")
            for (dataset, figures) in summary.datasets {
                #expect(figures.queryMicros[query.name] != nil, "results/summary.txt has no \(query.name) for \(dataset)")
            }
        }
    }

    @Test(arguments: ClusterBuildComparison.Key.allCases)
    func everyBuildOnceKeyIsWrittenByTheScript(key: ClusterBuildComparison.Key) throws {
        let script = try Self.source(ClusterBuildComparison.pythonScript)
        #expect(script.contains(key.rawValue + "="), "build_once.py writes no \(key.rawValue)")
    }

    /// GeographicLib's script prints one bare number, which the runner reads as the figure.
    @Test func geographicLibPrintsOneNumber() throws {
        let script = try Self.source(ReferenceFiles.geographicLib)
        let prints = script.matches(of: /print\(/).count
        #expect(prints == 1, "geographiclib_inverse.py should print exactly the figure")
    }
}
