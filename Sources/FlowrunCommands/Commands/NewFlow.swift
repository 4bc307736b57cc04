import ArgumentParser
import FlowAuthoring
import FlowKit

extension Flowrun.New {
    /// `flowrun new flow NAME [--park CODE]`: writes a flow file.
    struct NewFlow: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "flow",
            abstract: "Write a new flow that runs: flows/NAME.lua, or parks/CODE/flows/NAME.lua with --park.",
            discussion: """
                The file registers flow NAME: a screen listing the park's sites (nearest first \
                with --at, one category with --arg category=...), each opening the sites flow, \
                and a button back home; its comments explain each part. An existing file is \
                never overwritten (exit 2).
                """)

        @OptionGroup var project: ProjectOptions

        @Argument(help: ArgumentHelp("The flow's name: a letter, then letters, digits, '_' and '-' (e.g. trails).", valueName: "name"))
        var name: String

        @Option(help: "Write the flow for this park only (parks/CODE/flows/); default: for every park (flows/).")
        var park: String?

        func run() throws {
            let root = try project.project()
            let file = try FlowScaffold(name: name, park: park).write(root: root)
            print("wrote \(file)")
            let code = try park.map { code throws(FlowError) in try ParkCatalog(root: root).resolve(code) } ?? FlowScaffold.examplePark(root)
            print("next: flowrun --park \(code) \(name)")
        }
    }
}
