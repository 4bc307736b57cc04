import Formats
import ArgumentParser
import FlowKit
import GeoKit
import ScreenModel

extension Flowrun {
    /// `flowrun [run] --park CODE [FLOW]`: runs a flow and prints its screen.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a flow for a park and print its screen (the default command).")

        @OptionGroup var project: ProjectOptions

        @OptionGroup var bundle: BundleOptions

        @Option(help: "Park code, e.g. GOGA (see 'flowrun parks').")
        var park: String

        @Argument(help: "The flow to run.")
        var flow: String = "home"

        @Option(parsing: .unconditional, help: RunInputField.help("at"))
        var at: String?

        @Option(help: RunInputField.help("track"))
        var track: String?

        @Option(help: RunInputField.help("beacons"))
        var beacons: String?

        @Option(name: .customLong("at-time"), parsing: .unconditional, help: RunInputField.help("at-time"))
        var atTime: String?

        @OptionGroup(title: "Location and network")
        var device: DeviceOptions
        @Option(help: RunInputField.help("party"))
        var party: String?

        @Option(name: .customLong("as"), help: RunInputField.help("as"))
        var member: String?

        @Option(help: RunInputField.help("duty-cycle"))
        var dutyCycle: String?

        @Option(name: .customLong("arg"), help: ArgumentHelp("An argument for the flow as KEY=VALUE (repeatable).", valueName: "key=value"))
        var args: [String] = []

        @Option(help: RunInputField.help("time"))
        var time: String?

        @Option(help: RunInputField.help("locale"))
        var locale: String?

        @Option(help: "Output: text (for people), json (for app clients) or svg (a picture of a map, timeline or AR view).")
        var format: OutputFormat = .text

        @Option(
            help: "Follow the action with this id and print where it leads (repeatable, in order); an act action is performed: it writes the visitor's store.")
        var follow: [String] = []

        @Option(
            name: .customLong("field"),
            help: ArgumentHelp(
                "A value typed into the form the last --follow sends, as NAME=VALUE (repeatable); the form checks it first.",
                valueName: "name=value"))
        var fields: [String] = []

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
            var request = RunRequest(
                root: project.root, bundle: bundle.bundle, cache: bundle.cache, trust: bundle.trust, park: park,
                args: args, format: format, follow: follow, profile: profile.profile, act: act,
                maxInstructions: limits.maxInstructions, maxMemory: limits.maxMemory, timeLimit: limits.timeLimit,
                assets: pictures.assets, assetsParallel: pictures.assetsParallel, assetsTimeout: pictures.assetsTimeout)
            request.inputs.flow = flow
            request.fields = fields
            // Each input by its name in RunInputField.all (RunInputTableTests holds these equal to the table).
            let given: [String: String?] = [
                "at": at, "track": track, "beacons": beacons, "at-time": atTime, "party": party, "as": member, "duty-cycle": dutyCycle,
                "time": time, "locale": locale, "accuracy": device.accuracy, "location": device.location, "until": device.until,
            ]
            request.inputs.values = given.compactMapValues { $0 }.merging(camera.values) { $1 }.merging(arView.values) { $1 }
            if device.offline { request.inputs.flags.insert("offline") }
            return request
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

        /// The `--field` pairs: what was typed into a form, by field name.
        static func parseFields(_ pairs: [String]) throws -> [String: String] {
            var fields: [String: String] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw FlowError.badArgument(name: "--field", message: "expected NAME=VALUE such as title=Lookout, got \(Excerpt.quoted(pair))")
                }
                fields[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            return fields
        }
    }
}
