import Formats
import FlowAuthoring
import ArgumentParser
import FlowKit

extension Flowrun {
    /// `flowrun test`: runs the authors' scenarios and says which hold.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run the scenarios in tests/ and parks/<CODE>/tests/: flows, their inputs, and what their screens must show.",
            discussion: """
                A scenario file is Lua: scenario{flow = "sites", at = {37.8078, -122.4750}, golden = "sites-at.json", \
                expect = function(screen) expect.section("list") end}. Prints one line per scenario (PASS, FAIL or \
                ERROR, the file:line of the scenario and its name; then what went wrong), and ends with \
                'N passed, N failed'. Exits 1 if a scenario fails, 2 if one cannot run as written (a file that does \
                not load, an unknown flow, a missing golden).
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: "Run only this park's scenarios (its own and those of tests/ for it).")
        var park: String?

        @Flag(help: "Write each golden file from the screen instead of comparing (new ones too), and print what changed in each, to review.")
        var update = false

        func run() throws {
            let suite = try ScenarioSuite(root: try project.project(), park: park, update: update)
            var passed = 0, failed = 0, badInput = false
            suite.run { result in
                print(Self.line(result))
                // What --update changed, to review before keeping it.
                for line in result.goldenChange { print("    " + TerminalText.line(line)) }
                for detail in result.details {
                    for line in detail.split(separator: "\n", omittingEmptySubsequences: false) {
                        print("  " + TerminalText.line(line))
                    }
                }
                if result.status == .passed { passed += 1 } else { failed += 1 }
                badInput = badInput || result.status == .badInput
            }
            print("\(passed) passed, \(failed) failed")
            if badInput { throw ExitCode(2) }
            if failed > 0 { throw ExitCode(1) }
        }

        /// `PASS parks/GOGA/tests/home.lua:3 home shows the highlights`, with `[YELL]` before
        /// the name of a scenario from tests/ and `(wrote parks/GOGA/tests/home.json)` after
        /// it when `--update` changed its golden.
        static func line(_ result: ScenarioResult) -> String {
            let status =
                switch result.status {
                case .passed: "PASS"
                case .failed: "FAIL"
                case .badInput: "ERROR"
                }
            var parts = [status, result.location]
            if let park = result.park { parts.append("[\(park)]") }
            if let name = result.name { parts.append(name) }
            if let golden = result.wroteGolden { parts.append("(wrote \(golden))") }
            return TerminalText.line(parts.joined(separator: " "))
        }
    }
}
