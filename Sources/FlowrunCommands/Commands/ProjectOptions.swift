import ArgumentParser
import FlowKit
import GeoKit

/// `--root`, shared by every command. The root command has it too, so it may come before
/// the subcommand's name (`flowrun --root DIR check`); a subcommand then gets the root's value.
package struct ProjectOptions: ParsableArguments {
    @Option(help: "Folder holding flows/ and parks/.")
    package var root: String = "."

    package init() {}

    /// The project folder, or a usage error saying what is missing.
    package func project() throws -> ProjectRoot { try Self.project(root: root) }

    /// The project folder `root`, or a usage error saying what is missing.
    static func project(root: String) throws -> ProjectRoot {
        let project = ProjectRoot(path: root)
        guard project.looksLikeProject else {
            throw FlowError.badArgument(
                name: "--root", message: "'\(root)' has no flows/ and parks/ folders (run flowrun from the project folder or pass --root DIR)")
        }
        return project
    }
}
