public import GeoKit
public import ScreenModel

/// Something that happened to the visitor in a live session (``FlowSession``), raised once,
/// at its moment, with its reason. Its kind is a timeline entry's (ScreenModel's
/// `Component.Timeline.Entry.Kind`: location, presence_enter, enter, exit, dwell, callout,
/// callout_held, missed_enter, monitor, ...), so a live session and a replay of the same track
/// (`flowrun --park P geofence --track FILE`) say the same things at the same times.
public struct SessionEvent: Sendable, Hashable {
    /// What happened.
    public var kind: Component.Timeline.Entry.Kind
    /// When, seconds since 1970.
    public var time: Double
    /// The region: a site's id, or `park`.
    public var region: String?
    /// The region's name (the site's, or the park's).
    public var name: String?
    /// What the visitor is told: a callout's text.
    public var text: String?
    /// Why: a held callout's reason; the location state's problem (`timed_out`, `denied`).
    public var detail: String?
    /// The location state entered (`found`, `searching`, `searching_longer`, `error`, `idle`).
    public var state: String?
    /// Where the visitor was (the fix that caused it).
    public var position: Coordinate?
    /// Regions the monitor started and stopped watching (site ids).
    public var added: [String] = []
    public var removed: [String] = []

    /// An event of `kind` at `time`; set the other fields as they apply.
    /// - Parameters:
    ///   - kind: what happened.
    ///   - time: when, seconds since 1970.
    public init(_ kind: Component.Timeline.Entry.Kind, at time: Double) {
        self.kind = kind
        self.time = time
    }
}
