/// Something a region monitor reports at a fix.
public struct GeofenceEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The visitor is confirmed inside (after the enter delay).
        case enter
        /// The visitor is confirmed outside again (after the exit delay).
        case exit
        /// Still inside the dwell delay after ENTER.
        case dwell
        /// An unlimited monitor confirmed ENTER for a region the capped set was not watching.
        case missedEnter = "missed_enter"
    }

    /// Seconds since 1970 (or since the track's start for synthetic tracks).
    public let time: Double
    /// The index of the fix that confirmed it, in the order fixes were fed.
    public let fix: Int
    /// The region's index in the monitor's ``RegionIndex``, or ``presence``.
    public let region: Int32
    public let kind: Kind

    /// The region index that stands for the presence region (the park).
    public static let presence: Int32 = -1

    public init(time: Double, fix: Int, region: Int32, kind: Kind) {
        self.time = time
        self.fix = fix
        self.region = region
        self.kind = kind
    }
}

/// One GPS fix fed to a monitor.
public struct GeofenceFix: Sendable, Hashable {
    public let coordinate: Coordinate
    /// Seconds; must not go backwards from one fix to the next.
    public let time: Double
    /// Horizontal accuracy in metres (0 when unknown).
    public let accuracy: Double

    public init(coordinate: Coordinate, time: Double, accuracy: Double = 0) {
        self.coordinate = coordinate
        self.time = time
        self.accuracy = accuracy
    }
}
