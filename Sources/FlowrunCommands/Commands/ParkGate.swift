import ArgumentParser
import Formats

/// What `flowrun bundle` asks of a park before it writes anything: `flowrun check` and
/// `flowrun test` pass, run as the author would run them (their output included).
package enum ParkGate {
    /// Runs `check` then `test` for park `code` of the project at `root`.
    /// - Throws: the failing command's exit code, after a line saying nothing was written.
    package static func require(root: String, park code: String) throws {
        for (name, command) in [
            ("check", try Flowrun.Check.parse(["--root", root, "--park", code]) as any ParsableCommand),
            ("test", try Flowrun.Test.parse(["--root", root, "--park", code])),
        ] {
            do {
                var command = command
                try command.run()
            } catch let exit as ExitCode {
                TerminalText.writeError("flowrun: bundle: \(code) fails 'flowrun \(name)' (above); nothing was written")
                throw exit
            }
        }
    }
}
