import ArgumentParser
import FlowKit
import Foundation
import GeoKit
import LuaKit

extension Flowrun {
    /// `flowrun parks [--at LAT,LON]`: the park browser and finder.
    struct Parks: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every park with its name, state and site count; with --at, the nearest 20 by distance.")

        @OptionGroup var project: ProjectOptions

        @Option(parsing: .unconditional, help: "Sort parks by distance from LAT,LON and show the nearest 20.")
        var at: String?

        @Option(help: "How many parks to show with --at.")
        var limit: Int = 20

        @Option(help: "Output: text or json.")
        var format: OutputFormat = .text

        struct Entry: Encodable {
            var code: String
            var name: String
            var state: String
            var sites: Int
            var center: [Double]
            var distance_m: Double?
            var inside: Bool?
        }

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be positive, got \(limit)") }
            guard format != .svg else { throw ValidationError("--format svg draws maps; the park list is text or json") }
        }

        func run() throws {
            let root = try project.project()
            let position = try parseCoordinate(at)
            var entries: [Entry] = []
            let catalog = ParkCatalog(root: root)
            var problems = catalog.problems
            for code in catalog.codes {
                do {
                    entries.append(try Self.entry(code: code, root: root, at: position))
                } catch {
                    problems.append("\(error)")
                }
            }
            if position != nil {
                entries.sort { ($0.inside == true ? 0 : $0.distance_m ?? .infinity, $0.code) < ($1.inside == true ? 0 : $1.distance_m ?? .infinity, $1.code) }
                entries = Array(entries.prefix(limit))
            }
            switch format {
            case .json: print(JSONRenderer.encode(entries), terminator: "")
            case .text, .svg: print(Self.table(entries, withDistance: position != nil), terminator: "")
            }
            for problem in problems { printError("flowrun: \(problem)") }
            if !problems.isEmpty { throw ExitCode(2) }
        }

        static func entry(code: String, root: ProjectRoot, at: Coordinate?) throws -> Entry {
            let config = try ParkConfig.load(code: code, root: root, lua: try LuaState())
            let runtimeContent = ParkContent(code: code, root: root)
            let center = Coordinate(latitude: config.center.lat, longitude: config.center.lon)
            var entry = Entry(code: code, name: config.name, state: config.state, sites: try runtimeContent.sites().count,
                              center: [center.longitude, center.latitude])
            if let at {
                entry.distance_m = (at.distance(to: center)).rounded()
                entry.inside = try runtimeContent.boundary()?.contains(at)
            }
            return entry
        }

        static func table(_ entries: [Entry], withDistance: Bool) -> String {
            guard !entries.isEmpty else { return "No parks found (add a folder parks/<CODE>/ with a park.lua).\n" }
            let nameWidth = min(44, entries.map(\.name.count).max() ?? 4)
            let stateWidth = min(24, max(5, entries.map(\.state.count).max() ?? 5))
            func pad(_ s: String, _ n: Int) -> String { s.count >= n ? String(s.prefix(n)) : s + String(repeating: " ", count: n - s.count) }
            var out = pad("CODE", 6) + pad("NAME", nameWidth + 2) + pad("STATE", stateWidth + 2) + "SITES"
            out += withDistance ? "   DISTANCE\n" : "\n"
            for e in entries {
                var line = pad(e.code, 6) + pad(e.name, nameWidth + 2) + pad(e.state, stateWidth + 2)
                line += String(repeating: " ", count: max(0, 5 - String(e.sites).count)) + String(e.sites)
                if withDistance, let d = e.distance_m {
                    let km = d < 10_000 ? String(format: "%.1f km", d / 1000) : String(format: "%.0f km", d / 1000)
                    line += "   " + (e.inside == true ? "inside (\(km) to centre)" : km)
                }
                out += line + "\n"
            }
            return out
        }
    }
}
