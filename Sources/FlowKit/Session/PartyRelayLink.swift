public import GeoKit

/// Where a joined ``FlowSession`` sends the device's own fixes and hears the rest of its
/// party from, when the party lives on a relay (`flowrun relay`, docs/relay.md) rather than in
/// this process. FlowKit does no networking: an implementation (the `PartyRelayClient`
/// product) queues what it is given and delivers what it received, and the session calls it on
/// its own thread, never waiting.
///
/// One implementation of the rules: a session joined through a link does not raise the
/// party's alerts itself. The relay evaluates them with the same code (GeoKit's
/// `PartyMonitor`, and the rights of each ``PartyRole``) over every member's reports, which this phone
/// never has all of; the session's own monitor then only holds where each member is, for
/// its screens, and the alerts are the relay's, each kept in the store once.
public protocol PartyRelayLink: AnyObject {
    /// Queues one of the device's own fixes, one the party's duty cycle reports. Never blocks.
    func report(_ fix: RelayFix)
    /// What arrived since the last call, in the order it arrived: the positions of the other
    /// members this member may see, and the alerts meant for this member.
    func received() -> RelayDelivery
}

/// A fix the device reports to the relay.
public struct RelayFix: Sendable, Hashable {
    /// Where.
    public var coordinate: Coordinate
    /// When, seconds since 1970.
    public var time: Double
    /// Horizontal accuracy, metres.
    public var accuracy: Double?

    /// A fix; each parameter sets the property of the same name.
    public init(coordinate: Coordinate, time: Double, accuracy: Double?) {
        (self.coordinate, self.time, self.accuracy) = (coordinate, time, accuracy)
    }
}

/// What a relay delivered: others' positions and this member's alerts.
public struct RelayDelivery: Sendable {
    /// A member's position as the relay shares it.
    public struct Position: Sendable, Hashable {
        /// The member's id.
        public var member: String
        /// Where and when.
        public var fix: TimedFix

        /// A position; each parameter sets the property of the same name.
        public init(member: String, fix: TimedFix) { (self.member, self.fix) = (member, fix) }
    }

    /// An alert as the relay delivers it (`data` of an `alert` event).
    public struct Alert: Sendable, Hashable {
        /// The relay's delivery id: increasing, each once.
        public var id: Int
        /// `zone_left`, `zone_return`, `silent`, `reporting`, `drift`, `together`, `emergency`, `overdue`.
        public var kind: String
        /// When, seconds since 1970.
        public var time: Double
        /// The member it is about, and the other of a drift or together.
        public var member: String
        public var other: String?
        /// The zone left or returned to.
        public var zone: String?
        /// Where the member was, when this member may see them.
        public var position: Coordinate?
        /// Metres apart (drift, together).
        public var distance: Double?

        /// An alert of `kind` about `member`; set the other fields as they apply.
        public init(id: Int, kind: String, time: Double, member: String) {
            (self.id, self.kind, self.time, self.member) = (id, kind, time, member)
        }
    }

    public var positions: [Position]
    public var alerts: [Alert]

    /// A delivery; each parameter sets the property of the same name.
    public init(positions: [Position] = [], alerts: [Alert] = []) { (self.positions, self.alerts) = (positions, alerts) }

    /// Whether nothing arrived.
    public var isEmpty: Bool { positions.isEmpty && alerts.isEmpty }
}
