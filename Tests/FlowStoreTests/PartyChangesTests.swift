import FlowKit
@testable import FlowStore
import Foundation
import Testing

/// A party's kept zones, members and watches (schema v3) on both stores: one row per zone,
/// member or watcher, the latest replacing the last, each party's apart, and gone with a
/// rolled back run; a v2 profile migrated keeping its rows; an export's party rows merged.
@Suite struct PartyChangesTests {
    static let zone = StoredPartyZone(
        park: "YOSE", party: "P", zone: "camp", spec: #"{"id":"camp","lat":37.74,"lon":-119.565,"radius_m":300}"#, updated: "2026-07-04T16:00:00Z", by: "ana")
    static let member = StoredPartyMember(
        park: "YOSE", party: "P", member: "eve", name: "Eve", role: "child", removed: false, updated: "2026-07-04T16:00:00Z", by: "ana")
    static let watch = StoredPartyWatch(park: "YOSE", party: "P", member: "ben", started: 100, until: 200)

    @Test(arguments: [false, true])
    func rowsAreKeptReplacedAndKeptApartByParty(sqlite: Bool) throws {
        let f = try StoreFixture()
        let store: any VisitorStore = sqlite ? f.store() : MemoryVisitorStore()
        try store.begin(writing: true)
        try store.savePartyZone(Self.zone)
        var moved = Self.zone
        moved.spec = #"{"id":"camp","lat":37.75,"lon":-119.565,"radius_m":300}"#
        moved.updated = "2026-07-04T16:05:00Z"
        try store.savePartyZone(moved)
        var removed = Self.zone
        (removed.zone, removed.spec) = ("meadow", nil)
        try store.savePartyZone(removed)
        try store.savePartyMember(Self.member)
        var gone = Self.member
        (gone.member, gone.removed) = ("cal", true)
        try store.savePartyMember(gone)
        try store.savePartyWatch(Self.watch)
        var checked = Self.watch
        checked.checkedIn = 150
        try store.savePartyWatch(checked)
        var other = Self.watch
        other.party = "Q"
        try store.savePartyWatch(other)
        try store.commit()

        try store.begin(writing: false)
        #expect(try store.partyZones(park: "YOSE", party: "P") == [removed, moved])
        #expect(try store.partyMembers(park: "YOSE", party: "P").map(\.member).sorted() == ["cal", "eve"])
        #expect(try store.partyMembers(park: "YOSE", party: "P").first { $0.member == "cal" }?.removed == true)
        #expect(try store.partyWatches(park: "YOSE", party: "P") == [checked])
        #expect(try store.partyWatches(park: "YOSE", party: "Q") == [other])
        #expect(try store.partyZones(park: "GOGA", party: "P").isEmpty, "another park's party is another party")
        store.rollback()

        try store.begin(writing: true)
        try store.savePartyWatch(StoredPartyWatch(park: "YOSE", party: "P", member: "ana", started: 1, until: 2))
        store.rollback()
        try store.begin(writing: false)
        #expect(try store.partyWatches(park: "YOSE", party: "P").map(\.member) == ["ben"], "a rolled back run keeps nothing")
        store.rollback()
    }

    @Test func aWatchIsOverdueOnlyWithoutACheckInOnceItsTimePassed() {
        var w = Self.watch
        #expect(!w.isOverdue(at: 199) && w.isOverdue(at: 200))
        w.checkedIn = 150
        #expect(!w.isOverdue(at: 300))
    }

    /// A profile of schema v2 (what the last flowrun made) gains the party tables where it
    /// is: its kept alerts stay, and zones can be kept.
    @Test func aProfileOfSchemaV2IsMigratedKeepingItsRows() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        let older = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5)
        try older.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in StoreSchema.migrations.prefix(2) {
            try older.execute(migration.sql)
            try older.statement("INSERT INTO grdb_migrations (identifier) VALUES (?)").run([.text(migration.identifier)])
        }
        try older.execute(
            "INSERT INTO party_alerts (park, party, recipient, kind, time, member, other, zone) VALUES ('YOSE', 'P', 'ana', 'silent', 1, 'ben', '', '')")
        let store = f.store()
        try store.begin(writing: true)
        try store.savePartyZone(Self.zone)
        try store.commit()
        try store.begin(writing: false)
        #expect(try store.partyAlerts(park: "YOSE", party: "P", recipient: "ana", limit: nil).map(\.kind) == ["silent"])
        #expect(try store.partyZones(park: "YOSE", party: "P") == [Self.zone])
        store.rollback()
        let versions = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5).statement("SELECT identifier FROM grdb_migrations ORDER BY identifier")
            .all { $0.text(0) }
        #expect(versions == ["v1", "v2", "v3"])
    }

    /// Exported and imported into another profile, the party's rows are the same; merged
    /// again, kept; a later change here is not replaced by the export's older one.
    @Test func partyRowsRoundTripThroughAnExport() throws {
        let old = try StoreFixture(), new = try StoreFixture()
        let store = old.store()
        try store.begin(writing: true)
        try store.savePartyZone(Self.zone)
        try store.savePartyMember(Self.member)
        try store.savePartyWatch(Self.watch)
        try store.commit()
        let path = old.folder.appendingPathComponent("export.json").path
        try Data(try ProfileExport.json(old.profile).utf8).write(to: URL(fileURLWithPath: path))

        let report = try ProfileImport.merge(file: path, shown: "export.json", into: new.store())
        #expect(report.summary == "party changes: 3 added")
        #expect(try ProfileExport.json(new.profile) == ProfileExport.json(old.profile))
        #expect(try ProfileImport.merge(file: path, shown: "export.json", into: new.store()).summary == "party changes: 3 kept")

        let here = new.store()
        try here.begin(writing: true)
        var later = Self.member
        (later.name, later.updated) = ("Evie", "2026-07-05T10:00:00Z")
        try here.savePartyMember(later)
        try here.commit()
        #expect(try ProfileImport.merge(file: path, shown: "export.json", into: new.store()).partyChanges.kept == 3)
        try here.begin(writing: false)
        #expect(try here.partyMembers(park: "YOSE", party: "P").map(\.name) == ["Evie"])
        here.rollback()
    }

    @Test(arguments: [
        (
            #""party_members": [{"park": "YOSE", "party": "P", "member": "eve", "name": "Eve", "role": "kid", "removed": false, "updated": "2026-07-04T16:00:00Z", "by": "ana"}]"#,
            "x.json: party_members[1].role: unknown role 'kid' (roles: guardian, member, child or guest)"
        ),
        (
            #""party_zones": [{"park": "YOSE", "party": "P", "zone": "z", "spec": 3, "updated": "2026-07-04T16:00:00Z", "by": "ana"}]"#,
            "x.json: party_zones[1].spec: expected a zone (an object) or null, found a number"
        ),
        (
            #""party_zones": [{"park": "YOSE", "party": "P", "zone": "z", "spec": {"id": "z", "lat": 37.7, "lon": -119.5, "radius_m": -5}, "updated": "2026-07-04T16:00:00Z", "by": "ana"}]"#,
            "x.json: party_zones[1].spec: zone.radius_m: -5 must be a positive number of metres"
        ),
        (
            #""party_watches": [{"park": "YOSE", "party": "P", "member": "ben", "started": -1, "until": 2}]"#,
            "x.json: party_watches[1].started: -1 is out of range: expected a number in [0.0, 100000000000.0]"
        ),
    ])
    func aDamagedPartyRowIsRefusedByItsField(rows: String, message: String) throws {
        let f = try StoreFixture()
        let path = f.folder.appendingPathComponent("x.json").path
        try Data(#"{"schema": "flowrun/profile@1", \#(rows)}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FlowError.self) { try ProfileImport.merge(file: path, shown: "x.json", into: f.store()) }
        do {
            _ = try ProfileImport.merge(file: path, shown: "x.json", into: f.store())
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
