public import Foundation
public import GeoKit
import ScreenModel

/// What a run is asked for, as a person writes it: the command line's options
/// (`flowrun --park GOGA sites --at 37.8078,-122.4750 --time ...`) or a scenario's fields
/// (`at = {37.8078, -122.4750}`, read by ``ScenarioSuite``). The one place such text becomes
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
    /// The clock flows see, ISO 8601 (`2026-07-04T09:30:00-07:00`).
    public var time: String?
    /// The map and AR camera by their ``FlowRequest/viewKeys`` (`zoom`, `heading`, ...).
    public var view: [String: String] = [:]

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
    public func request(name: (String) -> String = { "--" + $0 },
                        trackFile: (String) -> String = { $0 }) throws(FlowError) -> FlowRequest {
        let position = try Self.coordinate(at, name: name("at"))
        let recorded = try track.map { path throws(FlowError) in try RecordedTrack.read(trackFile(path), displayPath: path) }
        var request = FlowRequest(flow: flow, args: args, at: position, track: recorded)
        do {
            try request.setView(from: view, name: name)
        } catch {
            throw .badArgument(name: name(error.key), message: error.message)
        }
        return request
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
