import FlowKit
@testable import FlowStore
import Foundation
import Testing

/// Profiles that cannot be used: each a clear message and exit 2, the files left as they
/// were; and what the database is on disk (WAL, schema versions, busy, export, reset).
@Suite struct ProfileTests {
    @Test func aProfileThatIsAFileIsRefused() throws {
        let f = try StoreFixture()
        try Data("x".utf8).write(to: URL(fileURLWithPath: f.profile.path))
        let result = f.run("return #store.favorites()")
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.exitCode == 2)
        #expect(error.description == "profile \(f.profile.path) is a file, not a folder; choose a folder with --profile")
    }

    @Test func aProfileThatCannotBeMadeIsRefused() throws {
        let f = try StoreFixture()
        try Data("x".utf8).write(to: f.folder.appendingPathComponent("file"))
        let store = SQLiteVisitorStore(profile: Profile(path: f.folder.appendingPathComponent("file/profile").path))
        // A view run reads nothing there; an act run must make it.
        #expect(f.run("return #store.favorites()", store: store).title == "0")
        let result = f.act("store.add_favorite('\(alcatraz)')", store: store)
        #expect(result.message?.hasPrefix("cannot make the profile folder \(f.folder.path)/file/profile: ") == true)
        if case .failure(let error) = result { #expect(error.exitCode == 2) }
    }

    @Test func aRunThatNeverCallsTheStoreNeverTouchesTheProfile() throws {
        let f = try StoreFixture()
        #expect(f.act("return 'no store'").title == "no store")
        #expect(!FileManager.default.fileExists(atPath: f.profile.path))
    }

    @Test func aCorruptFileIsLeftAsItWas() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: f.profile.databasePath))
        for result in [f.run("return #store.favorites()"), f.act("store.add_favorite('\(alcatraz)')")] {
            guard case .failure(let error) = result else { Issue.record("expected a failure"); continue }
            #expect(error.exitCode == 2)
            #expect(
                error.description.hasPrefix(
                    "\(f.profile.databasePath) is not a readable flowrun store, or is damaged (SQLite: file is not a database); it was left as it is"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.profile.databasePath)) == garbage)
        #expect(throws: StoreError.self) { try ProfileExport.json(f.profile) }
    }

    @Test func aTruncatedDatabaseIsLeftAsItWas() throws {
        let f = try StoreFixture()
        #expect(f.act("for i = 1, 200 do store.set('k' .. i, ('v'):rep(500)) end return 'ok'").title == "ok")
        // Checkpointed into the main file, then cut in half.
        try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let url = URL(fileURLWithPath: f.profile.databasePath)
        let whole = try Data(contentsOf: url)
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: url)
        let result = f.run("local n = 0 for i = 1, 200 do if store.get('k' .. i) then n = n + 1 end end return n")
        #expect(result.message?.contains("is not a readable flowrun store, or is damaged") == true, "\(result)")
        if case .failure(let error) = result { #expect(error.exitCode == 2) }
        #expect(try Data(contentsOf: url) == cut)
    }

    @Test func aDatabaseFromANewerFlowrunIsRefusedNotDowngraded() throws {
        let f = try StoreFixture()
        #expect(f.act("store.add_favorite('\(alcatraz)') return 'ok'").title == "ok")
        try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5).execute("INSERT INTO grdb_migrations (identifier) VALUES ('v2-visits-by-day')")
        let before = try Data(contentsOf: URL(fileURLWithPath: f.profile.databasePath))
        let result = f.run("return #store.favorites()")
        #expect(
            result.message
                == "\(f.profile.databasePath) was written by a newer flowrun (its schema has v2-visits-by-day, this flowrun knows v1, v2, v3); it was left as it is: use that flowrun, or another --profile"
        )
        if case .failure(let error) = result { #expect(error.exitCode == 2) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.profile.databasePath)) == before)
        #expect(throws: StoreError.self) { try ProfileExport.json(f.profile) }
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5).execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
        #expect(
            f.run("return #store.favorites()").message?.contains(
                "is an SQLite database of another program (tables photos, no flowrun schema); it was left as it is") == true)
        // Export makes the same one check: another program's file is not an empty profile.
        let before = try Data(contentsOf: URL(fileURLWithPath: f.profile.databasePath))
        let error = try #require(throws: StoreError.self) { try ProfileExport.json(f.profile) }
        #expect("\(error)".contains("\(f.profile.databasePath) is an SQLite database of another program (tables photos, no flowrun schema)"))
        #expect(error.exitCode == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: f.profile.databasePath)) == before)
    }

    /// Two flowruns opening a new profile at once: one makes the database while the other
    /// checks it, which once read its tables without its migrations ("another program's").
    @Test func processesOpeningANewProfileAtOnceAllWrite() throws {
        let sites = [alcatraz, cellhouse, aquaticPark]
        for round in 0..<20 {
            let f = try StoreFixture()
            let failures = Failures(), profile = f.profile
            DispatchQueue.concurrentPerform(iterations: sites.count) { i in
                let store = SQLiteVisitorStore(profile: profile)
                do {
                    try store.begin(writing: true)
                    _ = try store.addFavorite(sites[i], park: "GOGA", at: fixedStamp)
                    try store.commit()
                } catch {
                    store.rollback()
                    failures.add("round \(round), \(sites[i]): \(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            #expect(f.run("return #store.favorites()").title == "\(sites.count)", "round \(round)")
        }
    }

    /// A profile an older flowrun made (schema v1 only, recorded as GRDB's migrator recorded
    /// it) is migrated where it is: its rows stay, and the kept party alerts (v2) can be written.
    @Test func aProfileOfSchemaV1IsMigratedKeepingItsRows() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        let older = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5)
        try older.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        try older.execute(StoreSchema.migrations[0].sql)
        try older.execute("INSERT INTO grdb_migrations (identifier) VALUES ('v1')")
        try older.statement("INSERT INTO favorites (park, site, added) VALUES ('GOGA', ?, '2026-07-04T16:30:00Z')").run([.text(alcatraz)])
        let store = SQLiteVisitorStore(profile: f.profile)
        try store.begin(writing: true)
        #expect(try store.keepPartyAlert(StoredPartyAlert(park: "YOSE", party: "P", recipient: "ana", kind: "silent", time: 1, member: "ben")))
        try store.commit()
        #expect(f.run("return #store.favorites()").title == "1", "the favorite of v1 stays")
        try store.begin(writing: false)
        #expect(try store.partyAlerts(park: "YOSE", party: "P", recipient: "ana", limit: nil).map(\.kind) == ["silent"])
        store.rollback()
    }

    @Test func theDatabaseIsInWALModeWithTheSchemaApplied() throws {
        let f = try StoreFixture()
        _ = f.act("store.add_favorite('\(alcatraz)') return 'ok'")
        let db = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5)
        let mode = try db.statement("PRAGMA journal_mode").first { $0.text(0) }
        let versions = try db.statement("SELECT identifier FROM grdb_migrations").all { $0.text(0) }
        let integrity = try db.statement("PRAGMA integrity_check").first { $0.text(0) }
        let favorites = try db.statement("SELECT count(*) FROM favorites").first { $0.integer(0) }
        #expect(mode == "wal" && versions == ["v1", "v2", "v3"] && integrity == "ok" && favorites == 1)
    }

    @Test func aWriterHeldPastTheTimeoutIsABusyError() throws {
        let f = try StoreFixture()
        _ = f.act("store.add_favorite('\(alcatraz)') return 'ok'")
        let holder = f.store()
        try holder.begin(writing: true)
        defer { holder.rollback() }
        let waiting = f.store(busyTimeout: 0.2)
        let result = f.act("store.add_favorite('\(cellhouse)')", store: waiting)
        #expect(
            result.message?.hasPrefix("\(f.profile.databasePath) is busy: another process has held it for more than 0.2 s; try again when it is done") == true,
            "\(result)")
        if case .failure(let error) = result { #expect(error.exitCode == 1) }
        // Readers never wait for a writer (WAL).
        #expect(f.run("return #store.favorites()", store: f.store(busyTimeout: 0.2)).title == "1")
    }

    @Test func exportHasEverything() throws {
        let f = try StoreFixture()
        #expect(f.fillEveryTable() == "ok")
        let json = try ProfileExport.json(f.profile)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "flowrun/profile@1")
        #expect((document["favorites"] as? [[String: String]]) == [["park": "GOGA", "site": alcatraz, "added": fixedStamp]])
        #expect((document["visited"] as? [[String: String]]) == [["park": "GOGA", "site": cellhouse, "at": fixedStamp]])
        let pin = try #require((document["pins"] as? [[String: Any]])?.first)
        #expect(pin["title"] as? String == "Spot" && pin["id"] as? Int == 1)
        #expect((pin["photos"] as? [[String: String]]) == [["file": "a.jpg", "added": fixedStamp]])
        let setting = try #require((document["settings"] as? [[String: Any]])?.first)
        #expect(setting["key"] as? String == "map.center" && (setting["value"] as? [String: Any])?["zoom"] as? Int == 12)
    }
}

/// Messages gathered from concurrent work.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ message: String) { lock.withLock { list.append(message) } }
    var all: [String] { lock.withLock { list } }
}
