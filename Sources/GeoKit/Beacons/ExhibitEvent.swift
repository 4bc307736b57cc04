/// What an ``ExhibitTracker`` reports as scans arrive.
public struct ExhibitEvent: Sendable, Hashable {
    /// The kinds of event.
    public enum Kind: String, Sendable {
        /// The exhibit became the one shown.
        case enter
        /// The exhibit stopped being shown (another took over, or none is near).
        case leave
        /// The visitor has been at the shown exhibit for the dwell time.
        case dwell
        /// A beacon was not heard for the timeout and is dropped; `exhibit` is its exhibit.
        case beaconLost = "beacon_lost"
    }

    /// What happened.
    public var kind: Kind
    /// The exhibit's index in ``ExhibitCatalog/exhibits``.
    public var exhibit: Int
    /// When, in the scans' seconds.
    public var time: Double
    /// For `beacon_lost`, the beacon's index in ``ExhibitCatalog/beacons``; else -1.
    public var beacon: Int = -1
}
