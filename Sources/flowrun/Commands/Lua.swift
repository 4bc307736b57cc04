import ArgumentParser
import FlowKit
import Foundation

extension Flowrun {
    /// `flowrun lua FILE [ARG...]`: runs a plain Lua file in the sandbox, as `lua FILE` would.
    struct Lua: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lua",
            abstract: "Run a plain Lua file in the sandbox (no park, no screen), as 'lua FILE' would.",
            discussion: """
                The file gets what a flow gets: the sandbox's libraries (no io, debug, package \
                or native modules) and its limits. print writes to standard output. Use it to try \
                Lua as flows will run it.
                Options go before the file; what follows it is the script's.
                Example: flowrun lua --max-instructions 100000000 try.lua
                """)

        @Argument(help: ArgumentHelp("The Lua file to run.", valueName: "file.lua"))
        var file: String

        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("Arguments the script receives as '...'.", valueName: "arg"))
        var arguments: [String] = []

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func run() throws {
            try SandboxScript.run(path: file, arguments: arguments, limits: try limits.limits()) { line in
                FileHandle.standardOutput.write(Data(line + [UInt8(ascii: "\n")]))
            }
        }
    }
}
