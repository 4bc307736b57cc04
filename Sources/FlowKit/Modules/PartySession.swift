import GeoKit
import LuaKit

/// The party of the run in progress (`--party FILE`, `--as MEMBER_ID`), with the zones and
/// members its flows changed (kept in the store, merged in by `PartySession+Store.swift`).
/// Every right is checked here, against the viewer's role (``PartyRole``), so a flow cannot
/// see, change or trigger more than its member may.
final class PartySession {
    /// The party as the file gives it, then as merged with what the store keeps.
    var run: PartyRun
    /// Whether the store's changes are merged in (once per run, at the first party call).
    var merged = false
    private(set) var zoneSpecs: [RegionSpec]
    private(set) var zones: [GeofenceRegion]
    /// Emergencies raised in this run: when, and where (nil: position unknown).
    private(set) var emergencies: [(time: Double, coordinate: Coordinate?)] = []
    /// The run's clock, seconds since 1970: when an emergency is raised.
    let now: Double
    /// Whether the run is an act run: only one raises an emergency, so a reload never repeats it.
    let acting: Bool

    /// - Parameters:
    ///   - run: the party and its viewer.
    ///   - now: the run's clock.
    ///   - acting: whether the run is an act run.
    init(_ run: PartyRun, now: Double, acting: Bool) {
        self.run = run
        zoneSpecs = run.party.zoneSpecs
        zones = run.party.zones
        self.now = now
        self.acting = acting
    }

    var me: Party.Member { run.me }
    var members: [Party.Member] { run.party.members }

    /// `ana (guardian)`, for messages.
    var who: String { "member '\(me.id)' (\(me.role.rawValue))" }

    /// Whether the viewer may see member `i`'s position.
    func sees(_ i: Int) -> Bool {
        PartyRights.sees(viewer: run.viewer, role: me.role, target: i, targetRole: members[i].role)
    }

    /// Whether an event reaches the viewer: guardians hear every alert, members and children
    /// their own, everyone an emergency.
    func hears(_ event: PartyEvent) -> Bool {
        PartyRights.tells(event, to: run.viewer, role: me.role)
    }

    /// Who an event is delivered to, by the roles.
    func recipients(_ event: PartyEvent) -> [String] {
        members.enumerated().filter { i, m in PartyRights.tells(event, to: i, role: m.role) }.map(\.element.id)
    }

    func requireSight(of i: Int) throws {
        guard sees(i) else {
            throw LuaCallError("\(who) may not see the position of '\(members[i].id)' (\(members[i].role.rawValue)): a \(me.role.rawValue) sees only guardians")
        }
    }

    func requireZoneRights() throws {
        guard me.role.changesZones else { throw LuaCallError("\(who) may not change safe zones: only guardians may") }
    }

    func requireMemberRights() throws(LuaCallError) {
        guard me.role.managesMembers else { throw LuaCallError("\(who) may not add or remove members: only guardians may") }
    }

    func requireEmergencyRights() throws {
        guard me.role.triggersEmergency else {
            throw LuaCallError("\(who) may not raise a party emergency: guests may call the park but not alert the party")
        }
    }

    /// Adds or replaces a zone (by id).
    func setZone(_ spec: RegionSpec, path: String) throws {
        try requireZoneRights()
        let region: GeofenceRegion
        do { region = try spec.region(path: path) } catch { throw LuaCallError(error.message) }
        put(spec, region)
    }

    /// Removes a zone; false when there is none by that id.
    func removeZone(_ id: String) throws -> Bool {
        try requireZoneRights()
        return remove(zone: id)
    }

    /// Adds a checked zone, or replaces the one with its id.
    func put(_ spec: RegionSpec, _ region: GeofenceRegion) {
        if let i = zoneSpecs.firstIndex(where: { $0.id == spec.id }) {
            (zoneSpecs[i], zones[i]) = (spec, region)
        } else {
            zoneSpecs.append(spec)
            zones.append(region)
        }
    }

    /// Removes the zone with `id`; false when there is none.
    @discardableResult
    func remove(zone id: String) -> Bool {
        guard let i = zoneSpecs.firstIndex(where: { $0.id == id }) else { return false }
        zoneSpecs.remove(at: i)
        zones.remove(at: i)
        return true
    }

    /// Records an emergency at the run's clock and returns who is told: everyone else in the
    /// party (every role is told of emergencies). Refused to a guest, and outside an act run.
    func raiseEmergency(at coordinate: Coordinate?) throws -> [String] {
        try requireEmergencyRights()
        guard acting else {
            throw LuaCallError(
                "party.emergency alerts the party only in an act run: raise it from an act action (ui.act), so showing or reloading a screen never raises it again"
            )
        }
        emergencies.append((now, coordinate))
        return members.enumerated().filter { $0.offset != run.viewer }.map(\.element.id)
    }

    /// The viewer's latest fix at or before `time` (or their first), nil without fixes.
    func position(of i: Int, at time: Double?) -> TimedFix? {
        let fixes = members[i].fixes
        guard let time else { return fixes.last }
        var lo = 0, hi = fixes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if fixes[mid].time <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? fixes[lo - 1] : fixes.first
    }
}
