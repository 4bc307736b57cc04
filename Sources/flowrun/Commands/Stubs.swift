import ArgumentParser
import FlowKit
import Foundation

extension Flowrun {
    /// `flowrun stubs`: regenerates the LuaLS stubs of the native modules.
    struct Stubs: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write meta/<module>.gen.lua, the LuaLS stubs of the native modules (for editor completion), and meta/luacheck.gen.lua, the globals luacheck allows.")

        @OptionGroup var project: ProjectOptions

        @Flag(help: "Only check that the stubs are current; exit 1 if not.")
        var check = false

        func run() throws {
            let root = ProjectRoot(path: project.root)
            var stale: [String] = []
            for (file, text) in StubGenerator.stubs() + [(LuacheckGlobals.file, try LuacheckGlobals.text())] {
                let current = try? root.read(file)
                if current == text { continue }
                stale.append(file)
                if !check {
                    try FileManager.default.createDirectory(at: root.url("meta"), withIntermediateDirectories: true)
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
