import CSQLite

/// A value bound to a statement's `?`.
enum SQLiteValue {
    case text(String)
    case integer(Int64)
    case real(Double)
    case null

    /// `value`, or NULL when it is nil.
    static func text(_ value: String?) -> Self { value.map(Self.text) ?? .null }
    static func real(_ value: Double?) -> Self { value.map(Self.real) ?? .null }
}

/// A prepared statement of a ``SQLiteDatabase``, bound and stepped in place; valid while its
/// database is open (the database keeps it).
struct SQLiteStatement {
    let raw: OpaquePointer
    let database: SQLiteDatabase
    let sql: String

    /// Runs the statement with `values` to its end (an INSERT, UPDATE or DELETE).
    func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try rows(values) { _ in }
    }

    /// Calls `body` with each row the statement gives with `values`.
    func rows(_ values: [SQLiteValue] = [], _ body: (SQLiteRow) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(values)
        defer { sqlite3_reset(raw) }
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
            try body(SQLiteRow(raw: raw))
        }
    }

    /// Every row, each made by `make`.
    func all<T>(_ values: [SQLiteValue] = [], _ make: (SQLiteRow) -> T) throws(SQLiteError) -> [T] {
        var made: [T] = []
        try rows(values) { row in made.append(make(row)) }
        return made
    }

    /// The first row made by `make`, or nil when there is none.
    func first<T>(_ values: [SQLiteValue] = [], _ make: (SQLiteRow) -> T) throws(SQLiteError) -> T? {
        try bind(values)
        defer { sqlite3_reset(raw) }
        let code = sqlite3_step(raw)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
        return make(SQLiteRow(raw: raw))
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let code: Int32 =
                switch value {
                case .text(let text): sqlite3_bind_text(raw, index, text, -1, sqliteTransient)
                case .integer(let n): sqlite3_bind_int64(raw, index, n)
                case .real(let x): sqlite3_bind_double(raw, index, x)
                case .null: sqlite3_bind_null(raw, index)
                }
            guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
        }
    }
}

/// SQLite copies a bound text at once (`SQLITE_TRANSIENT`), so Swift's may go.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// The current row of a statement, read by column index; valid until the next step.
struct SQLiteRow {
    let raw: OpaquePointer

    /// The column as text ("" for NULL).
    func text(_ i: Int32) -> String { sqlite3_column_text(raw, i).map { String(cString: $0) } ?? "" }
    /// The column as text, nil for NULL.
    func optionalText(_ i: Int32) -> String? { isNull(i) ? nil : text(i) }
    /// The column's bytes as SQLite holds them, without a copy: valid until the next step.
    func bytes(_ i: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: sqlite3_column_text(raw, i), count: Int(sqlite3_column_bytes(raw, i)))
    }
    func integer(_ i: Int32) -> Int64 { sqlite3_column_int64(raw, i) }
    func real(_ i: Int32) -> Double { sqlite3_column_double(raw, i) }
    func optionalReal(_ i: Int32) -> Double? { isNull(i) ? nil : real(i) }
    func isNull(_ i: Int32) -> Bool { sqlite3_column_type(raw, i) == SQLITE_NULL }
    /// How many columns a row has.
    var count: Int32 { sqlite3_column_count(raw) }
}
