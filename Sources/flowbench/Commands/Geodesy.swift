import ArgumentParser

extension Flowbench {
    /// `flowbench geodesy`: GeoKit's WGS84 inverse next to haversine and GeographicLib; one AR frame.
    struct Geodesy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "WGS84 inverse solutions per second next to haversine and GeographicLib, and one AR frame of 10,000 sites.",
            discussion: """
                GeoKit's Karney inverse, with and without its short-line path, and haversine on the same generated \
                pairs (worldwide, and park scale 10 m-5 km) in this process; with --with-python, GeographicLib 2.x \
                (pip geographiclib, venv /tmp/flowbench-geodesy/venv by default) on the same pairs; then one AR \
                frame: 10,000 sites within 5 km projected and the 25 nearest labels stacked.
                Examples:
                  flowbench geodesy --with-python
                  flowbench geodesy --runs 1 --pairs 10000
                """)

        @Option(help: ArgumentHelp("Runs per variant; medians are reported.", valueName: "n"))
        var runs = 7

        @Option(help: ArgumentHelp("Pairs per set.", valueName: "n"))
        var pairs = 100_000

        @OptionGroup(title: "Python reference (GeographicLib's Geodesic.WGS84.Inverse)")
        var python: PythonOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1000)
            try CommandLineValues.wholeNumber("--pairs", pairs, in: 1000...10_000_000)
        }

        func run() throws {
            try GeodesyBench(runs: runs, pairCount: pairs, withPython: python.withPython, venv: python.venvPath("geodesy")).run()
        }
    }
}
