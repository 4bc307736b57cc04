/// What a party's flows changed, kept in the visitor's store and merged over the party file
/// when a run reads the party (`party.set_zone`, `party.add_member`, `party.watch`): one row
/// per zone, member or watcher, the latest change winning. A party is known by its park and name.

/// A safe zone a guardian added, moved or removed.
public struct StoredPartyZone: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The party's name.
    public var party: String
    /// The zone's id (one of the file's zones, or a new one).
    public var zone: String
    /// The zone as `party.set_zone` took it, as JSON (GeoKit's `RegionSpec`); nil: removed.
    public var spec: String?
    /// When it was changed.
    public var updated: String
    /// Who changed it (a member's id).
    public var by: String

    /// A zone change; each parameter sets the property of the same name.
    public init(park: String, party: String, zone: String, spec: String?, updated: String, by: String) {
        (self.park, self.party, self.zone, self.spec, self.updated, self.by) = (park, party, zone, spec, updated, by)
    }
}

/// A member a guardian added or removed.
public struct StoredPartyMember: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The party's name.
    public var party: String
    /// The member's id.
    public var member: String
    /// What people call them.
    public var name: String
    /// Their role's name (`PartyRole`).
    public var role: String
    /// Whether the change removed them.
    public var removed: Bool
    /// When it was changed.
    public var updated: String
    /// Who changed it (a member's id).
    public var by: String

    /// A member change; each parameter sets the property of the same name.
    public init(park: String, party: String, member: String, name: String, role: String, removed: Bool, updated: String, by: String) {
        (self.park, self.party, self.member, self.name, self.role) = (park, party, member, name, role)
        (self.removed, self.updated, self.by) = (removed, updated, by)
    }
}

/// A member's "watch over me until": the guardians are alerted if `until` passes before
/// they check in. One per member: a new watch replaces the last.
public struct StoredPartyWatch: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The party's name.
    public var party: String
    /// The member watched over.
    public var member: String
    /// When the watch started, seconds since 1970.
    public var started: Double
    /// When it runs out, seconds since 1970.
    public var until: Double
    /// When the member checked in, ending it; nil while it runs.
    public var checkedIn: Double?

    /// A watch; each parameter sets the property of the same name.
    public init(park: String, party: String, member: String, started: Double, until: Double, checkedIn: Double? = nil) {
        (self.park, self.party, self.member, self.started, self.until, self.checkedIn) = (park, party, member, started, until, checkedIn)
    }

    /// Whether it ran out without a check-in by `time`.
    public func isOverdue(at time: Double) -> Bool { checkedIn == nil && until <= time }
}
