import ScreenRendering
import Formats
import ArgumentParser
import FlowKit
import GeoKit

extension Flowrun {
    /// `flowrun parks [--at LAT,LON]`: the park browser and finder.
    struct Parks: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "parks",
            abstract: "List every park with its name, state and site count; with --at, the nearest 20 by distance.")

        @OptionGroup var project: ProjectOptions

        @OptionGroup var bundle: BundleOptions

        @Option(parsing: .unconditional, help: "Sort parks by distance from LAT,LON and show the nearest 20.")
        var at: String?

        @Option(help: "How many parks to show with --at.")
        var limit: Int = 20

        @Option(help: "Output: text or json.")
        var format: OutputFormat = .text

        typealias Entry = ParkListing.Entry

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be positive, got \(limit)") }
            guard format.row.parkList != nil else { throw ValidationError("--format \(format.rawValue) draws screens; the park list is text or json") }
        }

        /// Lists every park; one that does not load (a broken or hostile park.lua, bad
        /// content) gets a row with its error and a message on standard error, and the
        /// others are listed as usual: each loads in a Lua state of its own.
        /// Exits 2 when any park did not load or a folder under parks/ is not a park.
        func run() throws {
            let root = try bundle.project(root: project.root)
            let position = try RunInputs.coordinate(at)
            let listing = ParkListing(root: root, at: position, limit: limit)
            let (entries, problems) = (listing.entries, listing.problems)
            switch format.row.parkList {
            case .json: print(JSONRenderer.encode(entries), terminator: "")
            case .table, nil: print(Self.table(entries, withDistance: position != nil), terminator: "")
            }
            for problem in problems { TerminalText.writeError("flowrun: \(problem)") }
            if !problems.isEmpty { throw ExitCode(2) }
        }

        /// The rows as text; names, states and errors from content are made safe for a
        /// terminal (``TerminalText/line(_:)``) before they are measured.
        static func table(_ entries: [Entry], withDistance: Bool) -> String {
            guard !entries.isEmpty else { return "No parks found (add a folder parks/<CODE>/ with a park.lua).\n" }
            let loaded = entries.filter { $0.error == nil }
            let names = loaded.map { TerminalText.line($0.name ?? "") }, states = loaded.map { TerminalText.line($0.state ?? "") }
            let nameWidth = min(44, names.map(\.count).max() ?? 4)
            let stateWidth = min(24, max(5, states.map(\.count).max() ?? 5))
            func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
            var out = pad("CODE", 6) + pad("NAME", nameWidth + 2) + pad("STATE", stateWidth + 2) + "SITES"
            out += withDistance ? "   DISTANCE\n" : "\n"
            for (e, (name, state)) in zip(loaded, zip(names, states)) {
                let sites = e.sites ?? 0
                var line = pad(TerminalText.line(e.code), 6) + pad(name, nameWidth + 2) + pad(state, stateWidth + 2)
                line += String(repeating: " ", count: max(0, 5 - String(sites).count)) + String(sites)
                if withDistance, let d = e.distance_m {
                    let km = Decimals.fixed(d / 1000, d < 10_000 ? 1 : 0) + " km"
                    line += "   " + (e.inside == true ? "inside (\(km) to center)" : km)
                }
                out += line + "\n"
            }
            for e in entries where e.error != nil {
                out += pad(TerminalText.line(e.code), 6) + "does not load: " + TerminalText.line(e.error ?? "") + "\n"
            }
            return out
        }
    }
}
