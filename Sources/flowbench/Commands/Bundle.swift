import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench bundle`: verify + load a park from a signed bundle vs from its folder.
    struct Bundle: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Verifying and loading a park from a signed bundle, against loading it from its folder; the bundle's size.",
            discussion: """
                Writes the park's bundle into a temporary folder with a fresh key, then times, --runs times each \
                after two warm-ups: verifying it; verifying it, building the runtime from the verified bytes and \
                running home; building the runtime from the folder and running home. With the release flowrun \
                next to flowbench (or --flowrun), also cold processes of both, alternating.
                Examples:
                  flowbench bundle
                  flowbench bundle --park YELL --runs 50
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
            progress("bundle: \(park), \(runs) runs per case\(binary == nil ? " (no flowrun binary: no cold runs)" : "")")
            let bench = BundleBench(root: root, park: park, runs: runs, flowrun: binary)
            print(bench.report(try bench.run()), terminator: "")
        }
    }
}
