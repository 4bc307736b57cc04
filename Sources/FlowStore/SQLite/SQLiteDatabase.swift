import CSQLite

/// One connection to an SQLite database file, through SQLite's C API: the little of a
/// database library the visitor's store needs (statements cached by their text, values bound
/// and read by position, SQLite's errors with its code and message). A library such as GRDB
/// did this before, and linked Foundation's whole runtime into every cold run with it.
///
/// Not thread-safe: a store uses its connection from one thread at a time (a run).
final class SQLiteDatabase {
    /// The file.
    let path: String
    /// SQLite's functions (``SQLiteLibrary``).
    let api: SQLiteLibrary
    private let handle: OpaquePointer
    /// Prepared statements by their SQL, reused (reset) rather than prepared again.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (and with `creating`, makes) the database at `path`; another process's lock is
    /// waited for up to `busyTimeout` seconds. Foreign keys are enforced (a pin's photos go with it).
    init(path: String, readOnly: Bool = false, creating: Bool = true, busyTimeout: Double) throws(SQLiteError) {
        self.path = path
        let api = try SQLiteLibrary.shared.get()
        self.api = api
        var opened: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)) | SQLITE_OPEN_NOMUTEX
        let code = api.openV2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.flatMap { api.errmsg($0) }.map { String(cString: $0) } ?? "cannot open"
            _ = api.closeV2(opened)
            throw SQLiteError(code: code, message: message)
        }
        handle = opened
        _ = api.extendedResultCodes(handle, 0)
        _ = api.busyTimeout(handle, Int32(max(0, min(busyTimeout * 1000, Double(Int32.max)))))
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        for statement in statements.values { _ = api.finalize(statement) }
        _ = api.closeV2(handle)
    }

    /// Runs `sql`, one or more statements without results.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = api.exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? errorMessage
            api.free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// `body` in one transaction opened with `begin` (`BEGIN IMMEDIATE` to take the write lock
    /// first), committed when it returns and rolled back when it throws.
    func transaction<T>(_ begin: String = "BEGIN DEFERRED", _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may have rolled back already (after some errors): nothing left to do then.
            if isInsideTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The statement of `sql`, prepared once and reset for each use.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return SQLiteStatement(raw: cached, database: self, sql: sql) }
        var prepared: OpaquePointer?
        let code = api.prepareV3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code, sql: sql) }
        statements[sql] = prepared
        return SQLiteStatement(raw: prepared, database: self, sql: sql)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(api.changes(handle)) }

    /// The row id the last INSERT gave.
    var lastInsertedRowID: Int64 { api.lastInsertRowID(handle) }

    /// Whether a transaction is open.
    var isInsideTransaction: Bool { api.getAutocommit(handle) == 0 }

    /// Whether the database has a table named `name`.
    func tableExists(_ name: String) throws(SQLiteError) -> Bool {
        try statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").first([.text(name)]) { _ in true } ?? false
    }

    /// SQLite's error for `code`, with its message.
    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: code, message: errorMessage, sql: sql)
    }

    /// SQLite's message for the connection's last error.
    private var errorMessage: String { api.errmsg(handle).map { String(cString: $0) } ?? "unknown error" }
}

/// An error SQLite returned: its result code (`SQLITE_BUSY`) and message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The result code; ``primary`` is its lower byte.
    var code: Int32
    var message: String
    /// The statement it came from, if any.
    var sql: String?

    /// `SQLITE_BUSY`, `SQLITE_CORRUPT`, ... without the extended part.
    var primary: Int32 { code & 0xFF }

    var description: String { "SQLite error \(code): \(message)" }
}
