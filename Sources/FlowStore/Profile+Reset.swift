import CSQLite
public import FlowKit
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `flowrun profile reset` did.
public enum ProfileReset: Equatable, Sendable {
    /// The profile had no database.
    case nothing
    /// The store was emptied under its write lock: rows removed per table, in the tables' order.
    case emptied([RemovedRows])
    /// The file was not a readable database (damaged, or not SQLite): it and its `-wal`,
    /// `-shm` files were removed.
    case removedDamaged(files: [String], reason: String)

    /// One table's removed rows.
    public struct RemovedRows: Equatable, Sendable {
        public let table: String
        public let count: Int
    }
}

extension Profile {
    /// Whether the profile has a database file.
    public var hasDatabase: Bool { FileManager.default.fileExists(atPath: databasePath) }

    /// Empties the visitor's store (`flowrun profile reset`): every table's rows go in one
    /// transaction under SQLite's write lock, so a flowrun using the profile at the same time
    /// finishes its run first and its next run sees the empty store. Removing the files
    /// instead would let that process go on writing to a file no longer there: writes it
    /// reports done, lost. Deleted rows are overwritten (`secure_delete`), the file shrunk and
    /// the WAL truncated where no reader holds them. The folder and its `photos/` stay.
    /// A file that is not a readable database is removed with its `-wal` and `-shm`.
    /// - Parameter busyTimeout: seconds to wait for another process's write lock (default 5).
    /// - Throws: `StoreError`: busy past the timeout; a database of another program (left
    ///   as it is); a file that cannot be removed.
    @discardableResult
    public func reset(busyTimeout: Double = 5) throws(StoreError) -> ProfileReset {
        guard hasDatabase else { return .nothing }
        try checkDatabaseFiles()
        do {
            return .emptied(try emptyStore(busyTimeout: busyTimeout))
        } catch let error as SQLiteError where error.primary == SQLITE_NOTADB || error.primary == SQLITE_CORRUPT {
            return .removedDamaged(files: try removeDatabaseFiles(), reason: "SQLite: \(error.message)")
        } catch {
            throw StoreFailure.error(error, profile: self, busyTimeout: busyTimeout)
        }
    }

    private func emptyStore(busyTimeout: Double) throws -> [ProfileReset.RemovedRows] {
        let db = try SQLiteDatabase(path: databasePath, creating: false, busyTimeout: busyTimeout)
        try db.execute("PRAGMA secure_delete = ON")
        let removed = try db.transaction("BEGIN IMMEDIATE") { () throws -> [ProfileReset.RemovedRows] in
            // A flowrun store's tables, newest first (a photo before its pin); those of a
            // newer flowrun's schema too: reset means all of it.
            let tables = try db.statement(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY rowid DESC"
            ).all { $0.text(0) }
            let migrated = try db.tableExists("grdb_migrations") && (try db.statement("SELECT count(*) FROM grdb_migrations").first { $0.integer(0) } ?? 0) > 0
            if !migrated && !tables.isEmpty { throw StoreFailure.foreign(self, tables: tables.reversed()) }
            var rows: [ProfileReset.RemovedRows] = []
            for table in tables {
                // An identifier in double quotes, its own quotes doubled (SQL's quoting).
                let quoted = "\"" + table.replacing("\"", with: "\"\"") + "\""
                rows.append(.init(table: table, count: Int(try db.statement("SELECT count(*) FROM \(quoted)").first { $0.integer(0) } ?? 0)))
                try db.execute("DELETE FROM \(quoted)")
            }
            return rows.reversed()
        }
        // Best effort: a reader of another process may hold the old pages a while longer.
        try? db.execute("VACUUM")
        try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return removed
    }

    private func removeDatabaseFiles() throws(StoreError) -> [String] {
        var removed: [String] = []
        for file in databaseFiles where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw StoreError(.unusable, "cannot remove \(file): \(SystemErrorText.reason(error))")
            }
            removed.append(file)
        }
        return removed
    }
}
