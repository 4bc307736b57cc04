/// The store's tables, versioned by migrations: each is applied once, in order, in a
/// transaction that also records its identifier in `grdb_migrations` (the table GRDB's
/// migrator kept, read as it wrote it, so profiles made by earlier flowruns open as they
/// are); a database with a migration this flowrun does not know was written by a newer one
/// and is refused, never downgraded. Add a migration (`v2`, ...) to change the schema; never
/// edit one that shipped.
enum StoreSchema {
    /// The migrations of this version of flowrun, oldest first: identifier and SQL.
    static let migrations: [(identifier: String, sql: String)] = [
        // Every table has the park's code: data is per park, and read across parks only on purpose.
        (
            "v1",
            """
            CREATE TABLE favorites (
              id INTEGER PRIMARY KEY,
              park TEXT NOT NULL,
              site TEXT NOT NULL,
              added TEXT NOT NULL,
              UNIQUE (park, site)
            );
            -- Covering (site in it): a list of 10,000 reads the index alone, in order.
            CREATE INDEX favorites_by_time ON favorites (park, added, id, site);
            CREATE TABLE visited (
              id INTEGER PRIMARY KEY,
              park TEXT NOT NULL,
              site TEXT NOT NULL,
              at TEXT NOT NULL,
              UNIQUE (park, site)
            );
            CREATE INDEX visited_by_time ON visited (park, at, id, site);
            -- AUTOINCREMENT: a removed pin's id is never given to another (ids travel in act args).
            CREATE TABLE pins (
              id INTEGER PRIMARY KEY AUTOINCREMENT,
              park TEXT NOT NULL,
              lat REAL NOT NULL,
              lon REAL NOT NULL,
              title TEXT,
              note TEXT,
              created TEXT NOT NULL
            );
            CREATE INDEX pins_by_time ON pins (park, created, id);
            CREATE TABLE pin_photos (
              id INTEGER PRIMARY KEY,
              pin INTEGER NOT NULL REFERENCES pins (id) ON DELETE CASCADE,
              file TEXT NOT NULL,
              added TEXT NOT NULL,
              UNIQUE (pin, file)
            );
            CREATE TABLE settings (
              park TEXT NOT NULL,
              key TEXT NOT NULL,
              value TEXT NOT NULL,
              updated TEXT NOT NULL,
              PRIMARY KEY (park, key)
            ) WITHOUT ROWID;
            """
        ),
        // Party alerts kept for the member told of each, once (FlowSession delivers them).
        (
            "v2",
            """
            CREATE TABLE party_alerts (
              id INTEGER PRIMARY KEY,
              park TEXT NOT NULL,
              party TEXT NOT NULL,
              recipient TEXT NOT NULL,
              kind TEXT NOT NULL,
              time REAL NOT NULL,
              member TEXT NOT NULL,
              other TEXT NOT NULL,
              zone TEXT NOT NULL,
              lat REAL,
              lon REAL,
              distance REAL,
              UNIQUE (park, party, recipient, kind, time, member, other)
            );
            """
        ),
        // What a party's flows changed (zones, members) and its watches, merged over the party
        // file when a run reads the party: one row per zone, member or watcher, the latest wins.
        (
            "v3",
            """
            CREATE TABLE party_zones (
              park TEXT NOT NULL,
              party TEXT NOT NULL,
              zone TEXT NOT NULL,
              spec TEXT,
              updated TEXT NOT NULL,
              by TEXT NOT NULL,
              PRIMARY KEY (park, party, zone)
            );
            CREATE TABLE party_members (
              park TEXT NOT NULL,
              party TEXT NOT NULL,
              member TEXT NOT NULL,
              name TEXT NOT NULL,
              role TEXT NOT NULL,
              removed INTEGER NOT NULL,
              updated TEXT NOT NULL,
              by TEXT NOT NULL,
              PRIMARY KEY (park, party, member)
            );
            CREATE TABLE party_watches (
              park TEXT NOT NULL,
              party TEXT NOT NULL,
              member TEXT NOT NULL,
              started REAL NOT NULL,
              until REAL NOT NULL,
              checked_in REAL,
              PRIMARY KEY (park, party, member)
            );
            """
        ),
    ]

    /// The identifiers this flowrun knows, oldest first.
    static var versions: [String] { migrations.map(\.identifier) }

    /// Applies the migrations `db` lacks, given those `applied` when it was checked: none
    /// wanting, nothing is written (a reader never waits for another process's write lock).
    /// Each runs under the write lock (`BEGIN IMMEDIATE`) after reading again what is
    /// applied, so two processes opening a new profile at once apply each migration once:
    /// the second finds it done.
    static func migrate(_ db: SQLiteDatabase, applied: Set<String>) throws {
        guard !applied.isSuperset(of: versions) else { return }
        try db.execute("CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in migrations where !applied.contains(migration.identifier) {
            try db.transaction("BEGIN IMMEDIATE") {
                let applied = try db.statement("SELECT 1 FROM grdb_migrations WHERE identifier = ?").first([.text(migration.identifier)]) { _ in true }
                if applied == nil {
                    try db.execute(migration.sql)
                    try db.statement("INSERT INTO grdb_migrations (identifier) VALUES (?)").run([.text(migration.identifier)])
                }
            }
        }
    }

    /// The migrations applied to `db`, after refusing a database from a newer flowrun or one
    /// that is some other program's: the one check every reader of a profile makes (runs,
    /// `profile export`), so none of them takes another program's file for an empty store.
    /// - Throws: `StoreError` (`.unusable`) naming the database file, or SQLite's error.
    static func check(_ db: SQLiteDatabase, profile: Profile) throws -> Set<String> {
        // The tables first: reading them fixes the transaction's snapshot, so the migrations
        // read next are those of the same moment.
        let names = try db.statement("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all { $0.text(0) }
        let applied = names.contains("grdb_migrations") ? Set(try db.statement("SELECT identifier FROM grdb_migrations").all { $0.text(0) }) : []
        let unknown = applied.subtracting(versions)
        guard unknown.isEmpty else { throw StoreFailure.newer(profile, unknown: Array(unknown)) }
        if applied.isEmpty {
            let tables = names.filter { !$0.hasPrefix("grdb_") }
            guard tables.isEmpty else { throw StoreFailure.foreign(profile, tables: tables) }
        }
        return applied
    }
}
