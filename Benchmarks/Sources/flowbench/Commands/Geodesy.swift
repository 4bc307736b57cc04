import ArgumentParser

extension Flowbench {
    /// `flowbench geodesy`: GeoKit's WGS84 inverse next to PROJ's C geodesic, haversine and
    /// GeographicLib from Python; agreement with PROJ and GeographicLib; one AR frame.
    struct Geodesy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "WGS84 inverse against PROJ's geodesic (same run, interleaved), haversine and GeographicLib; one AR frame.",
            discussion: """
                GeoKit's inverse (geo.inverse: the short-line path for chords under 15 km, Karney's series \
                elsewhere), Karney's series alone, haversine and, with --with-proj, PROJ's geod_inverse (the C \
                port of GeographicLib, loaded at run time with dlopen: no build dependency) on the same generated \
                pairs, worldwide and park scale (10 m-5 km), in interleaved runs; then how far GeoKit and PROJ \
                are apart on those pairs and from GeographicLib in long double (the test fixture, when run from \
                the repository root). With --with-python, GeographicLib 2.x (pip geographiclib, venv \
                /tmp/flowbench-geodesy/venv by default) on the same pairs; then one AR frame: 10,000 sites \
                within 5 km projected and the 25 nearest labels stacked.
                PROJ: apt-get install libproj25 (or libproj-dev); or pip install pyproj and pass --proj-library \
                with the libproj it bundles (site-packages/pyproj.libs/libproj-*.so.*).
                Examples:
                  flowbench geodesy --with-proj --runs 11
                  flowbench geodesy --with-proj --with-python
                  flowbench geodesy --runs 1 --pairs 10000
                """)

        @Option(help: ArgumentHelp("Runs per variant; medians are reported.", valueName: "n"))
        var runs = 7

        @Option(help: ArgumentHelp("Pairs per set.", valueName: "n"))
        var pairs = 100_000

        @Flag(help: "Time PROJ's geod_inverse in the same run (libproj loaded at run time).")
        var withProj = false

        @Option(help: ArgumentHelp("The libproj to load (default: libproj.so, then libproj.so.25, .22, .19, .15).", valueName: "path"))
        var projLibrary: String?

        @OptionGroup(title: "Python reference (GeographicLib's Geodesic.WGS84.Inverse)")
        var python: PythonOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1000)
            try CommandLineValues.wholeNumber("--pairs", pairs, in: 1000...10_000_000)
            if projLibrary != nil && !withProj { throw ValidationError("--proj-library needs --with-proj") }
        }

        func run() throws {
            let proj = withProj ? try ProjGeodesic(path: projLibrary) : nil
            try GeodesyBench(
                runs: runs, pairCount: pairs, proj: proj, withPython: python.withPython,
                venv: python.venvPath("geodesy")
            ).run()
        }
    }
}
