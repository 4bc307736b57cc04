import FlowKit
@testable import FlowStore
import Foundation
import Testing

/// `flowrun profile reset`: the store emptied under its write lock, so a process using the
/// profile meanwhile loses nothing it reports written; a damaged file removed; another
/// program's database left alone.
@Suite struct ProfileResetTests {
    @Test func resetEmptiesEveryTableAndKeepsPhotos() throws {
        let f = try StoreFixture()
        #expect(f.fillEveryTable() == "ok")
        try FileManager.default.createDirectory(atPath: f.profile.photosPath, withIntermediateDirectories: true)
        let result = try f.profile.reset()
        #expect(
            result
                == .emptied(
                    ["favorites", "visited", "pins", "pin_photos", "settings"].map { .init(table: $0, count: 1) }
                        + ["party_alerts", "party_zones", "party_members", "party_watches"].map { .init(table: $0, count: 0) }))
        #expect(f.profile.hasDatabase && FileManager.default.fileExists(atPath: f.profile.photosPath))
        #expect(try ProfileExport.json(f.profile).contains("\"favorites\" : [\n\n  ]"))
        #expect(f.run("return #store.favorites() + #store.visited() + #store.pins() .. (store.get('map.center') and 'x' or '')").title == "0")
        // The schema stays: the next act writes without migrating anew, and ids are not reused.
        #expect(f.act("return tostring(store.add_pin{lat = 37.8, lon = -122.4})").title == "2")
    }

    @Test func aProcessUsingTheProfileLosesNoWriteToAReset() throws {
        let f = try StoreFixture()
        let running = f.store()  // its connection stays open across the reset, as a running flowrun's would
        #expect(f.act("store.add_favorite('\(alcatraz)') return 'ok'", store: running).title == "ok")
        _ = try f.profile.reset()
        #expect(f.run("return #store.favorites()", store: running).title == "0")
        #expect(f.act("store.add_favorite('\(cellhouse)') return 'ok'", store: running).title == "ok")
        // Removing the file instead would have sent this write to a file no longer there.
        #expect(f.run("local f = store.favorites() return #f .. ' ' .. f[1].site", store: f.store()).title == "1 \(cellhouse)")
    }

    @Test func aResetWaitsForARunningWriterThenSaysBusy() throws {
        let f = try StoreFixture()
        #expect(f.act("store.add_favorite('\(alcatraz)') return 'ok'").title == "ok")
        let holder = f.store()
        try holder.begin(writing: true)
        #expect(throws: StoreError.self) { try f.profile.reset(busyTimeout: 0.2) }
        do {
            try f.profile.reset(busyTimeout: 0.2)
        } catch {
            #expect(error.description.hasPrefix("\(f.profile.databasePath) is busy: another process has held it for more than 0.2 s"))
            #expect(error.exitCode == 1)
        }
        holder.rollback()
        #expect(f.run("return #store.favorites()").title == "1", "nothing was removed")
        #expect(
            try f.profile.reset(busyTimeout: 0.2)
                == .emptied(
                    ["favorites", "visited", "pins", "pin_photos", "settings", "party_alerts", "party_zones", "party_members", "party_watches"].map {
                        .init(table: $0, count: $0 == "favorites" ? 1 : 0)
                    }))
    }

    @Test func aDamagedFileIsRemovedWithItsCompanions() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: f.profile.databasePath))
        try Data("x".utf8).write(to: URL(fileURLWithPath: f.profile.databasePath + "-shm"))
        let result = try f.profile.reset()
        #expect(result == .removedDamaged(files: [f.profile.databasePath, f.profile.databasePath + "-shm"], reason: "SQLite: file is not a database"))
        #expect(!f.profile.hasDatabase)
        #expect(try f.profile.reset() == .nothing)
    }

    @Test func anotherProgramsDatabaseIsLeftAlone() throws {
        let f = try StoreFixture()
        try FileManager.default.createDirectory(atPath: f.profile.path, withIntermediateDirectories: true)
        try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5).execute("CREATE TABLE photos (id INTEGER PRIMARY KEY); INSERT INTO photos VALUES (7)")
        #expect(throws: StoreError.self) { try f.profile.reset() }
        do {
            try f.profile.reset()
        } catch {
            #expect(
                error.description
                    == "\(f.profile.databasePath) is an SQLite database of another program (tables photos, no flowrun schema); it was left as it is: move it away, or choose another --profile"
            )
            #expect(error.exitCode == 2)
        }
        let check = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5)
        #expect(try check.statement("SELECT id FROM photos").first { $0.integer(0) } == 7)
    }
}
