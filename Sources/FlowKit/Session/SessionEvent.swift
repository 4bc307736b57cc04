public import GeoKit
public import ScreenModel

/// Something that happened to the visitor in a live session (``FlowSession``), raised once,
/// at its moment, with its reason. Its kind is a timeline entry's (ScreenModel's
/// `Component.Timeline.Entry.Kind`: location, presence_enter, enter, exit, dwell, callout,
/// callout_held, missed_enter, monitor, zone_left, drift, ...), so a live session and a replay
/// of the same recording (`geofence --track`, `exhibits --beacons`, `party --party`) say the
/// same things at the same times.
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
    /// A party event's own kind (`in_zone`, `left_zones`, `returned`, `silent`, `reporting`,
    /// `drift`, `together`); nil for an event that is not a party's. ``kind`` is its timeline kind.
    public var party: String?
    /// The party member it is about (their id; ``name`` is theirs then), and the other of a
    /// drift or together.
    public var member: String?
    public var other: String?
    /// The other member's name.
    public var otherName: String?
    /// Metres between the two members of a drift or together.
    public var distance: Double?
    /// The members told of a party alert (ids, by their roles), the viewer among them.
    public var recipients: [String] = []
    /// The beacon of an exhibit's lost beacon.
    public var beacon: String?

    /// An event of `kind` at `time`; set the other fields as they apply.
    /// - Parameters:
    ///   - kind: what happened.
    ///   - time: when, seconds since 1970.
    public init(_ kind: Component.Timeline.Entry.Kind, at time: Double) {
        self.kind = kind
        self.time = time
    }
}
