/// A member's role in a party, and what it allows: the one place rights are defined. The
/// runtime checks them (the `party` module), so no flow can show, change or trigger more
/// than the member it runs as may.
///
/// | role | sees positions of | changes safe zones and members | triggers emergency | is told of |
/// |---|---|---|---|---|
/// | guardian | everyone | yes | yes | every alert |
/// | member | everyone | no | yes | alerts about themselves, emergencies |
/// | child | guardians | no | yes | alerts about themselves, emergencies |
/// | guest | guardians | no | no | emergencies |
///
/// Anyone may ask to be watched over (`party.watch`): the guardians are told when it runs out.
public enum PartyRole: String, Sendable, CaseIterable, Codable {
    case guardian, member, child, guest

    /// Whose positions a role may see (its own always).
    public enum Sight: String, Sendable { case everyone, guardians }

    /// Whose positions the role sees besides its own.
    public var sees: Sight {
        switch self {
        case .guardian, .member: .everyone
        case .child, .guest: .guardians
        }
    }

    /// Whether the role may add, change or remove safe zones.
    public var changesZones: Bool { self == .guardian }

    /// Whether the role may add or remove members.
    public var managesMembers: Bool { self == .guardian }

    /// Whether the role may raise a party emergency (anyone may still call the park).
    public var triggersEmergency: Bool { self != .guest }

    /// Whether the role is told of alerts about other members (left a zone, silent, drift).
    public var hearsEveryAlert: Bool { self == .guardian }

    /// Whether the role is told of alerts about itself.
    public var hearsOwnAlerts: Bool { self != .guest }

    /// The rights by name, as `party.viewer().rights` shows them.
    public var rights: [String: Bool] {
        [
            "see_everyone": sees == .everyone, "change_zones": changesZones, "manage_members": managesMembers,
            "trigger_emergency": triggersEmergency,
            "hear_every_alert": hearsEveryAlert,
        ]
    }

    /// `guardian, member, child or guest`, for messages.
    public static var list: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
