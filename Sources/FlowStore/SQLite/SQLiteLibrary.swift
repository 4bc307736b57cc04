import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's SQLite, loaded when the store is first opened (`dlopen`), not when flowrun
/// starts: a run that never calls `store` (most cold runs) neither maps the library nor
/// resolves its symbols, which was a million instructions of every start (docs/architecture.md,
/// "What a cold run links"). CSQLite supplies the header's types and constants only; every
/// function is called through the pointers here.
struct SQLiteLibrary {
    /// The library, loaded once for the process, or why it could not be.
    static let shared: Result<SQLiteLibrary, SQLiteError> = load()

    #if canImport(Darwin)
    static let fileName = "libsqlite3.dylib"
    #else
    static let fileName = "libsqlite3.so.0"
    #endif

    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer

    let openV2: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) -> Int32
    let closeV2: @convention(c) (Database?) -> Int32
    let errmsg: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let extendedResultCodes: @convention(c) (Database?, Int32) -> Int32
    let busyTimeout: @convention(c) (Database?, Int32) -> Int32
    /// `sqlite3_exec` without a row callback (its third argument is always NULL here).
    let exec:
        @convention(c) (Database?, UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) ->
            Int32
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let prepareV3:
        @convention(c) (Database?, UnsafePointer<CChar>?, Int32, UInt32, UnsafeMutablePointer<Statement?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) ->
            Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let changes: @convention(c) (Database?) -> Int32
    let lastInsertRowID: @convention(c) (Database?) -> Int64
    let getAutocommit: @convention(c) (Database?) -> Int32
    let reset: @convention(c) (Statement?) -> Int32
    let clearBindings: @convention(c) (Statement?) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, sqlite3_destructor_type?) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> Int64
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32

    private static func load() -> Result<SQLiteLibrary, SQLiteError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(
                SQLiteError(code: SQLITE_CANTOPEN, message: "cannot load SQLite (\(fileName)): \(reason); install it (Debian: apt install libsqlite3-0)"))
        }
        do {
            return .success(try SQLiteLibrary(handle))
        } catch {
            return .failure(error)
        }
    }

    /// Each function of the library at `handle`, its type the property's.
    private init(_ handle: UnsafeMutableRawPointer) throws(SQLiteError) {
        func symbol<F>(_ name: String) throws(SQLiteError) -> F {
            guard let address = dlsym(handle, name) else {
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(Self.fileName) lacks \(name) (SQLite 3.20 or later is needed)")
            }
            return unsafeBitCast(address, to: F.self)
        }
        openV2 = try symbol("sqlite3_open_v2")
        closeV2 = try symbol("sqlite3_close_v2")
        errmsg = try symbol("sqlite3_errmsg")
        extendedResultCodes = try symbol("sqlite3_extended_result_codes")
        busyTimeout = try symbol("sqlite3_busy_timeout")
        exec = try symbol("sqlite3_exec")
        free = try symbol("sqlite3_free")
        prepareV3 = try symbol("sqlite3_prepare_v3")
        finalize = try symbol("sqlite3_finalize")
        changes = try symbol("sqlite3_changes")
        lastInsertRowID = try symbol("sqlite3_last_insert_rowid")
        getAutocommit = try symbol("sqlite3_get_autocommit")
        reset = try symbol("sqlite3_reset")
        clearBindings = try symbol("sqlite3_clear_bindings")
        step = try symbol("sqlite3_step")
        bindText = try symbol("sqlite3_bind_text")
        bindInt64 = try symbol("sqlite3_bind_int64")
        bindDouble = try symbol("sqlite3_bind_double")
        bindNull = try symbol("sqlite3_bind_null")
        columnText = try symbol("sqlite3_column_text")
        columnBytes = try symbol("sqlite3_column_bytes")
        columnInt64 = try symbol("sqlite3_column_int64")
        columnDouble = try symbol("sqlite3_column_double")
        columnType = try symbol("sqlite3_column_type")
        columnCount = try symbol("sqlite3_column_count")
    }
}
