import Foundation

/// Where flowbench finds the files it compares with: `Benchmarks/reference/` of the repository
/// it was built from (Benchmarks/reference/SOURCES.md lists them), located from this source
/// file's path, so the defaults hold from any working directory. Options such as `--shared DIR`
/// point elsewhere; nothing outside the repository is read unless an option says so.
enum ReferenceFiles {
    /// The repository root: Benchmarks/Sources/flowbench/Support/ is four folders below it.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.standardizedFileURL.path
    }()

    /// `Benchmarks/reference` in the repository, absolute.
    static let folder = repositoryRoot + "/Benchmarks/reference"

    /// The cluster references: gen_data.py, bench_pysupercluster.py, build_once.py,
    /// expected_counts_f64.json, results/summary.txt (the default of `cluster --shared`).
    static let cluster = folder + "/cluster"

    /// The geofence references: bench_geofence.py, gen_data.py, requirements.txt, data/ and
    /// results/ (the default of `geofence --shared` and `readers --shared`).
    static let geofence = folder + "/geofence"

    /// The geodesy reference scripts (GeographicLib and pyproj from Python).
    static let geodesy = folder + "/geodesy"

    /// The geodesy reference script (GeographicLib from Python).
    static let geographicLib = geodesy + "/geographiclib_inverse.py"

    /// What a `--shared` option's help says of its default, relative to the repository.
    static func defaultHelp(_ subject: String) -> String {
        "default: Benchmarks/reference/\(subject) in the repository flowbench was built from"
    }
}
