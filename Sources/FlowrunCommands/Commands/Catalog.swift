import Formats
import ArgumentParser
import FlowAuthoring
import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Flowrun {
    /// `flowrun catalog`: every screen of a park in the states that matter, as a gallery.
    struct Catalog: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract:
                "Draw every flow of a park in its states (no position, searching, inside, outside, offline, along a track, each declared argument) as a gallery of phone screens.",
            discussion: """
                Writes DIR/index.html, the gallery (open it in a browser), and DIR/screens/, each screen as \
                '--format html' draws it beside its JSON. A state whose run fails shows its error. With --against \
                an earlier catalogue's folder, each screen whose JSON changed is shown before and after, side by \
                side, with the lines that changed; new and gone screens are named. Runs on a visitor's store in \
                memory. Exits 0 when written (1 when --against found changes and --fail-on-change is given), \
                2 for a park that does not load or a folder that cannot be written.
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: "The park.")
        var park: String

        @Option(help: "The folder to write (default: catalog/<CODE>).")
        var out: String?

        @Option(help: "An earlier catalogue's folder to compare with, screen by screen.")
        var against: String?

        @Option(help: "The clock flows see, ISO 8601 (default: the scenarios' 2026-07-04T09:30:00-07:00, so catalogues compare).")
        var time: String?

        @Option(help: ArgumentHelp("A GPX track: each flow is drawn along it too (at its end), as --track draws it.", valueName: "file.gpx"))
        var track: String?

        @Flag(help: "Exit 1 when --against finds a changed, new or gone screen.")
        var failOnChange = false

        func run() throws {
            let root = try project.project()
            let code = try ParkCatalog(root: root).resolve(park)
            let clock = try RunInputs.time(time) ?? ScreenCatalog.defaultTime
            let catalogue = try ScreenCatalog(root: root, park: code, time: clock, track: track)
            let folder = URL(fileURLWithPath: out ?? "catalog/\(code)")
            let earlier = against.map { URL(fileURLWithPath: $0) }
            if let earlier, !FileManager.default.fileExists(atPath: earlier.appendingPathComponent("screens").path) {
                throw ValidationError("--against: \(against ?? "") holds no catalogue (no screens/ folder)")
            }
            let comparison: ScreenCatalog.Comparison
            do {
                comparison = try catalogue.write(to: folder, comparedWith: earlier)
            } catch {
                TerminalText.writeError("flowrun: cannot write the catalogue to \(folder.path): \(SystemErrorText.reason(error))")
                throw ExitCode(2)
            }
            let failed = catalogue.stories.count { $0.failure != nil }
            var line = "wrote \(folder.path)/index.html: \(catalogue.stories.count) screens of \(Set(catalogue.stories.map(\.flow)).count) flows"
            if failed > 0 { line += ", \(failed) failed" }
            if earlier != nil {
                line += "; against \(against ?? ""): \(comparison.changed.count) changed, \(comparison.added.count) new, \(comparison.gone.count) gone"
            }
            print(TerminalText.line(line))
            for file in comparison.changed { print("  changed \(TerminalText.line(file))") }
            for file in comparison.added { print("  new     \(TerminalText.line(file))") }
            for file in comparison.gone { print("  gone    \(TerminalText.line(file))") }
            if failOnChange, !(comparison.changed.isEmpty && comparison.added.isEmpty && comparison.gone.isEmpty) { throw ExitCode(1) }
        }
    }
}
