import ArgumentParser
import Foundation

extension Flowbench {
    /// `flowbench patterns`: the sandbox's pattern matcher under the limits every flow has; a check too.
    struct Patterns: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The sandbox's pattern matcher under a flow's limits, next to stock Lua 5.4; exits 3 when a check fails.",
            discussion: """
                Realistic patterns (trim, split, key=value, %b(), frontier, position captures, gsub with a function \
                or table, plain find, anchored matches) on realistic text of 1 KB, 64 KB and 1 MB, each run as a chunk \
                by LuaKit's LuaState with the default limits (20,000,000 instructions, 64 MiB, 1 s CPU); then hostile \
                patterns and inputs, which those limits must stop within 2 s.
                Examples:
                  flowbench patterns
                  flowbench patterns --runs 9 --lua /usr/local/bin/lua5.4
                  flowbench patterns --no-stock
                Exit codes: 0 when every check passes, 3 when one fails (a realistic case refused or wrong, a hostile \
                case not stopped within 2 s), 1 if the benchmark cannot run, 2 for bad arguments.
                """)

        static let defaultLua = "/usr/bin/lua5.4"

        @Option(help: ArgumentHelp("Timed runs per case; medians are reported.", valueName: "n"))
        var runs = 5

        @Option(
            help: ArgumentHelp(
                "Stock Lua 5.4 for the side-by-side times (default \(defaultLua), skipped when it is not there).",
                valueName: "path"))
        var lua: String?

        @Flag(help: "Skip stock Lua.")
        var noStock = false

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 5...1000)
            if noStock && lua != nil { throw ValidationError("--lua and --no-stock exclude each other") }
        }

        func run() throws {
            var stock = noStock ? nil : lua ?? Self.defaultLua
            if lua == nil, let path = stock, !FileManager.default.isExecutableFile(atPath: path) {
                progress("patterns: no stock Lua at \(path); timing LuaKit only (--lua PATH to name one)")
                stock = nil
            }
            guard try PatternBench(runs: runs, stockLua: stock).run() else { throw ExitCode(3) }
        }
    }
}
