import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import GeoKit

/// What to run: a flow, its arguments, where the visitor is, and the view asked for.
public struct FlowRequest: Sendable {
    /// The flow's registered name (`home`, `sites`, ...).
    public var flow: String
    /// Free-form `--arg key=value` pairs (or a `go` action's args other than the view's),
    /// seen by the flow as `ctx.args`.
    public var args: [String: String]
    /// The visitor's position (`--at`), seen as `ctx.at`; nil when unknown.
    public var at: Coordinate?
    /// A recorded track to replay (`--track FILE.gpx`): flows see it as `ctx.track`.
    public var track: RecordedTrack?
    /// A beacon scan log to replay (`--beacons FILE.csv`, `--at-time T`): flows see it as
    /// `ctx.beacons` and replay it with `beacons.replay()`.
    public var beacons: BeaconReplay?
    /// A party to replay (`--party FILE`) and the member the run acts as (`--as`): the `party`
    /// module's, limited by that member's role.
    public var party: PartyRun?
    /// The screen's size (`--size`), seen as `ctx.view.size` and `ctx.ar.size`; nil for the
    /// park's `map.size` and `ar.size`.
    public var size: ScreenSize?
    /// The map camera (`--center`, `--zoom`, `--bbox`), seen as `ctx.view`.
    public var view: MapView
    /// The AR camera (`--heading`, `--pitch`, `--fov`), seen as `ctx.ar`.
    public var ar: ARView
    /// Whether this is an act run (an `act` action, `flowrun --act`): the run may write the
    /// visitor's store, and its writes commit when it returns a valid screen. Seen as
    /// `ctx.acting`. Default false: a view run, where `store` only reads.
    public var acting = false
    /// What the app knows of the visitor's position, seen as `ctx.location`; nil (the
    /// default) derives it from ``at``: found with ``defaultAccuracy`` at the clock's time
    /// when it is given, else searching since the clock's time. A state whose `since` is not
    /// finite began at the clock's time.
    public var location: LocationState?
    /// The device's language (`--locale es`), seen as `ctx.locale`; nil for the park's
    /// `language.default`. One the park has no strings in is refused when the flow runs.
    public var locale: String?
    /// Whether the device reaches the network, seen as `ctx.connectivity` (default online).
    public var connectivity: Connectivity = .online
    /// Whether the visitor is inside the park as the app's region monitoring last said (a
    /// live session's geofence: the park entered or left), seen as `ctx.at.inside_park`;
    /// nil (the default) tests ``at`` against the park's boundary.
    public var insidePark: Bool?

    /// The horizontal accuracy of ``at`` and of every fix of ``track`` (`--accuracy`),
    /// metres; nil for ``defaultAccuracy``.
    public var accuracy: Double?
    /// The moment of ``track`` to run the flow at (`--until`), seconds since 1970: the
    /// runtime replays the track's fixes up to it through the park's location settings, and
    /// the flow sees the state reached (and `ctx.at` when that is found). Nil: no replay.
    public var until: Double?

    /// The accuracy of a position given without one (`--at` without `--accuracy`, a
    /// scenario's `at`), metres: a phone's GPS under open sky.
    public static let defaultAccuracy = 10.0

    /// The location state flows see: ``location``, or the one ``at`` implies.
    /// - Parameter now: the clock's time, seconds since 1970.
    public func locationState(now: Double) -> LocationState {
        // A state asked for by name (`--location denied`) began when the run does.
        switch location {
        case .searching(let since)? where !since.isFinite: return .searching(since: now)
        case .searchingLonger(let since)? where !since.isFinite: return .searchingLonger(since: now)
        case .error(let problem, let since)? where !since.isFinite: return .error(problem, since: now)
        case let location?: return location
        case nil: break
        }
        guard let at else { return .searching(since: now) }
        return .found(LocationFix(coordinate: at, accuracy: accuracy ?? Self.defaultAccuracy, time: now))
    }

    /// A request from checked values; each parameter sets the property of the same name.
    /// - Parameters:
    ///   - flow: the flow's registered name.
    ///   - args: the flow's `ctx.args`.
    ///   - at: the visitor's position, if known.
    ///   - track: a track to replay, if any.
    ///   - size: the screen's size; nil for the park's defaults.
    ///   - view: the map camera (default: none asked for).
    ///   - ar: the AR camera (default: none asked for).
    public init(
        flow: String, args: [String: String] = [:], at: Coordinate? = nil, track: RecordedTrack? = nil,
        size: ScreenSize? = nil, view: MapView = MapView(), ar: ARView = ARView()
    ) {
        self.flow = flow
        self.args = args
        self.at = at
        self.track = track
        self.size = size
        self.view = view
        self.ar = ar
    }

    /// The keys of the view's values in their text form: the command-line options of these
    /// names and the `go` action args that carry a view from one screen to the next.
    public static let viewKeys: [String] = ["center", "zoom", "bbox", "size", "heading", "pitch", "fov"]

    /// The request a `go` or `act` action makes: its args named by ``viewKeys`` are parsed into
    /// ``size``, ``view`` and ``ar`` (`{center = "37.80000,-122.46000", zoom = "14"}` zooms
    /// the map in); the others stay in ``args``. `at` and `size` are the device's and carry
    /// over from the screen the action is on, unless the action gives a size.
    /// - Parameters:
    ///   - flow: the flow the action leads to.
    ///   - actionArgs: the action's args, view values among them.
    ///   - at: the visitor's position, if known.
    ///   - size: the size of the screen the action is on, if any.
    ///   - acting: whether the action is an `act` (default false: a `go`).
    /// - Throws: ``InputError`` for a view value that does not parse or is out of range.
    public init(flow: String, actionArgs: [String: String], at: Coordinate? = nil, size: ScreenSize? = nil, acting: Bool = false) throws(InputError) {
        self.init(flow: flow, args: actionArgs.filter { !Self.viewKeys.contains($0.key) }, at: at, size: size)
        self.acting = acting
        try setView(from: actionArgs)
    }

    /// Sets ``size``, ``view`` and ``ar`` from the text values in `values` named by
    /// ``viewKeys`` (other keys are ignored), each parsed and range-checked: the one place
    /// the command line's options and a `go` action's args are read.
    /// - Parameters:
    ///   - values: text values by key (`["zoom": "14"]`).
    ///   - name: How a message names another value (`--zoom` on the command line).
    /// - Throws: ``InputError`` naming the value at fault.
    public mutating func setView(from values: [String: String], name: (String) -> String = { $0 }) throws(InputError) {
        if let size = values["size"] {
            self.size = try InputError.reading("size", size, as: .size)
        }
        let view = try MapView.parse(center: values["center"], zoom: values["zoom"], bbox: values["bbox"], name: name)
        if !view.isEmpty { self.view = view }
        let ar = try ARView.parse(heading: values["heading"], pitch: values["pitch"], fov: values["fov"])
        if !ar.isEmpty { self.ar = ar }
    }
}

/// Where following an action leads.
public enum FollowOutcome: Sendable {
    /// A `go` action, or an `act` action performed: the screen of the flow it leads to.
    case screen(Screen)
    /// A URL, phone or directions action: the app performs it; there is no screen to show.
    case external(Action)
    /// A `go` action to another park (its code, as the action names it): the request to run
    /// in that park's own runtime (``FlowRuntime/init(root:park:time:limits:store:modules:compiledChunks:keptSites:)``).
    case park(String, FlowRequest)
}

public import ScreenModel

/// A GPS track read from a GPX file for replay: its fixes in time order.
public struct RecordedTrack: Sendable {
    /// The path as the user gave it, for messages.
    public var displayPath: String
    /// The track's points, each with its time, in time order.
    public var fixes: [TimedFix]
    /// The size of the file it was read from, for messages; nil when not read from a file.
    public var fileBytes: Int?

    /// A track from fixes already read.
    /// - Parameters:
    ///   - displayPath: how messages name the track's file.
    ///   - fixes: the points, in time order.
    ///   - fileBytes: the size of its file, if it came from one.
    public init(displayPath: String, fixes: [TimedFix], fileBytes: Int? = nil) {
        self.displayPath = displayPath
        self.fixes = fixes
        self.fileBytes = fileBytes
    }

    /// Reads a GPX file's track points, checked for replay (every point has a time, in order).
    /// - Parameters:
    ///   - path: the file's path.
    ///   - displayPath: how messages name the file (default: `path`, as the user gave it).
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and line.
    public static func read(_ path: String, displayPath: String? = nil) throws(FlowError) -> RecordedTrack {
        let shown = displayPath ?? path
        do {
            let document = try GPXReader.read(contentsOf: path, displayPath: shown)
            let size = FileReader.head(atPath: path, count: 0)?.size
            return RecordedTrack(displayPath: shown, fixes: try document.timedFixes(), fileBytes: size)
        } catch {
            throw .invalidContent(error.description)
        }
    }
}
