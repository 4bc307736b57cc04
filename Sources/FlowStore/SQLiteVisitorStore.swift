import CSQLite
import Formats
public import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The visitor's store in a profile's SQLite database (`<profile>/store.sqlite`, WAL mode). Nothing is opened until a run's first store call: a run that never calls
/// `store` never touches the profile, and a view run of a profile without a database reads
/// nothing, without SQLite, instead of making the file. Opening makes the folder if needed, refuses a folder
/// that is not writable, a damaged file or one from a newer flowrun (exit 2, the files left
/// as they are), and applies the schema's migrations.
///
/// Each run is one transaction (`VisitorStore`): an act run's `BEGIN IMMEDIATE` takes the
/// write lock at once, waiting up to ``busyTimeout`` for another process's, so writers
/// queue instead of failing half-way; readers never wait (WAL). A commit is durable once it
/// returns, whatever happens to the process after (`synchronous = NORMAL` in WAL mode: a
/// power cut may lose the last commits, never corrupt the file).
public final class SQLiteVisitorStore: VisitorStore {
    /// The profile whose database this is.
    public let profile: Profile
    /// How long a run waits for another process's write lock, in seconds. Default 5.
    public let busyTimeout: Double
    /// What one park's data may hold.
    public let limits: StoreLimits

    /// The profile's database, once opened.
    private var database: SQLiteDatabase?
    /// The database the run in progress uses: ``database`` once a run began on it, nil in a
    /// view run of a profile without one.
    private var running: SQLiteDatabase?
    /// A view run while the profile has no database: every read is empty, and nothing is
    /// opened or made (reading what is not there never makes it).
    private var absent = false
    /// Whether the transaction in progress writes, and how many writing ones committed.
    private var writing = false
    private var commits = 0

    /// A store in `profile`'s folder, opened on first use.
    /// - Parameters:
    ///   - profile: the profile.
    ///   - busyTimeout: seconds to wait for another process's write lock (default 5).
    ///   - limits: what one park's data may hold (default `StoreLimits/init()`).
    public init(profile: Profile, busyTimeout: Double = 5, limits: StoreLimits = StoreLimits()) {
        self.profile = profile
        self.busyTimeout = busyTimeout
        self.limits = limits
    }

    // MARK: - Transactions

    public func begin(writing: Bool) throws(StoreError) {
        self.writing = writing
        absent = !writing && database == nil && !profile.hasDatabase
        if absent {
            try ProfileFolder.checkKind(profile)
            running = nil
            return
        }
        let db = try open()
        running = db
        try perform(db) { db in try db.execute(writing ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED") }
    }

    public func commit() throws(StoreError) {
        absent = false
        defer { writing = false }
        guard let running else { return }
        try perform(running) { db in try db.execute("COMMIT") }
        if writing { commits += 1 }
    }

    public func rollback() {
        absent = false
        writing = false
        guard let running else { return }
        // SQLite may have rolled back already (after some errors): nothing left to do then.
        if running.isInsideTransaction { try? running.execute("ROLLBACK") }
    }

    /// This store's own commits, and the database's files as they are: another process's
    /// commit grows or rewrites the write-ahead log (or, checkpointed, the database), which
    /// changes its size or its times.
    public func revision() -> StoreRevision? {
        StoreRevision(commits: commits, files: profile.databaseFiles.map { path in FileVersion(of: path, followingLinks: true)?.bytes ?? [] })
    }

    // MARK: - Access

    /// Runs `body` on the open connection, inside the run's transaction: a write.
    func access<T>(_ body: (SQLiteDatabase) throws -> T) throws(StoreError) -> T {
        guard let running else {
            throw StoreError(.failed, "\(profile.databasePath): written outside a writing run (begin(writing: true) first)")
        }
        return try perform(running, body)
    }

    /// A read: `body` on the open connection, or `empty` in a view run of a profile without a database.
    func read<T>(_ empty: T, _ body: (SQLiteDatabase) throws -> T) throws(StoreError) -> T {
        absent ? empty : try access(body)
    }

    private func perform<T>(_ db: SQLiteDatabase, _ body: (SQLiteDatabase) throws -> T) throws(StoreError) -> T {
        do {
            return try body(db)
        } catch {
            throw StoreFailure.error(error, profile: profile, busyTimeout: busyTimeout)
        }
    }

    /// The profile's connection, opened, checked and migrated on first use.
    private func open() throws(StoreError) -> SQLiteDatabase {
        if let database { return database }
        try ProfileFolder.prepare(profile)
        try profile.checkDatabaseFiles()
        // Another flowrun making this profile's database at the same moment can make a step
        // here fail busy at once, without SQLite's busy handler (switching to WAL while it
        // reads, a read lock that cannot become a write lock): the steps are retried until
        // the busy timeout, as a wait for its lock would be.
        let started = ContinuousClock.now
        while true {
            do {
                let opened = try Self.openChecked(profile, busyTimeout: busyTimeout)
                database = opened
                return opened
            } catch let error as SQLiteError where Self.isBusy(error) && ContinuousClock.now - started < .seconds(busyTimeout) {
                usleep(10_000)
            } catch {
                throw StoreFailure.error(error, profile: profile, busyTimeout: busyTimeout)
            }
        }
    }

    /// The database opened, its schema checked, WAL set and its migrations applied. The file
    /// is read before anything is written: a damaged one, or one from a newer flowrun, is
    /// refused as it is.
    private static func openChecked(_ profile: Profile, busyTimeout: Double) throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: profile.databasePath, busyTimeout: busyTimeout)
        // In one read transaction: another flowrun may be making this database right
        // now, and separate reads could see its tables but not yet its migrations.
        let applied = try db.transaction { try StoreSchema.check(db, profile: profile) }
        let journal = try db.statement("PRAGMA journal_mode = WAL").first { $0.text(0) }
        guard journal == "wal" else {
            throw StoreError(.unusable, "\(profile.databasePath): SQLite cannot use WAL mode here (a network file system?); choose another --profile")
        }
        try db.execute("PRAGMA synchronous = NORMAL")
        try StoreSchema.migrate(db, applied: applied)
        return db
    }

    private static func isBusy(_ error: SQLiteError) -> Bool {
        error.primary == SQLITE_BUSY || error.primary == SQLITE_LOCKED
    }
}
