public import GeoKit

/// What to run: a flow, its arguments, and where the visitor is.
public struct FlowRequest: Sendable {
    /// The flow's registered name (`home`, `sites`, ...).
    public var flow: String
    /// `--arg key=value` pairs, seen by the flow as `ctx.args`.
    public var args: [String: String]
    /// The visitor's position (`--at`), seen as `ctx.at`; nil when unknown.
    public var at: Coordinate?

    public init(flow: String, args: [String: String] = [:], at: Coordinate? = nil) {
        self.flow = flow
        self.args = args
        self.at = at
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
