/// Checks a decoded screen against the rules the JSON Schema cannot express, and
/// the ones it can, so a flow's mistakes are reported with their field paths
/// before anything is rendered.
///
/// Rules: `schema` equals ``Screen/schemaID``; park, flow, title, text, labels and
/// titles are not empty; `url` actions are absolute http(s) URLs with a host;
/// phone numbers have 7–15 digits and only digits, spaces and `+ - ( ) .` (or are a
/// 3-digit emergency number such as 911); `go`
/// actions name a non-empty flow (one of ``knownFlows`` when given, unless the action
/// leads to another park) and, when they name a park, one of ``knownParks`` (when given);
/// `directions` actions have a position on the Earth and a name; action ids
/// are unique across the screen; image URLs are not empty; placeholders are
/// `#RRGGBB`; layer positions and depths are finite and within 0...1; an
/// onboarding has at least one page. Maps: latitudes within -90...90 and
/// longitudes within -180...180, finite; `south < north`; zooms within 0...30;
/// sides more than 0 and at most 10,000 points; annotation ids not empty and unique
/// within their map; a cluster holds at least 2 sites and each category at least 1;
/// pin titles not empty; boundary rings closed, with at least 4 positions.
/// Timelines: times finite, `end` not before `start`, entries within `start...end`
/// and in time order; a given title, entry titles and regions, fact labels and values
/// not empty; region ids not empty and unique within their timeline, names not empty;
/// circle radii more than 0 meters; areas with at least one ring, each closed with at
/// least 4 positions; positions on the Earth; a time zone not empty (and known, when
/// ``timeZoneProblem`` is given).
/// AR views: headings and bearings within 0...360, pitch within -90...90, the field of
/// view more than 0 and less than 180, `max_distance` more than 0, distances at least 0,
/// screen positions finite, label boxes wider and taller than 0, `stack` and `z` at least
/// 0; site ids not empty and unique across pins and off-screen hints; `z` unique; titles
/// not empty; a hint's turn more than 0 and at most 180 degrees.
public struct ScreenValidator: Sendable {
    /// Issues flowrun lists in full for one screen; the rest are counted (see ``validate(_:listing:)``).
    public static let listedIssues = 20

    /// Flows that `go` actions may name; `nil` (the default) accepts any non-empty name.
    public var knownFlows: Set<String>?
    /// Flows that exist but are switched off for the park: a `go` to one is reported as
    /// such, not as unknown.
    public var disabledFlows: Set<String>
    /// Park codes a `go` action's `park` may name; `nil` (the default) accepts any non-empty code.
    public var knownParks: Set<String>?
    /// Says what is wrong with a timeline's time zone name (`unknown time zone 'X'`), or nil
    /// when it is known; `nil` (the default) accepts any non-empty name. The screen model
    /// knows no zones itself: the runtime passes Foundation's.
    public var timeZoneProblem: (@Sendable (String) -> String?)?

    /// Creates a validator.
    /// - Parameters:
    ///   - knownFlows: flows that `go` actions may name (default `nil`: any).
    ///   - disabledFlows: flows switched off for the park (default none).
    ///   - knownParks: park codes `go` actions may switch to (default `nil`: any).
    ///   - timeZoneProblem: what is wrong with a time zone name, nil when it is known
    ///     (default `nil`: any non-empty name).
    public init(
        knownFlows: Set<String>? = nil, disabledFlows: Set<String> = [], knownParks: Set<String>? = nil,
        timeZoneProblem: (@Sendable (String) -> String?)? = nil
    ) {
        self.knownFlows = knownFlows
        self.disabledFlows = disabledFlows
        self.knownParks = knownParks
        self.timeZoneProblem = timeZoneProblem
    }

    /// Every issue in `screen`, in document order; empty when the screen is valid.
    public func validate(_ screen: Screen) -> [ScreenIssue] {
        validate(screen, listing: .max).listed
    }

    /// The first `limit` issues of `screen` in document order, and how many more there are.
    /// The messages of the others are never built, so a screen with 100,000 bad actions
    /// costs little more to report than one with `limit`.
    /// - Parameter limit: issues to list in full, such as ``listedIssues``.
    public func validate(_ screen: Screen, listing limit: Int) -> (listed: [ScreenIssue], more: Int) {
        var check = ScreenCheck(
            knownFlows: knownFlows, disabledFlows: disabledFlows, knownParks: knownParks,
            timeZoneProblem: timeZoneProblem, issueLimit: max(limit, 0))
        screen.validate(at: "", into: &check)
        return (check.issues, check.omitted)
    }
}
