public import GeoKit

/// Who sees whom and who is told of what, by role (``PartyRole``): the rules a run's `party`
/// module and the relay (`flowrun relay`, PartyRelay) both apply, so a phone and the service
/// never disagree on a right.
public enum PartyRights {
    /// Whether the member at index `viewer` with `role` may see the position of the member at
    /// index `target` with `targetRole`: their own always, everyone's when the role sees
    /// everyone, else the guardians'.
    public static func sees(viewer: Int, role: PartyRole, target: Int, targetRole: PartyRole) -> Bool {
        viewer == target || role.sees == .everyone || targetRole == .guardian
    }

    /// Whether the member at index `member` with `role` is told of `event`: by the role
    /// (guardians every alert, members and children their own), and never of their own
    /// silence (their phone is the one not reporting).
    public static func tells(_ event: PartyEvent, to member: Int, role: PartyRole) -> Bool {
        if event.kind == .silent && event.member == member { return false }
        return role.hearsEveryAlert || (role.hearsOwnAlerts && (event.member == member || event.other == member))
    }

    /// Whether a member with `role` is told that the watch of `watched` ran out: roles that
    /// hear every alert, and the watched member when their role hears its own.
    public static func toldOfWatch(by role: PartyRole, isWatched: Bool) -> Bool {
        role.hearsEveryAlert || (isWatched && role.hearsOwnAlerts)
    }
}
