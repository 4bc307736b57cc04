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
    private var api: SQLiteLibrary { database.api }

    /// Runs the statement with `values` to its end (an INSERT, UPDATE or DELETE).
    func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try rows(values) { _ in }
    }

    /// Calls `body` with each row the statement gives with `values`.
    func rows(_ values: [SQLiteValue] = [], _ body: (SQLiteRow) throws(SQLiteError) -> Void) throws(SQLiteError) {
        try bind(values)
        defer { _ = api.reset(raw) }
        while true {
            let code = api.step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
            try body(SQLiteRow(raw: raw, api: api))
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
        defer { _ = api.reset(raw) }
        let code = api.step(raw)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw database.error(code, sql: sql) }
        return make(SQLiteRow(raw: raw, api: api))
    }

    private func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        _ = api.reset(raw)
        _ = api.clearBindings(raw)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let code: Int32 =
                switch value {
                case .text(let text): api.bindText(raw, index, text, -1, sqliteTransient)
                case .integer(let n): api.bindInt64(raw, index, n)
                case .real(let x): api.bindDouble(raw, index, x)
                case .null: api.bindNull(raw, index)
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
    let api: SQLiteLibrary

    /// The column as text ("" for NULL).
    func text(_ i: Int32) -> String { api.columnText(raw, i).map { String(cString: $0) } ?? "" }
    /// The column as text, nil for NULL.
    func optionalText(_ i: Int32) -> String? { isNull(i) ? nil : text(i) }
    /// The column's bytes as SQLite holds them, without a copy: valid until the next step.
    func bytes(_ i: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: api.columnText(raw, i), count: Int(api.columnBytes(raw, i)))
    }
    func integer(_ i: Int32) -> Int64 { api.columnInt64(raw, i) }
    func real(_ i: Int32) -> Double { api.columnDouble(raw, i) }
    func optionalReal(_ i: Int32) -> Double? { isNull(i) ? nil : real(i) }
    func isNull(_ i: Int32) -> Bool { api.columnType(raw, i) == SQLITE_NULL }
    /// How many columns a row has.
    var count: Int32 { api.columnCount(raw) }
}
