import ArgumentParser

/// What `flowbench bundle` and `flowbench sync` are both given: a project, the park to
/// bundle, the runs per case and the flowrun binary for the cold runs.
struct BundleBenchOptions: ParsableArguments {
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
}
