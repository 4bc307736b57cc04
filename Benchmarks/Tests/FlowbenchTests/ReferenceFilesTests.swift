import Foundation
import Testing
@testable import flowbench

/// flowbench's defaults read only the repository: the reference folder is found from the
/// sources, and every file the benchmarks read from it by default is there.
@Suite struct ReferenceFilesTests {
    @Test func theFolderIsInTheRepository() {
        #expect(ReferenceFiles.repositoryRoot == repositoryRoot.standardizedFileURL.path)
        #expect(ReferenceFiles.folder == repositoryRoot.path + "/Benchmarks/reference")
        #expect(GeofenceReferenceRunner.defaultBenchDir == ReferenceFiles.geofence)
    }

    @Test(arguments: [
        "cluster/gen_data.py", "cluster/bench_pysupercluster.py", "cluster/build_once.py",
        "cluster/expected_counts_f64.json", "cluster/results/summary.txt",
        "geofence/bench_geofence.py", "geofence/gen_data.py", "geofence/requirements.txt",
        "geofence/data/events_summary_c100k_p1k.json", "geofence/data/events_summary_c10k_p1k.json",
        "geofence/data/events_raw_c100k_p1k.csv.gz", "geofence/data/events_debounced_c100k_p1k.csv.gz",
        "geofence/data/polygons_1k.geojson.gz", "geofence/data/track_100k.gpx.gz",
        "geofence/results/bench_run2.json", "geofence/results/bench_run2.txt",
        "geodesy/geographiclib_inverse.py", "SOURCES.md",
    ])
    func everyReferenceFileIsThere(file: String) {
        #expect(FileManager.default.isReadableFile(atPath: ReferenceFiles.folder + "/" + file), "\(file)")
    }

    @Test func theStoredReferencesParse() throws {
        let summary = try ReferenceFigures(summary: ReferenceFiles.cluster + "/results/summary.txt")
        #expect(Set(summary.datasets.keys) == Set(ClusterBench.datasets))
        let stored = try GeofenceReferenceRunner().storedRun()
        #expect(stored.fixes == 100_000)
        #expect(stored.environment?.isEmpty == false)
    }
}
