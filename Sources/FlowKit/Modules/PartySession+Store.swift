#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import GeoKit
import LuaKit

/// The zones and members a party's flows changed, kept in the visitor's store: merged over
/// the file's at the run's first party call, so the next run and other members' runs on the
/// same profile see them. A change is checked against the viewer's role first, then kept only
/// in an act run (it commits with the screen the flow returns).
extension PartySession {
    /// Merges the store's zone and member changes over the file's, once per run: a zone by
    /// its id (a removed one goes), a member by theirs (one added has no track).
    /// - Throws: a store failure, or the viewer having been removed from the party.
    func mergeStored(_ store: StoreRun) throws(LuaCallError) {
        guard !merged else { return }
        merged = true
        let party = run.party.name, park = store.park
        let (zones, members) = try store.use("party") { s throws(StoreError) in
            (try s.partyZones(park: park, party: party), try s.partyMembers(park: park, party: party))
        }
        for z in zones {
            // A row changed by hand into something that is no zone is skipped: the file's stays.
            guard let json = z.spec else {
                remove(zone: z.zone)
                continue
            }
            guard let spec = try? JSONDecoder().decode(RegionSpec.self, from: Data(json.utf8)), let region = try? spec.region(path: "zone") else { continue }
            put(spec, region)
        }
        let viewerID = me.id
        for m in members {
            if m.removed {
                run.party.members.removeAll { $0.id == m.member }
            } else if let role = PartyRole(rawValue: m.role) {
                if let i = run.party.members.firstIndex(where: { $0.id == m.member }) {
                    (run.party.members[i].name, run.party.members[i].role) = (m.name, role)
                } else {
                    run.party.members.append(Party.Member(id: m.member, name: m.name, role: role, source: "added by \(m.by)", fixes: []))
                }
            }
        }
        guard let viewer = run.party.members.firstIndex(where: { $0.id == viewerID }) else {
            throw LuaCallError("member '\(viewerID)' is no longer in the party '\(party)': a guardian removed them")
        }
        run.viewer = viewer
    }

    /// `run` with the store's changes merged in, as a run's first party call merges them: the
    /// party a live session joins (``FlowSession/join(_:)``), so its monitor watches the zones
    /// the guardians kept and hears the members they added.
    /// - Throws: ``FlowError/store(_:)`` for the store; ``FlowError/invalidContent(_:)`` when
    ///   the viewer was removed from the party.
    static func merged(_ run: PartyRun, store: any VisitorStore, park: String) throws(FlowError) -> PartyRun {
        let reading = StoreRun(store: store, park: park, acting: false, time: "")
        let session = PartySession(run, now: 0, acting: false)
        var problem: LuaCallError?
        do { try session.mergeStored(reading) } catch { problem = error }
        do { try reading.finish(commit: false) } catch { throw .store(error) }
        if let problem { throw .invalidContent("\(run.party.file): \(problem.message)") }
        var merged = session.run
        (merged.party.zoneSpecs, merged.party.zones) = (session.zoneSpecs, session.zones)
        return merged
    }

    /// The most bytes of JSON a kept zone holds (a polygon of some thousands of points).
    static let largestZone = 1 << 16

    /// Keeps a zone change (nil: removed) in an act run; a view run's change lasts for the run.
    func keepZone(_ id: String, _ spec: RegionSpec?, in store: StoreRun, function: String) throws(LuaCallError) {
        guard acting else { return }
        if spec != nil && zoneSpecs.count > store.store.limits.partyZones {
            throw LuaCallError(
                "\(function): the party has \(store.store.limits.partyZones) safe zones, the most a party keeps (StoreLimits.partyZones); remove one first")
        }
        let limits = store.store.limits
        guard id.count <= limits.keyLength, (spec?.name?.count ?? 0) <= limits.titleLength else {
            throw LuaCallError("\(function): a kept zone's id takes at most \(limits.keyLength) characters and its name \(limits.titleLength)")
        }
        let json = spec.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        if let json, json.utf8.count > Self.largestZone {
            throw LuaCallError("\(function): the zone is \(json.utf8.count) bytes as JSON, more than the \(Self.largestZone) a kept zone may hold")
        }
        let row = StoredPartyZone(park: store.park, party: run.party.name, zone: id, spec: json, updated: store.time, by: me.id)
        try store.use(function, writes: true) { s throws(StoreError) in try s.savePartyZone(row) }
    }

    /// Adds a member with no track yet; only in an act run, and only by a role that manages members.
    func addMember(id: String, name: String?, role roleName: String, in store: StoreRun) throws(LuaCallError) {
        try requireMemberRights()
        let limits = store.store.limits
        guard !id.isEmpty, id.count <= limits.keyLength, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw LuaCallError("party.add_member: id \(Excerpt.quoted(id)) must be 1 to \(limits.keyLength) letters, digits, '-', '_' or '.'")
        }
        guard let role = PartyRole(rawValue: roleName) else {
            throw LuaCallError("party.add_member: unknown role \(Excerpt.quoted(roleName)) (roles: \(PartyRole.list))")
        }
        let name = name ?? id
        if name.isBlank || name.count > limits.titleLength || name.unicodeScalars.contains(where: { PhotoName.isControl($0, lines: false) }) {
            throw LuaCallError("party.add_member: name must be 1 to \(limits.titleLength) characters without control characters")
        }
        guard !members.contains(where: { $0.id == id }) else { throw LuaCallError("party.add_member: the party has a member '\(id)' already") }
        guard members.count < limits.partyMembers else {
            throw LuaCallError("party.add_member: the party has \(limits.partyMembers) members, the most a party keeps (StoreLimits.partyMembers)")
        }
        let row = StoredPartyMember(
            park: store.park, party: run.party.name, member: id, name: name, role: role.rawValue, removed: false, updated: store.time, by: me.id)
        try store.use("party.add_member", writes: true) { s throws(StoreError) in try s.savePartyMember(row) }
        run.party.members.append(Party.Member(id: id, name: name, role: role, source: "added by \(me.id)", fixes: []))
    }

    /// Removes a member; false when the party has none by that id. Never the viewer, nor the last guardian.
    func removeMember(_ id: String, in store: StoreRun) throws(LuaCallError) -> Bool {
        try requireMemberRights()
        guard let i = members.firstIndex(where: { $0.id == id }) else { return false }
        let m = members[i]
        if i == run.viewer { throw LuaCallError("party.remove_member: \(who) may not remove themselves: another guardian may") }
        if m.role == .guardian && members.count(where: { $0.role == .guardian }) == 1 {
            throw LuaCallError("party.remove_member: '\(id)' is the party's last guardian: a party needs one (alerts go to guardians)")
        }
        let row = StoredPartyMember(
            park: store.park, party: run.party.name, member: id, name: m.name, role: m.role.rawValue, removed: true, updated: store.time, by: me.id)
        try store.use("party.remove_member", writes: true) { s throws(StoreError) in try s.savePartyMember(row) }
        run.party.members.remove(at: i)
        if i < run.viewer { run.viewer -= 1 }
        return true
    }
}
