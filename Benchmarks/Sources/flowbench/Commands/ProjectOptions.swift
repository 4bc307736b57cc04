import ArgumentParser

/// `--root` and `--flowrun`: the project measured and the flowrun binary that runs it
/// (the runtime and containment benchmarks).
struct ProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
    var root = "."

    @Option(help: ArgumentHelp("The flowrun binary (default: next to flowbench).", valueName: "path"))
    var flowrun: String?
}
