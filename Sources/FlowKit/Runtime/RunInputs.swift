public import Foundation
public import GeoKit
import ScreenModel

/// What a run is asked for, as a person writes it: the command line's options
/// (`flowrun --park GOGA sites --at 37.8078,-122.4750 --time ...`), the preview's query or a
/// scenario's fields (`at = {37.8078, -122.4750}`), each declared once in
/// ``RunInputField/all``. The one place such text becomes
/// a ``FlowRequest`` and a clock, so a value reads the same way, with the same checks and
/// messages, wherever it was written; only how a message names the value differs
/// (`--zoom: ...` on the command line, `parks/GOGA/tests/map.lua:3: zoom: ...` in a scenario).
public struct RunInputs: Sendable, Equatable {
    /// The flow to run.
    public var flow: String
    /// The flow's `ctx.args` (never the view's keys: those are ``view``'s).
    public var args: [String: String] = [:]
    /// The visitor's position as `LAT,LON`.
    public var at: String?
    /// A GPX track to replay, as messages name it (a path as the user gave it, or relative
    /// to the project root for a scenario's).
    public var track: String?
    /// A party file to replay (``PartyFile``), and the member id to run as (nil: the first guardian).
    public var party: String?
    public var member: String?
    /// The duty cycle to sample the party's tracks with (GeoKit's `DutyCyclePolicy` as text: `default`, `10/60`).
    public var dutyCycle: String?
    /// The clock flows see, ISO 8601 (`2026-07-04T09:30:00-07:00`).
    public var time: String?
    /// The map and AR camera by their ``FlowRequest/viewKeys`` (`zoom`, `heading`, ...).
    public var view: [String: String] = [:]
    /// The horizontal accuracy of ``at`` and of the track's fixes, metres (default
    /// ``FlowRequest/defaultAccuracy``).
    public var accuracy: String?
    /// The location state without a position, by its ``locationNames`` name (`denied`).
    public var location: String?
    /// The moment of ``track`` to run at: ISO 8601, or seconds from the track's first fix.
    public var until: String?
    /// Whether the device has no network (`--offline`): the request's connectivity is then
    /// offline, running from ``offlineCache``.
    public var offline = false
    /// A beacon scan log to replay (`--beacons FILE.csv`), and the moment to stop at (`--at-time`).
    public var beacons: String?
    public var atTime: String?

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

    /// The request these inputs ask for, every value parsed and checked.
    /// - Parameters:
    ///   - name: how a message names a value by its key (`at` → `--at`, the default).
    ///   - trackFile: the file to read for ``track`` (default: the path as given).
    /// - Throws: ``FlowError/badArgument(name:message:)`` naming the value at fault;
    ///   ``FlowError/invalidContent(_:)`` for a track that does not read.
    public func request(
        name: (String) -> String = { "--" + $0 },
        trackFile: (String) -> String = { $0 }
    ) throws(FlowError) -> FlowRequest {
        let position = try Self.coordinate(at, name: name("at"))
        let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(trackFile(path), displayPath: path) }
        var request = FlowRequest(flow: flow, args: args, at: position, track: recorded)
        if let party {
            request.party = try PartyRun(party: try PartyFile.read(trackFile(party), displayPath: party), as: member)
        } else if member != nil {
            throw .badArgument(name: name("as"), message: "names a member of a party: give the party with --party FILE")
        }
        if let dutyCycle {
            let policy = try Self.dutyCycle(dutyCycle, party: party, name: name("duty-cycle"))
            request.party?.dutyCycle = policy
        }
        do {
            try request.setView(from: view, name: name)
        } catch {
            throw .badArgument(name: name(error.key), message: error.message)
        }
        try setLocation(of: &request, name: name)
        if offline { request.connectivity = .offline(cache: Self.offlineCache) }
        if let beacons {
            // The moment is read against the log when the flow runs (BeaconReplay.moment(in:)).
            request.beacons = BeaconReplay(path: trackFile(beacons), displayPath: beacons, atTime: atTime)
        } else if atTime != nil {
            throw .badArgument(name: name("at-time"), message: "needs --beacons FILE.csv: a moment of which scan log?")
        }
        return request
    }

    /// Sets `request`'s accuracy, location state and replay moment from ``accuracy``,
    /// ``location`` and ``until``, checked against each other and the track.
    private func setLocation(of request: inout FlowRequest, name: (String) -> String) throws(FlowError) {
        if let accuracy {
            guard at != nil || track != nil else {
                throw .badArgument(name: name("accuracy"), message: "is the accuracy of --at or of --track's fixes; give one of them")
            }
            guard let metres = Double(accuracy), metres.isFinite, metres >= 0 else {
                throw .badArgument(name: name("accuracy"), message: "expected a number of metres ≥ 0 such as 8, got \(Excerpt.quoted(accuracy))")
            }
            request.accuracy = metres
        }
        if let location {
            guard at == nil else {
                throw .badArgument(name: name("location"), message: "says there is no position: leave out --at (a position is found)")
            }
            guard until == nil else {
                throw .badArgument(name: name("location"), message: "leave it out with --until: the track's fixes say the state then")
            }
            guard let entry = Self.locationNames.first(where: { $0.key == location }) else {
                let names = Self.locationNames.map(\.key)
                let hint = Excerpt.suggestion(for: location.replacingOccurrences(of: "_", with: "-"), in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw .badArgument(
                    name: name("location"), message: "unknown state \(Excerpt.quoted(location))\(hint) (known: \(names.joined(separator: ", ")))")
            }
            // The search's start is the clock's time: set by the runtime (since 0 is "just began" there).
            request.location = Self.state(entry.key, problem: entry.value)
        }
        if let until { request.until = try Self.moment(until, of: request.track, name: name("until"), clock: time != nil) }
    }

    /// The state `--location NAME` asks for, its times relative to the clock (see ``FlowRequest/location``).
    private static func state(_ name: String, problem: LocationProblem?) -> LocationState {
        if let problem { return .error(problem, since: -.infinity) }
        switch name {
        case "idle": return .idle
        case "searching-longer": return .searchingLonger(since: -.infinity)
        default: return .searching(since: -.infinity)
        }
    }

    /// `--until`'s moment, seconds since 1970: ISO 8601 or seconds after the track's first fix,
    /// within the track.
    private static func moment(_ text: String, of track: RecordedTrack?, name: String, clock: Bool) throws(FlowError) -> Double {
        guard let track, let first = track.fixes.first, let last = track.fixes.last else {
            throw .badArgument(name: name, message: "is a moment of --track FILE.gpx; give the track")
        }
        guard !clock else {
            throw .badArgument(name: name, message: "sets the clock flows see to that moment: leave out --time")
        }
        return try moment(
            text, name: name, of: "the track", track.displayPath, from: (first.time, first.line), to: (last.time, last.line),
            counting: "the track's start (such as 600)", example: "2026-07-04T09:30:00-07:00")
    }

    /// A moment of a recording (`--until`'s track, `--at-time`'s scan log), seconds since 1970:
    /// `text` is seconds after its first entry or an ISO 8601 time, and must lie between
    /// `first` and `last` (seconds since 1970, and their lines); else a message with its span.
    /// - Parameters:
    ///   - counting: what the seconds count from, with an example, for the message.
    ///   - example: an ISO 8601 time for the message.
    static func moment(
        _ text: String, name: String, of what: String, _ file: String,
        from first: (time: Double, line: Int), to last: (time: Double, line: Int),
        counting: String, example: String
    ) throws(FlowError) -> Double {
        let moment: Double
        if let seconds = Double(text) {
            guard seconds.isFinite else { throw .badArgument(name: name, message: "\(Excerpt.quoted(text)) is not a number of seconds") }
            moment = first.time + seconds
        } else {
            guard let date = try? Self.time(text, name: name) else {
                throw .badArgument(
                    name: name,
                    message: "expected seconds from \(counting) or an ISO 8601 time "
                        + "such as \(example), got \(Excerpt.quoted(text))")
            }
            moment = date.timeIntervalSince1970
        }
        let span = "\(file) runs from \(iso(first.time)) (line \(first.line)) to \(iso(last.time)) (line \(last.line))"
        if moment < first.time { throw .badArgument(name: name, message: "\(Excerpt.quoted(text)) is before \(what): \(span)") }
        if moment > last.time { throw .badArgument(name: name, message: "\(Excerpt.quoted(text)) is after \(what): \(span)") }
        return moment
    }

    private static func iso(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The clock ``time`` asks for; nil when it is not given (now).
    /// - Parameter name: how a message names the time (default `--time`).
    /// - Throws: ``FlowError/badArgument(name:message:)`` for text that is not ISO 8601.
    public func clock(name: String = "--time") throws(FlowError) -> Date? {
        try Self.time(time, name: name)
    }

    /// An ISO 8601 time with its offset (`2026-07-04T09:30:00-07:00`, fractions of a second
    /// allowed), or nil when `text` is.
    /// - Parameters:
    ///   - text: the time as written.
    ///   - name: how a message names it.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for text that is not such a time.
    public static func time(_ text: String?, name: String = "--time") throws(FlowError) -> Date? {
        guard let text else { return nil }
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        throw .badArgument(name: name, message: "expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got \(Excerpt.quoted(text))")
    }

    /// A position written `LAT,LON` (`37.8078,-122.4750`), or nil when `text` is.
    /// - Parameters:
    ///   - text: the position as written.
    ///   - name: how a message names it (default `--at`).
    /// - Throws: ``FlowError/badArgument(name:message:)`` saying what does not parse.
    public static func coordinate(_ text: String?, name: String = "--at") throws(FlowError) -> Coordinate? {
        guard let text else { return nil }
        do {
            return try Coordinate.parse(text)
        } catch {
            throw .badArgument(name: name, message: error.message)
        }
    }
}
