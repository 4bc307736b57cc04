import ArgumentParser

extension Flowbench {
    /// `flowbench containment`: the attack corpus through the release flowrun, measured from outside.
    struct Containment: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every hostile script of the attack corpus, one spawn of flowrun each: wall time, peak memory, exit code, limit.",
            discussion: """
                The corpus is Tests/FlowrunTests/Fixtures/attacks under --root; each file says the exit code and \
                the limit it expects ('-- expect: exit N: message'). Flows run in a staged copy of park GOGA; \
                *.park.lua files as a park of their own. Goal: each ends within 2 s, under 300 MiB, with its \
                expected exit code and limit. The report says how many meet it; the exit code stays 0.
                Example:
                  flowbench containment --flowrun .build/release/flowrun
                """)

        @OptionGroup var project: ProjectOptions

        func run() throws {
            try ContainmentBench(root: project.root, flowrun: project.flowrun).run()
        }
    }
}
