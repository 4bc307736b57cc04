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

        @OptionGroup var options: BundleBenchOptions

        func run() throws {
            let (park, runs) = (options.park, options.runs)
            let root = try BenchEnvironment.checkedRoot(options.root)
            let binary = try BenchEnvironment.optionalFlowrun(options.flowrun)
            progress("bundle: \(park), \(runs) runs per case\(binary == nil ? " (no flowrun binary: no cold runs)" : "")")
            let bench = BundleBench(root: root, park: park, runs: runs, flowrun: binary)
            print(bench.report(try bench.run()), terminator: "")
        }
    }
}
