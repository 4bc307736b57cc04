import ArgumentParser
import FlowKit
import Foundation
import GeoKit
import ScreenModel

extension Flowrun {
    /// `flowrun [run] --park CODE [FLOW]`: runs a flow and prints its screen.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a flow for a park and print its screen (the default command).")

        @OptionGroup var project: ProjectOptions

        @Option(help: "Park code, e.g. GOGA (see 'flowrun parks').")
        var park: String

        @Argument(help: "The flow to run.")
        var flow: String = "home"

        @Option(parsing: .unconditional, help: "The visitor's position as LAT,LON, e.g. 37.8078,-122.4750 (may start with '-').")
        var at: String?

        @Option(help: ArgumentHelp("A GPX track to replay (flows see it as ctx.track), e.g. for the geofence flow.", valueName: "file.gpx"))
        var track: String?

        @Option(name: .customLong("arg"), help: ArgumentHelp("An argument for the flow as KEY=VALUE (repeatable).", valueName: "key=value"))
        var args: [String] = []

        @Option(help: "The clock flows see, ISO 8601 such as 2026-07-04T09:30:00-07:00 (default: now).")
        var time: String?

        @Option(help: "Output: text (for people), json (for app clients) or svg (a picture of a map).")
        var format: OutputFormat = .text

        @Option(help: "Follow the action with this id and print where it leads (repeatable, in order).")
        var follow: [String] = []

        @OptionGroup(title: "Map")
        var camera: CameraOptions

        @OptionGroup(title: "AR")
        var arView: ARViewOptions

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        func run() throws {
            let position = try parseCoordinate(at)
            var flowArgs = try Self.parseArgs(args)
            flowArgs.merge(try camera.arguments()) { _, camera in camera }
            flowArgs.merge(try arView.arguments()) { _, view in view }
            let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(path) }
            let request = FlowRequest(flow: flow, args: flowArgs, at: position, track: recorded)
            let runtime = try FlowRuntime(root: try project.project(), park: park, time: try Self.parseTime(time),
                                          limits: try limits.limits())
            var screen = try runtime.run(request)
            for id in follow {
                switch try runtime.follow(id, from: screen, at: position) {
                case .screen(let next):
                    screen = next
                case .external(let action):
                    print(Self.describe(action, format: format), terminator: "")
                    return
                }
            }
            print(try render(screen), terminator: "")
        }

        private func render(_ screen: Screen) throws -> String {
            switch format {
            case .text: return TextRenderer().render(screen)
            case .json: return JSONRenderer().render(screen)
            case .svg:
                guard SVGRenderer.canRender(screen) else {
                    throw FlowError.badArgument(name: "--format svg", message: "screen '\(screen.flow)' has no map or timeline to draw; use text or json")
                }
                return SVGRenderer().render(screen)
            }
        }

        static func parseArgs(_ pairs: [String]) throws -> [String: String] {
            var args: [String: String] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw FlowError.badArgument(name: "--arg", message: "expected KEY=VALUE such as category=viewpoint, got '\(pair)'")
                }
                args[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            return args
        }

        static func parseTime(_ text: String?) throws -> Date? {
            guard let text else { return nil }
            let formatter = ISO8601DateFormatter()
            for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
                formatter.formatOptions = options
                if let date = formatter.date(from: text) { return date }
            }
            throw FlowError.badArgument(name: "--time", message: "expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got '\(text)'")
        }

        /// What the app would do for a URL or phone action.
        static func describe(_ action: Action, format: OutputFormat) -> String {
            switch format {
            case .json:
                return JSONRenderer.encode(action)
            case .text, .svg:
                switch action.target {
                case .url(let url): return "The app opens \(TerminalText.line(url))\n"
                case .call(let phone): return "The app calls \(TerminalText.line(phone))\n"
                case .go(let flow, _): return "The app goes to \(TerminalText.line(flow))\n"
                }
            }
        }
    }
}
