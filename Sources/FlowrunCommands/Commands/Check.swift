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
import ScreenRendering

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
            var problems: [(code: String?, text: String)] = park == nil ? catalog.problems.map { (nil, $0) } : []
            var badInput = !problems.isEmpty
            var shared: [(cause: String, parks: [(code: String, files: [String])])] = []
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
                problems += report.problems.map { (code, $0) }
                for (cause, files) in report.sharedCauses {
                    if let i = shared.firstIndex(where: { $0.cause == cause }) {
                        shared[i].parks.append((code, files))
                    } else {
                        shared.append((cause, [(code, files)]))
                        problems.append((nil, "\u{1}\(shared.count - 1)"))  // its place in the list
                    }
                }
                screens += report.screens
                badInput = badInput || report.broken
                if !report.notReached.isEmpty { notReached.append("the rest of \(code)") }
                let status = !report.problems.isEmpty || !report.sharedCauses.isEmpty ? "FAIL" : report.notReached.isEmpty ? "ok  " : "STOP"
                print("\(status) \(TerminalText.line(code)): \(TerminalText.line(report.summary))")
            }
            let limit = "\(GeoError.text(deadline)) s"
            if !notReached.isEmpty {
                problems.append((nil, "check stopped at its time limit of \(limit); not reached: \(Excerpt.list(notReached))"))
            }
            // One mistake seen from several runs, or in several parks (a shared file's): once.
            let merged = Self.mergingParks(problems).map { problem in
                guard problem.hasPrefix("\u{1}"), let i = Int(problem.dropFirst()) else { return problem }
                return Self.sharedCauseProblem(shared[i].cause, parks: shared[i].parks)
            }
            let parks = notReached.isEmpty ? "\(codes.count) park\(codes.count == 1 ? "" : "s")" : "\(started) of \(codes.count) parks"
            let stopped = notReached.isEmpty ? "" : "; stopped at the time limit of \(limit)"
            let lint =
                root.isInMemory
                ? .skipped("the bundle's files are in memory (lint the project it was made from)")
                : Luacheck.run(root: root, paths: park == nil ? ["flows", "parks"] : ["flows", "parks/defaults.lua"] + codes.map { "parks/\($0)" })
            print(lint.summary)
            print("checked \(parks), \(screens) screens: \(merged.count) problem\(merged.count == 1 ? "" : "s")\(stopped)")
            fflush(nil)  // the summary before the problems, on a terminal showing both
            for problem in merged { TerminalText.writeError(SourcePlace.quoting(problem, root: root)) }
            for message in lint.messages { TerminalText.writeError(message) }
            if badInput || !notReached.isEmpty || lint.isBroken { throw ExitCode(2) }
            if !merged.isEmpty || !lint.messages.isEmpty { throw ExitCode(1) }
        }

        struct Report {
            var problems: [String] = []
            var screens = 0
            var summary = ""
            /// The park does not load or a content file of it is bad: bad input, exit 2.
            var broken = false
            /// What the time limit cut off: `map`, `sites --at center`, `3 actions of home`.
            var notReached: [String] = []
            /// Mistakes that kept several flow files from loading, each with the files.
            var sharedCauses: [(cause: String, files: [String])] = []
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
            let loading = loadProblems(runtime.loadFailures, code: code)
            report.problems += loading.problems
            report.sharedCauses = loading.shared
            for failure in runtime.loadFailures { report.broken = report.broken || failure.error.exitCode == 2 }
            // One mistake met by several runs (with and without a position, or followed from two
            // screens), or met first by the check of the park's content, is reported once.
            var reported = Set<String>()
            var siteCount = 0
            do {
                let sites = try runtime.sites()
                siteCount = sites.count
                report.problems += unnamedCategories(sites, park: runtime.park)
            } catch {
                reported.insert("\(error)")
                report.problems.append("\(error)")
                report.broken = true
            }
            do { _ = try runtime.boundary() } catch {
                reported.insert("\(error)")
                report.problems.append("\(error)")
                report.broken = true
            }
            // The park's languages against each other, and the keys its flows ask for.
            report.problems += StringTables.problems(root: root, park: runtime.park)
            // Pictures park.lua names are content (exit 2); those a flow names, its screen's (exit 1).
            let assets = AssetCheck(root: root, park: runtime.park.code)
            let exhibitProblems = exhibitProblems(runtime, assets: assets)
            report.problems += exhibitProblems
            report.broken = report.broken || !exhibitProblems.isEmpty
            let configured = assets.problems(in: runtime.park)
            report.problems += configured.messages
            report.broken = report.broken || !configured.messages.isEmpty
            let unreadable = themeProblems(runtime.park, root: root)
            report.problems += unreadable
            report.broken = report.broken || !unreadable.isEmpty
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

        /// Colours of the park's theme whose text does not read (``ThemeContrast``), each at the
        /// line of park.lua or defaults.lua that sets it.
        static func themeProblems(_ park: ParkConfig, root: ProjectRoot) -> [String] {
            var places = SettingPlaces(code: park.code, root: root)
            return ThemeContrast.problems(park.settings.theme.screenTheme).map { problem in
                "\(places.place(of: problem.setting)): \(problem.setting): \(problem.message)"
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

        /// The park's files that did not load, one problem per mistake: the files that met the
        /// same one (a shared library that does not compile, which six flows require) are
        /// kept under it (``Report/sharedCauses``), to be listed once for every park, without
        /// a traceback each.
        static func loadProblems(_ failures: [FlowLoadFailure], code: String) -> (problems: [String], shared: [(cause: String, files: [String])]) {
            var causes: [String] = []
            var met: [String: [FlowLoadFailure]] = [:]
            for failure in failures {
                let text = failure.description
                let cause = SourcePlace.cause(in: text).map { String($0.text.prefix { $0 != "\n" }) } ?? text
                if met[cause] == nil { causes.append(cause) }
                met[cause, default: []].append(failure)
            }
            var problems: [String] = []
            var shared: [(cause: String, files: [String])] = []
            for cause in causes {
                let failures = met[cause] ?? []
                if failures.count == 1, let only = failures.first { problems.append("\(code): \(only)") } else { shared.append((cause, failures.map(\.file))) }
            }
            return (problems, shared)
        }

        /// One problem for a mistake that kept flow files of several parks from loading.
        static func sharedCauseProblem(_ cause: String, parks: [(code: String, files: [String])]) -> String {
            var files: [String] = []
            for file in parks.flatMap(\.files) where !files.contains(file) { files.append(file) }
            return "\(named(parks.map(\.code))): \(cause)\n  \(files.count) flow files did not load because of it: \(Excerpt.list(files))"
        }

        /// `GOGA, YELL`, or `ACAD, ARCH and 62 more parks`.
        static func named(_ codes: [String]) -> String {
            codes.count <= 3 ? codes.joined(separator: ", ") : "\(codes.prefix(2).joined(separator: ", ")) and \(codes.count - 2) more parks"
        }

        /// Problems in the order met, the same problem of several parks once, naming them
        /// (`ACAD, ARCH and 62 more: flows/lib/x.lua:3: ...`): a mistake in a shared file is
        /// one mistake, whatever the number of parks it reaches.
        static func mergingParks(_ problems: [(code: String?, text: String)]) -> [String] {
            // Keyed by the text after the park's code; a problem of no park by its whole text.
            var order: [String] = []
            var parks: [String: [String]] = [:]
            for (code, text) in problems {
                let parked = code.map { text.hasPrefix($0 + ":") || text.hasPrefix($0 + " ") } ?? false
                let key = parked ? String(text.dropFirst(code?.count ?? 0)) : "\u{0}" + text
                if parks[key] == nil { order.append(key) }
                parks[key, default: []] += parked ? [code ?? ""] : []
            }
            return order.map { key in
                guard !key.hasPrefix("\u{0}") else { return String(key.dropFirst()) }
                let codes = parks[key] ?? []
                return named(codes) + key
            }
        }

        /// `home`, or `home --at center` for the run from the park's center.
        static func describe(_ request: FlowRequest) -> String {
            "\(request.flow)\(request.at == nil ? "" : " --at center")"
        }
    }
}
