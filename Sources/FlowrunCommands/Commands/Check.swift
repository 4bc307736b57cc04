import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import FlowAuthoring
import FlowKit
import GeoKit
import ScreenModel

extension Flowrun {
    /// `flowrun check`: validates every park's configuration and content and every flow's screen.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check every park: configuration, content files, and that every flow returns a valid screen.",
            discussion: """
                Each flow runs with no arguments and, where it lists sites, from the park's center; every 'go' and \
                'act' action of those screens is followed once (an act performed on a store in memory, never the \
                visitor's profile). Every picture park.lua and those screens name must be a file of \
                the park's assets/ folder or a full https:// URL (README, Park pictures). Each park loads in a Lua state of its own: one that does not load \
                is reported and the others are still checked. Each run has the limits of 'flowrun run' (--max-instructions, \
                --max-memory, --time-limit: a large park's author may raise them). After --deadline seconds the check stops (between \
                two runs) and says which parks and flows it did not reach. When luacheck is on PATH \
                (Debian: lua-check), it lints flows/ and parks/ with .luacheckrc (else flowrun's own \
                globals) and lists each warning as file:line:column; without it, the check says it \
                skipped lint. With --bundle it checks a verified bundle's files instead, from memory, and \
                skips lint. Exits 2 if a park does not load, a content \
                file is bad, a folder under parks/ is not a park or time ran out; else 1 if a flow fails or returns an \
                invalid screen.
                """)

        @OptionGroup var project: ProjectOptions

        @OptionGroup var bundle: BundleOptions

        @Option(help: "Check only this park.")
        var park: String?

        @Option(help: "The clock flows see, ISO 8601 (default: now).")
        var time: String?

        @Option(help: "Seconds the whole check may take before it stops and reports what it did not reach.")
        var deadline: Double = 60

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func validate() throws {
            guard deadline.isFinite, deadline > 0 else {
                throw ValidationError("--deadline must be a positive number of seconds, got \(GeoError.text(deadline))")
            }
        }

        func run() throws {
            let stop = ContinuousClock.now.advanced(by: .seconds(deadline))
            let limits = try limits.limits()
            let root = try bundle.project(root: project.root, park: park)
            let catalog = ParkCatalog(root: root)
            let codes = try park.map { [try catalog.resolve($0)] } ?? catalog.codes
            let clock = try RunInputs.time(time)
            var problems = park == nil ? catalog.problems : []
            var badInput = !problems.isEmpty
            var screens = 0
            var started = 0
            var notReached: [String] = []
            for code in codes {
                guard ContinuousClock.now < stop else {
                    notReached.append(code)
                    print("SKIP \(TerminalText.line(code)): not reached before the time limit")
                    continue
                }
                started += 1
                let report = Self.check(code: code, root: root, time: clock, limits: limits, deadline: stop)
                problems += report.problems
                screens += report.screens
                badInput = badInput || report.broken
                if !report.notReached.isEmpty { notReached.append("the rest of \(code)") }
                let status = !report.problems.isEmpty ? "FAIL" : report.notReached.isEmpty ? "ok  " : "STOP"
                print("\(status) \(TerminalText.line(code)): \(TerminalText.line(report.summary))")
            }
            let limit = "\(GeoError.text(deadline)) s"
            if !notReached.isEmpty {
                problems.append("check stopped at its time limit of \(limit); not reached: \(Excerpt.list(notReached))")
            }
            var listed = Set<String>()
            problems = problems.filter { listed.insert($0).inserted }  // one mistake seen from several runs: once
            let parks = notReached.isEmpty ? "\(codes.count) park\(codes.count == 1 ? "" : "s")" : "\(started) of \(codes.count) parks"
            let stopped = notReached.isEmpty ? "" : "; stopped at the time limit of \(limit)"
            let lint =
                root.isInMemory
                ? .skipped("the bundle's files are in memory (lint the project it was made from)")
                : Luacheck.run(root: root, paths: park == nil ? ["flows", "parks"] : ["flows", "parks/defaults.lua"] + codes.map { "parks/\($0)" })
            print(lint.summary)
            print("checked \(parks), \(screens) screens: \(problems.count) problem\(problems.count == 1 ? "" : "s")\(stopped)")
            fflush(nil)  // the summary before the problems, on a terminal showing both
            for problem in problems { TerminalText.writeError(SourcePlace.quoting(problem, root: root)) }
            for message in lint.messages { TerminalText.writeError(message) }
            if badInput || !notReached.isEmpty || lint.isBroken { throw ExitCode(2) }
            if !problems.isEmpty || !lint.messages.isEmpty { throw ExitCode(1) }
        }

        struct Report {
            var problems: [String] = []
            var screens = 0
            var summary = ""
            /// The park does not load or a content file of it is bad: bad input, exit 2.
            var broken = false
            /// What the time limit cut off: `map`, `sites --at center`, `3 actions of home`.
            var notReached: [String] = []
        }

        /// Checks one park in a runtime of its own, stopping at `deadline` between two runs.
        static func check(code: String, root: ProjectRoot, time: Date?, limits: HostLimits = HostLimits(), deadline: ContinuousClock.Instant) -> Report {
            var report = Report()
            let runtime: FlowRuntime
            do {
                runtime = try FlowRuntime(root: root, park: code, time: time, limits: limits)
            } catch {
                report.problems.append("\(code): does not load: \(error)")
                report.summary = "does not load"
                report.broken = true
                return report
            }
            for failure in runtime.loadFailures {
                report.problems.append("\(code): \(failure)")
                report.broken = report.broken || failure.error.exitCode == 2
            }
            var siteCount = 0
            do {
                let sites = try runtime.sites()
                siteCount = sites.count
                report.problems += unnamedCategories(sites, park: runtime.park)
            } catch {
                report.problems.append("\(error)")
                report.broken = true
            }
            do { _ = try runtime.boundary() } catch { report.problems.append("\(error)"); report.broken = true }
            // Pictures park.lua names are content (exit 2); those a flow names, its screen's (exit 1).
            let assets = AssetCheck(root: root, park: runtime.park.code)
            let exhibitProblems = exhibitProblems(runtime, assets: assets)
            report.problems += exhibitProblems
            report.broken = report.broken || !exhibitProblems.isEmpty
            let configured = assets.problems(in: runtime.park)
            report.problems += configured.messages
            report.broken = report.broken || !configured.messages.isEmpty
            func checkImages(_ screen: Screen) {
                let files = runtime.registry.chain(screen.flow)?.map(\.file) ?? []
                report.problems += assets.problems(in: screen, files: files, skipping: configured.references)
            }

            let center = Coordinate(latitude: runtime.park.center.lat, longitude: runtime.park.center.lon)
            var requests: [FlowRequest] = []
            for flow in runtime.flowNames {
                requests.append(FlowRequest(flow: flow))
                requests.append(FlowRequest(flow: flow, at: center))
            }
            var seen = Set<String>()
            // One mistake met by several runs (with and without a position, or followed from two
            // screens) is reported once, by the first run that met it.
            var reported = Set<String>()
            func note(_ context: String, _ error: any Error) {
                if reported.insert("\(error)").inserted { report.problems.append("\(context): \(error)") }
            }
            for (index, request) in requests.enumerated() {
                guard ContinuousClock.now < deadline else {
                    report.notReached += requests[index...].map(describe)
                    break
                }
                do {
                    let screen = try SingleRun(request, on: runtime).screen
                    report.screens += 1
                    checkImages(screen)
                    var skipped = 0
                    for located in screen.actions {
                        // A go to another park is followed when that park is checked, in its own runtime.
                        // An act is performed as the app would, on check's store in memory: its
                        // writes and the screen it returns are checked, and no profile is touched.
                        let flow: String, args: [String: String], acting: Bool
                        switch located.action.target {
                        case .go(let next, let nextArgs, let other) where other == nil || other == code:
                            (flow, args, acting) = (next, nextArgs, false)
                        case .act(let next, let nextArgs):
                            (flow, args, acting) = (next, nextArgs, true)
                        default:
                            continue
                        }
                        let key = "\(acting ? "act " : "")\(flow)?\(args.sorted { $0.key < $1.key })@\(request.at != nil)"
                        guard seen.insert(key).inserted else { continue }
                        guard ContinuousClock.now < deadline else { skipped += 1; continue }
                        do {
                            // Its view args (a zoom-in's center and zoom) were checked with the screen.
                            let next = try FlowRequest(flow: flow, actionArgs: args, at: request.at, acting: acting)
                            checkImages(try SingleRun(next, on: runtime).screen)
                            report.screens += 1
                        } catch FlowError.unavailableFlow {
                            continue  // its broken file is listed once, above
                        } catch {
                            note("\(code): following '\(located.path)' of \(describe(request))", error)
                        }
                    }
                    if skipped > 0 { report.notReached.append("\(skipped) action\(skipped == 1 ? "" : "s") of \(describe(request))") }
                } catch FlowError.unavailableFlow {
                    continue
                } catch {
                    note("\(code) \(describe(request))", error)
                }
            }
            report.summary = "\(runtime.flowNames.count) flows, \(siteCount) sites, \(report.screens) screens"
            if !report.notReached.isEmpty { report.summary += "; not reached: \(Excerpt.list(report.notReached))" }
            return report
        }

        /// `exhibits.geojson`'s mistakes (field paths) and pictures that are not the park's assets or https.
        static func exhibitProblems(_ runtime: FlowRuntime, assets: AssetCheck) -> [String] {
            let catalog: ExhibitCatalog?
            do { catalog = try runtime.exhibits() } catch { return ["\(error)"] }
            return (catalog?.exhibits ?? []).enumerated().compactMap { i, exhibit in
                exhibit.picture.flatMap(assets.problem(with:)).map {
                    "parks/\(runtime.park.code)/exhibits.geojson: feature \(i + 1) ('\(exhibit.id)'): picture: \($0)"
                }
            }
        }

        /// Categories of the park's sites that `sites.categories` gives no names: screens would
        /// guess them from the id ("Benchs" was such a guess).
        static func unnamedCategories(_ sites: [Site], park: ParkConfig) -> [String] {
            let counts = Dictionary(sites.map { ($0.category, 1) }, uniquingKeysWith: +)
            return counts.keys.sorted().filter { park.settings.sites.categories[$0]?.name == nil }.map { category in
                "parks/\(park.code)/sites.geojson: category \(Excerpt.quoted(category)) (\(Excerpt.count(counts[category] ?? 0)) site\(counts[category] == 1 ? "" : "s")) has no name: "
                    + "add it to sites.categories in parks/\(park.code)/park.lua, say \(CategoryNames.entry(category))"
            }
        }

        /// `home`, or `home --at center` for the run from the park's center.
        static func describe(_ request: FlowRequest) -> String {
            "\(request.flow)\(request.at == nil ? "" : " --at center")"
        }
    }
}
