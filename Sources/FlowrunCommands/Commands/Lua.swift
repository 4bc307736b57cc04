import Formats
import ArgumentParser
import FlowKit

extension Flowrun {
    /// `flowrun lua FILE [ARG...]`: runs a plain Lua file in the sandbox, as `lua FILE` would.
    struct Lua: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lua",
            abstract: "Run a plain Lua file in the sandbox (no park, no screen), as 'lua FILE' would.",
            discussion: """
                The file gets what a flow gets: the sandbox's libraries (no io, debug, package \
                or native modules), with larger limits by default (1000000000 instructions, \
                1024 MiB, 60 s of CPU; pass --max-instructions 20000000 --max-memory 64 \
                --time-limit 1 for a flow's). print writes to standard output; require finds \
                modules beside the file. Use it to try Lua as flows will run it.
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
            try SandboxScript.run(path: file, arguments: arguments, limits: try limits.limits(defaults: LimitOptions.scriptDefaults)) { line in
                StandardOutput.write(line + [UInt8(ascii: "\n")])
            }
        }
    }
}
