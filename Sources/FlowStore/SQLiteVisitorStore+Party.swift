public import FlowKit

/// A party's zones, members and watches as its flows changed them (tables `party_zones`,
/// `party_members`, `party_watches`, migration v3): one row per zone, member or watcher.
extension SQLiteVisitorStore {
    public func partyZones(park: String, party: String) throws(StoreError) -> [StoredPartyZone] {
        try read([]) { db in
            try db.statement("SELECT zone, spec, updated, by FROM party_zones WHERE park = ? AND party = ? ORDER BY updated, zone")
                .all([.text(park), .text(party)]) { row in
                    StoredPartyZone(park: park, party: party, zone: row.text(0), spec: row.optionalText(1), updated: row.text(2), by: row.text(3))
                }
        }
    }

    public func savePartyZone(_ zone: StoredPartyZone) throws(StoreError) {
        try access { db in
            try db.statement("INSERT OR REPLACE INTO party_zones (park, party, zone, spec, updated, by) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(zone.park), .text(zone.party), .text(zone.zone), .text(zone.spec), .text(zone.updated), .text(zone.by)])
        }
    }

    public func partyMembers(park: String, party: String) throws(StoreError) -> [StoredPartyMember] {
        try read([]) { db in
            try db.statement(
                "SELECT member, name, role, removed, updated, by FROM party_members WHERE park = ? AND party = ? ORDER BY updated, member"
            ).all([.text(park), .text(party)]) { row in
                StoredPartyMember(
                    park: park, party: party, member: row.text(0), name: row.text(1), role: row.text(2), removed: row.integer(3) != 0,
                    updated: row.text(4), by: row.text(5))
            }
        }
    }

    public func savePartyMember(_ member: StoredPartyMember) throws(StoreError) {
        try access { db in
            try db.statement(
                "INSERT OR REPLACE INTO party_members (park, party, member, name, role, removed, updated, by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).run([
                .text(member.park), .text(member.party), .text(member.member), .text(member.name), .text(member.role),
                .integer(member.removed ? 1 : 0), .text(member.updated), .text(member.by),
            ])
        }
    }

    public func partyWatches(park: String, party: String) throws(StoreError) -> [StoredPartyWatch] {
        try read([]) { db in
            try db.statement("SELECT member, started, until, checked_in FROM party_watches WHERE park = ? AND party = ? ORDER BY started, member")
                .all([.text(park), .text(party)]) { row in
                    StoredPartyWatch(
                        park: park, party: party, member: row.text(0), started: row.real(1), until: row.real(2), checkedIn: row.optionalReal(3))
                }
        }
    }

    public func savePartyWatch(_ watch: StoredPartyWatch) throws(StoreError) {
        try access { db in
            try db.statement("INSERT OR REPLACE INTO party_watches (park, party, member, started, until, checked_in) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(watch.park), .text(watch.party), .text(watch.member), .real(watch.started), .real(watch.until), .real(watch.checkedIn)])
        }
    }
}
