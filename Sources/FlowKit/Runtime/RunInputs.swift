#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import GeoKit
import ScreenModel

/// What a run is asked for, as typed values: the command line's options
/// (`flowrun --park GOGA sites --at 37.8078,-122.4750 --time ...`, read through
/// ``RunInputText``), the preview's query, or a scenario's fields (`at = {37.8078, -122.4750}`,
/// read from Lua), each input declared once in ``RunInputField/all`` with its type and checks.
/// Every road in ends here with the same values, checked the same way; ``request(name:trackFile:shown:)``
/// makes them a ``FlowRequest``, reading the files they name. Only how a message names a value
/// differs (`--zoom: ...` on the command line, `parks/GOGA/tests/map.lua:3: zoom: ...` in a
/// scenario).
public struct RunInputs: Sendable, Equatable {
    /// The flow to run.
    public var flow: String
    /// The flow's `ctx.args` (never the view's keys: those are ``view``'s, ``size``'s and ``ar``'s).
    public var args: [String: String] = [:]
    /// The visitor's position.
    public var at: Coordinate?
    /// The clock flows see; nil for now (or, with ``until``, that moment).
    public var time: Date?
    /// A GPX track to replay, as messages name it (a path as the user gave it, or relative
    /// to the project root for a scenario's).
    public var track: String?
    /// A beacon scan log to replay (`--beacons FILE.csv`), named as ``track`` is, and the
    /// moment to stop at (`--at-time`).
    public var beacons: String?
    public var atTime: RunMoment?
    /// A party file to replay (``PartyFile``), named as ``track`` is, and the member id to run
    /// as (nil: the first guardian).
    public var party: String?
    public var member: String?
    /// The duty cycle to sample the party's tracks with.
    public var dutyCycle: DutyCyclePolicy?
    /// The horizontal accuracy of ``at`` and of the track's fixes, metres (nil:
    /// ``FlowRequest/defaultAccuracy``).
    public var accuracy: Double?
    /// The location state without a position (`--location denied`), its times the clock's.
    public var location: LocationState?
    /// The device's language (`--locale es`); nil for the park's default.
    public var locale: String?
    /// The moment of ``track`` to run at.
    public var until: RunMoment?
    /// Whether the device has no network (`--offline`): the request's connectivity is then
    /// offline, running from ``offlineCache``.
    public var offline = false
    /// The map camera (`--center`, `--zoom`, `--bbox`).
    public var view = MapView()
    /// The screen's size (`--size`).
    public var size: ScreenSize?
    /// The AR camera (`--heading`, `--pitch`, `--fov`).
    public var ar = ARView()

    /// What an offline run runs from unless its caller knows better (a bundle cache does).
    public static let offlineCache = "the park's files"

    /// The states `--location` names, as a person writes them, and what flows then see.
    public static let locationNames: KeyValuePairs<String, LocationProblem?> = [
        "searching": nil, "searching-longer": nil, "denied": .denied, "unavailable": .unavailable, "timed-out": .timedOut, "idle": nil,
    ]

    /// Inputs for `flow`; set the others as needed.
    /// - Parameter flow: the flow to run.
    public init(flow: String) {
        self.flow = flow
    }

    /// Reads the inputs `given` names, in ``RunInputField/all``'s order: for each, first what
    /// it needs of the others given (``RunInputField/relations``), then its value with `read`.
    /// The one order every road in checks inputs in.
    /// - Parameters:
    ///   - given: the names of the inputs given.
    ///   - mention: how a message names another input (`--at`, `at`).
    ///   - read: sets an input's value from what was written.
    /// - Throws: ``InputError`` with the input's name as its key.
    public mutating func read(
        given: Set<String>, mention: (String) -> String, _ read: (RunInputField, inout RunInputs) throws(RunInputProblem) -> Void
    ) throws(InputError) {
        for field in RunInputField.all where given.contains(field.name) {
            do throws(RunInputProblem) {
                if let problem = field.relationProblem(given: given, mention: mention) { throw problem }
                try read(field, &self)
            } catch {
                throw InputError(key: field.name, message: error.message)
            }
        }
    }

    /// The request these inputs ask for, the files they name read.
    /// - Parameters:
    ///   - name: how a message names a value by its input's name (`at` → `--at`, the default).
    ///   - trackFile: the file to read for ``track``, ``party`` or ``beacons`` (default: the
    ///     path as given).
    ///   - shown: how screens and messages name such a file (default: as given; the command
    ///     line passes ``ProjectRoot/shown(_:from:)``).
    /// - Throws: ``FlowError/badArgument(name:message:)`` naming the value at fault (inputs
    ///   set in code are checked against each other here as readers check them);
    ///   ``FlowError/invalidContent(_:)`` for a file that does not read.
    public func request(
        name: (String) -> String = { "--" + $0 },
        trackFile: (String) -> String = { $0 },
        shown: (String) -> String = { $0 }
    ) throws(FlowError) -> FlowRequest {
        let given = Set(RunInputField.all.filter { $0.isGiven(in: self) }.map(\.name))
        for field in RunInputField.all where given.contains(field.name) {
            if let problem = field.relationProblem(given: given, mention: name) {
                throw .badArgument(name: name(field.name), message: problem.message)
            }
        }
        let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(trackFile(path), displayPath: shown(path)) }
        var request = FlowRequest(flow: flow, args: args, at: at, track: recorded, size: size)
        if let party {
            request.party = try PartyRun(party: try PartyFile.read(trackFile(party), displayPath: shown(party)), as: member)
            if let dutyCycle { request.party?.dutyCycle = dutyCycle }
        }
        if !view.isEmpty { request.view = view }
        if !ar.isEmpty { request.ar = ar }
        request.accuracy = accuracy
        request.locale = locale
        // The search's start is the clock's time: set by the runtime (since 0 is "just began" there).
        request.location = location
        if let until {
            guard let recorded, let first = recorded.fixes.first, let last = recorded.fixes.last else {
                throw .badArgument(name: name("until"), message: "is a moment of --track FILE.gpx; give the track")
            }
            request.until = try until.seconds(
                name: name("until"), of: "the track", recorded.displayPath, from: (first.time, first.line), to: (last.time, last.line))
        }
        if offline { request.connectivity = .offline(cache: Self.offlineCache) }
        if let beacons {
            // The moment is placed in the log when the flow runs (BeaconReplay.moment(in:)).
            request.beacons = BeaconReplay(path: trackFile(beacons), displayPath: shown(beacons), atTime: atTime)
        }
        return request
    }

    /// An ISO 8601 time with its offset (`2026-07-04T09:30:00-07:00`, fractions of a second
    /// allowed), read as `--time` is, or nil when `text` is.
    /// - Parameters:
    ///   - text: the time as written.
    ///   - name: how a message names it.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for text that is not such a time.
    public static func time(_ text: String?, name: String = "--time") throws(FlowError) -> Date? {
        try text.map { (text: String) throws(FlowError) -> Date in try read(text, RunInputType<Date>.time, name: name) }
    }

    /// A position written `LAT,LON` (`37.8078,-122.4750`), read as `--at` is, or nil when `text` is.
    /// - Parameters:
    ///   - text: the position as written.
    ///   - name: how a message names it (default `--at`).
    /// - Throws: ``FlowError/badArgument(name:message:)`` saying what does not parse.
    public static func coordinate(_ text: String?, name: String = "--at") throws(FlowError) -> Coordinate? {
        try text.map { (text: String) throws(FlowError) -> Coordinate in
            try read(text, RunInputType<Coordinate>.at, name: name)
        }
    }

    private static func read<Value>(_ text: String, _ type: RunInputType<Value>, name: String) throws(FlowError) -> Value {
        do {
            return try type.text(text)
        } catch {
            throw .badArgument(name: name, message: error.message)
        }
    }
}
