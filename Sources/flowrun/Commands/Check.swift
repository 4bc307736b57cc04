import ArgumentParser
import FlowKit
import GeoKit
import ScreenModel

extension Flowrun {
    /// `flowrun check`: validates every park's configuration and content and every flow's screen.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every park: configuration, content files, and that every flow returns a valid screen.",
            discussion: "Each flow runs with no arguments and, where it lists sites, from the park's centre; every 'go' action of those screens is followed once. Exits 1 if anything is wrong.")

        @OptionGroup var project: ProjectOptions

        @Option(help: "Check only this park.")
        var park: String?

        @Option(help: "The clock flows see, ISO 8601 (default: now).")
        var time: String?

        func run() throws {
            let root = try project.project()
            let catalog = ParkCatalog(root: root)
            let codes = try park.map { [try catalog.resolve($0)] } ?? catalog.codes
            let clock = try Run.parseTime(time)
            var problems = park == nil ? catalog.problems : []
            var screens = 0
            for code in codes {
                let report = Self.check(code: code, root: root, time: clock)
                problems += report.problems
                screens += report.screens
                print("\(report.problems.isEmpty ? "ok  " : "FAIL") \(code): \(report.summary)")
            }
            print("checked \(codes.count) park\(codes.count == 1 ? "" : "s"), \(screens) screens: \(problems.count) problem\(problems.count == 1 ? "" : "s")")
            for problem in problems { printError(problem) }
            if !problems.isEmpty { throw ExitCode(1) }
        }

        struct Report {
            var problems: [String] = []
            var screens = 0
            var summary = ""
        }

        static func check(code: String, root: ProjectRoot, time: Date?) -> Report {
            var report = Report()
            let runtime: FlowRuntime
            do {
                runtime = try FlowRuntime(root: root, park: code, time: time)
            } catch {
                report.problems.append("\(error)")
                report.summary = "does not load"
                return report
            }
            var siteCount = 0
            do { siteCount = try runtime.sites().count } catch { report.problems.append("\(error)") }
            do { _ = try runtime.boundary() } catch { report.problems.append("\(error)") }

            let center = Coordinate(latitude: runtime.park.center.lat, longitude: runtime.park.center.lon)
            var requests: [FlowRequest] = []
            for flow in runtime.flowNames {
                requests.append(FlowRequest(flow: flow))
                requests.append(FlowRequest(flow: flow, at: center))
            }
            var seen = Set<String>()
            for request in requests {
                do {
                    let screen = try runtime.run(request)
                    report.screens += 1
                    for located in screen.actions {
                        guard case .go(let flow, let args) = located.action.target else { continue }
                        let key = "\(flow)?\(args.sorted { $0.key < $1.key })@\(request.at != nil)"
                        guard seen.insert(key).inserted else { continue }
                        do {
                            _ = try runtime.run(FlowRequest(flow: flow, args: args, at: request.at))
                            report.screens += 1
                        } catch {
                            report.problems.append("\(code): following '\(located.path)' of \(request.flow): \(error)")
                        }
                    }
                } catch {
                    report.problems.append("\(code) \(request.flow)\(request.at == nil ? "" : " --at centre"): \(error)")
                }
            }
            report.summary = "\(runtime.flowNames.count) flows, \(siteCount) sites, \(report.screens) screens"
            return report
        }
    }
}

import Foundation
