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

        @OptionGroup var bundle: BundleOptions

        @Option(help: "Park code, e.g. GOGA (see 'flowrun parks').")
        var park: String

        @Argument(help: "The flow to run.")
        var flow: String = "home"

        @Option(parsing: .unconditional, help: "The visitor's position as LAT,LON, e.g. 37.8078,-122.4750 (may start with '-').")
        var at: String?

        @Option(help: ArgumentHelp("A GPX track to replay (flows see it as ctx.track), e.g. for the geofence flow.", valueName: "file.gpx"))
        var track: String?

        @Option(help: ArgumentHelp("A Bluetooth scan log to replay against the park's exhibits (flows see it as ctx.beacons), e.g. for the exhibits flow.", valueName: "file.csv"))
        var beacons: String?

        @Option(name: .customLong("at-time"), parsing: .unconditional, help: ArgumentHelp("Replay the scan log of --beacons up to this moment: seconds from its first reading (as --until counts from a track's start), or ISO 8601.", valueName: "time"))
        var atTime: String?

        @OptionGroup(title: "Location and network")
        var device: DeviceOptions
        @Option(help: ArgumentHelp("A party file to replay (JSON, schema/party.schema.json): members, roles, tracks, safe zones; flows see it through the party module.", valueName: "file.json"))
        var party: String?

        @Option(name: .customLong("as"), help: ArgumentHelp("Run as this member of the --party (default: its first guardian); the member's role limits what the flow may see, change or trigger.", valueName: "member-id"))
        var member: String?

        @Option(help: ArgumentHelp("Sample the tracks of --party FILE as phones under this GPS duty cycle would, and mark each alert against the full tracks (on time, late, missed): 'default', 'always', ON/PERIOD in seconds ('10/60'), then options near=METRES:ON/PERIOD (faster near a safe zone's edge), hold=SECONDS (on after crossing an edge) and fix=SECONDS (first-fix delay), e.g. '10/60,near=100:10/20,hold=30'; default is \(DutyCyclePolicy.standard).", valueName: "policy"))
        var dutyCycle: String?

        @Option(name: .customLong("arg"), help: ArgumentHelp("An argument for the flow as KEY=VALUE (repeatable).", valueName: "key=value"))
        var args: [String] = []

        @Option(help: "The clock flows see, ISO 8601 such as 2026-07-04T09:30:00-07:00 (default: now).")
        var time: String?

        @Option(help: "Output: text (for people), json (for app clients) or svg (a picture of a map, timeline or AR view).")
        var format: OutputFormat = .text

        @Option(help: "Follow the action with this id and print where it leads (repeatable, in order); an act action is performed: it writes the visitor's store.")
        var follow: [String] = []

        @Flag(help: "Run the flow as an act run, as the app does for an act action: its store writes are kept when it returns a valid screen.")
        var act = false

        @OptionGroup(title: "Visitor's store")
        var profile: ProfileOptions

        @OptionGroup(title: "Map")
        var camera: CameraOptions

        @OptionGroup(title: "AR")
        var arView: ARViewOptions

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        @OptionGroup(title: "Pictures")
        var pictures: AssetOptions

        func run() throws {
            try request.execute()
        }

        /// The options as plain values, as ``RunFastPath`` reads them too.
        var request: RunRequest {
            RunRequest(root: project.root, bundle: bundle.bundle, cache: bundle.cache, trust: bundle.trust, park: park, flow: flow, at: at, track: track,
                       beacons: beacons, atTime: atTime, party: party, member: member, dutyCycle: dutyCycle,
                       accuracy: device.accuracy, location: device.location, until: device.until, offline: device.offline, args: args, time: time,
                       format: format, follow: follow, profile: profile.profile, act: act, view: camera.values.merging(arView.values) { $1 },
                       maxInstructions: limits.maxInstructions, maxMemory: limits.maxMemory, timeLimit: limits.timeLimit,
                       assets: pictures.assets, assetsParallel: pictures.assetsParallel, assetsTimeout: pictures.assetsTimeout)
        }

        /// The `--arg` pairs. The view's keys (`zoom`, `center`, ...) are options of their
        /// own, so a typo cannot slip past their checks as free text.
        static func parseArgs(_ pairs: [String]) throws -> [String: String] {
            var args: [String: String] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw FlowError.badArgument(name: "--arg", message: "expected KEY=VALUE such as category=viewpoint, got \(Excerpt.quoted(pair))")
                }
                let key = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
                guard !FlowRequest.viewKeys.contains(key) else {
                    throw FlowError.badArgument(name: "--arg", message: "\(key) is an option of its own: use --\(key) \(Excerpt.text(value))")
                }
                args[key] = value
            }
            return args
        }
    }
}
