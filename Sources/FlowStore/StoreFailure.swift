import CSQLite
import FlowKit

/// SQLite's errors as the store's (`StoreError`), in words that name the file and say
/// what to do. An unusable profile is bad input (exit 2) and its files are left as they are.
enum StoreFailure {
    /// What to tell the user about a database error met while using `profile`.
    static func error(_ error: any Error, profile: Profile, busyTimeout: Double) -> StoreError {
        if let store = error as? StoreError { return store }
        let file = profile.databasePath
        guard let database = error as? SQLiteError else {
            return StoreError(.failed, "\(file): \(error)")
        }
        let sqlite = "SQLite: \(database.message)"
        switch database.primary {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StoreError(
                .busy, "\(file) is busy: another process has held it for more than \(seconds(busyTimeout)) s; try again when it is done (\(sqlite))")
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return corrupt(profile, sqlite)
        case SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return StoreError(
                .unusable,
                "\(file): cannot open the visitor's store for writing (\(sqlite)); check that the profile folder \(profile.path) and its files are writable, or choose another with --profile"
            )
        case SQLITE_FULL:
            return StoreError(.failed, "\(file): the disk is full (\(sqlite)); nothing was written")
        default:
            return StoreError(.failed, "\(file): \(sqlite)")
        }
    }

    /// `5`, `0.25`: seconds as a message shows them.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// A database file that is not one, or is damaged.
    static func corrupt(_ profile: Profile, _ detail: String) -> StoreError {
        StoreError(
            .unusable,
            "\(profile.databasePath) is not a readable flowrun store, or is damaged (\(detail)); it was left as it is: "
                + "move it away to keep it, or remove it with 'flowrun profile reset'")
    }

    /// An SQLite database with tables but no flowrun schema: some other program's.
    static func foreign(_ profile: Profile, tables: [String]) -> StoreError {
        StoreError(
            .unusable,
            "\(profile.databasePath) is an SQLite database of another program (tables \(tables.prefix(5).joined(separator: ", ")), no flowrun schema); "
                + "it was left as it is: move it away, or choose another --profile")
    }

    /// A database written by a newer flowrun.
    static func newer(_ profile: Profile, unknown: [String]) -> StoreError {
        StoreError(
            .unusable,
            "\(profile.databasePath) was written by a newer flowrun (its schema has \(unknown.sorted().joined(separator: ", ")), "
                + "this flowrun knows \(StoreSchema.versions.joined(separator: ", "))); it was left as it is: use that flowrun, or another --profile")
    }
}
