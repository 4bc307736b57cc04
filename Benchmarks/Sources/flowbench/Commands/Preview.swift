import ArgumentParser
import Dispatch
import Foundation
import WebDriver

extension Flowbench {
    /// `flowbench preview`: save to updated page in a real browser, and the warm JSON GET.
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "The live preview in headless chromium: save a flow's file, time until the page shows it (GOGA home, sites --at, map); and the warm JSON GET of home.",
            discussion: """
                Needs Debian's chromium and chromium-driver (bin/test installs them). A preview server of a copy \
                of --root runs in this process on 127.0.0.1; the page shows each screen with a fixed time. Each \
                run appends a registration that retitles the shown flow to its file (parks/GOGA/flows/home.lua, \
                flows/sites.lua, flows/map.lua), after a random pause of up to 60 ms, and times the save to the \
                moment the frame's title shows it (a MutationObserver in the page, on the same wall clock). \
                Then --gets GETs of /parks/GOGA/flows/home, timed here.
                Examples:
                  flowbench preview
                  flowbench preview --runs 50 --json
                """)

        @Option(help: ArgumentHelp("Timed saves per screen.", valueName: "n"))
        var runs = 20

        @Option(help: ArgumentHelp("Timed GETs of home's JSON.", valueName: "n"))
        var gets = 200

        @Option(help: ArgumentHelp("Untimed saves per screen (and GETs) first.", valueName: "n"))
        var warmups = 3

        @Option(help: ArgumentHelp("Folder holding flows/ and parks/.", valueName: "dir"))
        var root = "."

        @Flag(help: "Print the figures as JSON: {\"home\": {\"p50_ms\": ..., \"p95_ms\": ..., \"runs\": ...}, ...}.")
        var json = false

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...10_000)
            try CommandLineValues.wholeNumber("--gets", gets, in: 1...1_000_000)
            try CommandLineValues.wholeNumber("--warmups", warmups, in: 0...1000)
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(self.root)
            guard PreviewBench.browser.isInstalled else {
                throw BenchError.setup(
                    "preview: needs \(PreviewBench.browser.browser) and \(PreviewBench.browser.driver) (apt-get install chromium chromium-driver)")
            }
            let bench = PreviewBench(root: root, runs: runs, gets: gets, warmups: warmups)
            let result = try BenchEnvironment.wait("preview") { try await bench.run() }
            if json {
                print(PreviewBench.json(result), terminator: "")
                return
            }
            let title = "Live preview — \(runs) saves per screen (+\(warmups) warm-ups), \(gets) GETs, from \(root)"
            let info = ProcessInfo.processInfo
            print(
                PreviewBench.table(
                    result, title: title,
                    notes: [
                        "save → page: file written → the frame's title shows the save (median and nearest-rank p95)",
                        "machine: \(info.activeProcessorCount) cores, load \(BenchEnvironment.loadAverage())",
                    ]), terminator: "")
        }
    }
}
