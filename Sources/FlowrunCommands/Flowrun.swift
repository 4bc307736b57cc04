import ArgumentParser
import FlowKit
import Formats

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flowrun`: runs park flows and prints their screens. The root of both executables: the
/// lean `flowrun` and `flowrun-full` (``FullCommandLine``) parse the same command line.
package struct Flowrun: ParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "flowrun",
            abstract: "Run national-park flows written in Lua and print the screens they produce.",
            discussion: """
                Examples:
                  flowrun --park GOGA home
                  flowrun --park GOGA sites --at 37.8078,-122.4750
                  flowrun --park GOGA sites --arg category=viewpoint --format json
                  flowrun --park GOGA map --center 37.80,-122.46 --zoom 12 --size 390x844
                  flowrun parks --at 44.6,-110.5
                  flowrun --root ../my-copy check
                  flowrun keys new dev && flowrun bundle --park GOGA --key keys/dev.key
                  flowrun --bundle dist/GOGA --park GOGA home
                  flowrun serve --bundles dist & flowrun sync --from http://127.0.0.1:8090/ --park GOGA --cache app
                  flowrun --cache app --park GOGA home
                  flowrun --park GOGA sites --follow 3          (an act action: writes the visitor's store)
                  flowrun profile export
                Exit codes: 0 success, 1 flow or runtime error, 2 bad usage or bad input.
                """,
            subcommands: [Run.self, Live.self, Parks.self, Check.self, Lua.self, Stubs.self, Test.self, New.self, Catalog.self] + FullCommandLine.commandTypes
                + [
                    Art.self, ProfileCommand.self,
                ],
            defaultSubcommand: Run.self
        )
    }

    /// `--root` before the subcommand's name (`flowrun --root DIR check`): parsed here, and
    /// each subcommand's own `@OptionGroup var project` gets this value (ArgumentParser
    /// hands an option group already decoded by a parent command to its children).
    @OptionGroup var project: ProjectOptions

    package init() {}

    /// Runs the command line and maps errors to the exit codes of the contract: usage
    /// errors (ArgumentParser's 64) become 2; FlowError and flowrun-full's errors say their own.
    package static func runCommandLine() {
        ProcessBackstop.install()
        do {
            // The common `flowrun --park CODE FLOW ...` skips ArgumentParser (RunFastPath);
            // everything else, help and usage errors included, goes through it.
            if let request = RunFastPath.parse(CommandLine.arguments.dropFirst()) {
                try request.execute()
                return
            }
            // The root's help without a parse (which would cost three times the text), kept.
            if RootHelp.isAsked(CommandLine.arguments.dropFirst()) {
                print(RootHelp.text())
                return
            }
            var command = try parseAsRoot()
            try command.run()
        } catch let error as FlowError {
            TerminalText.writeError("flowrun: \(error.description)")
            terminate(error.exitCode)
        } catch {
            if let (message, code) = FullCommandLine.parts?.exit(for: error) {
                TerminalText.writeError("flowrun: \(message)")
                terminate(code)
            }
            let code = exitCode(for: error)
            guard code == .validationFailure else { Flowrun.exit(withError: error) }
            TerminalText.writeError(fullMessage(for: error))
            terminate(2)
        }
    }
}

/// The C library's exit (inside `Flowrun`, `exit` names ArgumentParser's).
private func terminate(_ code: Int32) -> Never { exit(code) }
