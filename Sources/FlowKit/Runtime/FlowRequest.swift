public import GeoKit

/// What to run: a flow, its arguments, and where the visitor is.
public struct FlowRequest: Sendable {
    /// The flow's registered name (`home`, `sites`, ...).
    public var flow: String
    /// `--arg key=value` pairs, seen by the flow as `ctx.args`.
    public var args: [String: String]
    /// The visitor's position (`--at`), seen as `ctx.at`; nil when unknown.
    public var at: Coordinate?
    /// A recorded track to replay (`--track FILE.gpx`): flows see it as `ctx.track`.
    public var track: RecordedTrack?

    public init(flow: String, args: [String: String] = [:], at: Coordinate? = nil, track: RecordedTrack? = nil) {
        self.flow = flow
        self.args = args
        self.at = at
        self.track = track
    }
}

/// Where following an action leads.
public enum FollowOutcome: Sendable {
    /// A `go` action: the screen of the flow it leads to.
    case screen(Screen)
    /// A URL or phone action: the app performs it; there is no screen to show.
    case external(Action)
}

public import ScreenModel

/// A GPS track read from a GPX file for replay: its fixes in time order.
public struct RecordedTrack: Sendable {
    /// The path as the user gave it, for messages.
    public var displayPath: String
    public var fixes: [TimedFix]

    public init(displayPath: String, fixes: [TimedFix]) {
        self.displayPath = displayPath
        self.fixes = fixes
    }

    /// Reads a GPX file's track points, checked for replay (every point has a time, in order).
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and line.
    public static func read(_ path: String) throws(FlowError) -> RecordedTrack {
        do {
            let document = try GPXReader.read(contentsOf: path, displayPath: path)
            return RecordedTrack(displayPath: path, fixes: try document.timedFixes())
        } catch {
            throw .invalidContent(error.description)
        }
    }
}
