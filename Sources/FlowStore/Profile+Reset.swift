public import FlowKit
import Foundation
import GRDB

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
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            return .removedDamaged(files: try removeDatabaseFiles(), reason: "SQLite: \(error.message ?? "\(error.resultCode)")")
        } catch {
            throw StoreFailure.error(error, profile: self, busyTimeout: busyTimeout)
        }
    }

    private func emptyStore(busyTimeout: Double) throws -> [ProfileReset.RemovedRows] {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "flowrun.reset"
        let queue = try DatabaseQueue(path: databasePath, configuration: configuration)
        let removed = try queue.inDatabase { db throws -> [ProfileReset.RemovedRows] in
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.execute(sql: "BEGIN IMMEDIATE")
            do {
                // A flowrun store's tables, newest first (a photo before its pin); those of a
                // newer flowrun's schema too: reset means all of it.
                let tables = try String.fetchAll(
                    db,
                    sql: """
                        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY rowid DESC
                        """)
                let migrated = try db.tableExists("grdb_migrations") && (try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") ?? 0) > 0
                if !migrated && !tables.isEmpty { throw StoreFailure.foreign(self, tables: tables.reversed()) }
                var removed: [ProfileReset.RemovedRows] = []
                for table in tables {
                    let quoted = table.quotedDatabaseIdentifier
                    removed.append(.init(table: table, count: try Int.fetchOne(db, sql: "SELECT count(*) FROM \(quoted)") ?? 0))
                    try db.execute(sql: "DELETE FROM \(quoted)")
                }
                try db.execute(sql: "COMMIT")
                return removed.reversed()
            } catch {
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                throw error
            }
        }
        // Best effort: a reader of another process may hold the old pages a while longer.
        try? queue.inDatabase { db in
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        return removed
    }

    private func removeDatabaseFiles() throws(StoreError) -> [String] {
        var removed: [String] = []
        for file in databaseFiles where FileManager.default.fileExists(atPath: file) {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw StoreError(.unusable, "cannot remove \(file): \(ProfileFolder.reason(error))")
            }
            removed.append(file)
        }
        return removed
    }
}
