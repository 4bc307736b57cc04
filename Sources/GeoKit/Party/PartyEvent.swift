/// Something a party replay reports: a member left every safe zone or came back, stopped
/// reporting or reported again, or two members drifted apart or came back together.
public struct PartyEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The member is inside a safe zone for the first time (not an alert).
        case inZone = "in_zone"
        /// The member has left every safe zone (`zone`: the one left last).
        case leftZones = "left_zones"
        /// The member is back inside a safe zone after leaving them all.
        case returned
        /// No fix from the member for longer than the silence timeout.
        case silent
        /// The member reports again after being silent.
        case reporting
        /// Two members are farther apart than the drift distance.
        case drift
        /// Two members who drifted apart are back within 80 % of the drift distance.
        case together
    }

    public let kind: Kind
    /// Seconds since 1970.
    public let time: Double
    /// The member it is about, by index in the replay's members.
    public let member: Int
    /// The other member of a drift or together event.
    public let other: Int?
    /// The zone left or entered, by index in the replay's zones.
    public let zone: Int?
    /// Where the member was (their last fix for a silence).
    public let coordinate: Coordinate
    /// Metres between the two members of a drift or together event.
    public let distance: Double?

    public init(
        kind: Kind, time: Double, member: Int, other: Int? = nil, zone: Int? = nil,
        coordinate: Coordinate, distance: Double? = nil
    ) {
        (self.kind, self.time, self.member, self.other, self.zone) = (kind, time, member, other, zone)
        (self.coordinate, self.distance) = (coordinate, distance)
    }

    /// Whether the event is an alert someone is told of (``Kind/inZone`` is not).
    public var isAlert: Bool { kind != .inZone }
}
