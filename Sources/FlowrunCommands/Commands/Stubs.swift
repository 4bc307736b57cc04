import Formats
import FlowAuthoring
import ArgumentParser
import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Flowrun {
    /// `flowrun stubs`: regenerates the files made from code: meta/'s stubs, the screen schema
    /// and the park.lua reference's tables.
    struct Stubs: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stubs",
            abstract:
                "Write the generated files: schema/screen.schema.json (from the screen contract); in meta/, the LuaLS stubs of the native modules (<module>.gen.lua), of screens (screen.gen.lua) and of park settings (park.gen.lua), and luacheck.gen.lua, the globals luacheck allows; and the settings tables of docs/authoring/park-settings.md (from the settings catalog and parks/defaults.lua)."
        )

        @OptionGroup var project: ProjectOptions

        @Flag(help: "Only check that the generated files are current; exit 1 naming each stale one.")
        var check = false

        func run() throws {
            let root = ProjectRoot(path: project.root)
            var stale: [String] = []
            for (file, text) in try StubFiles.all(root: root) {
                let current = try? root.read(file)
                if current == text { continue }
                stale.append(file)
                if !check {
                    try FileManager.default.createDirectory(at: root.url(file).deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: root.url(file))
                    print("wrote \(file)")
                }
            }
            if check && !stale.isEmpty {
                TerminalText.writeError("flowrun: stale stubs: \(stale.joined(separator: ", ")); run 'flowrun stubs'")
                throw ExitCode(1)
            }
            if stale.isEmpty { print("stubs are current") }
        }
    }
}
