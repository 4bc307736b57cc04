import FlowKit
import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A visitor's profile: the folder whose `store.sqlite` holds what they keep (favorites,
/// visits, pins, settings) and whose `photos/` holds their pins' photos. `flowrun --profile
/// DIR` chooses it; by default it is the user's data folder.
public struct Profile: Sendable, Equatable {
    /// The profile's folder, as given (relative paths stay relative).
    public let path: String

    /// The database file's name inside the folder.
    public static let databaseName = "store.sqlite"
    /// The folder for photos inside the profile, which `store.add_photo` names are relative to.
    public static let photosName = "photos"

    /// A profile in `path`; nothing is read or made until a store opens it.
    /// - Parameter path: the profile's folder.
    public init(path: String) {
        self.path = path
    }

    /// The default profile: `$XDG_DATA_HOME/flowrun/profile`, else
    /// `~/.local/share/flowrun/profile` (XDG's default), as `flowrun profile` prints it.
    /// - Parameter variable: reads an environment variable (default: this process's).
    public static func standard(variable: ((String) -> String?)? = nil) -> Profile {
        let variable = variable ?? Environment.value
        if let data = variable("XDG_DATA_HOME"), data.hasPrefix("/") {
            return Profile(path: data + "/flowrun/profile")
        }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? Self.passwordHome() ?? "/"
        return Profile(path: home + "/.local/share/flowrun/profile")
    }

    /// The home folder the password database gives the user, for a process without `HOME`.
    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir else { return nil }
        return String(cString: home)
    }

    /// The database file: `<path>/store.sqlite`.
    public var databasePath: String { path + "/" + Self.databaseName }
    /// The photos folder: `<path>/photos`.
    public var photosPath: String { path + "/" + Self.photosName }
    /// The database and the files SQLite keeps beside it in WAL mode.
    public var databaseFiles: [String] { ["", "-wal", "-shm"].map { databasePath + $0 } }

    /// Refuses a database file that is there but not a regular file: SQLite opens its files
    /// itself and would wait for ever on a FIFO (rule 3b of docs/architecture.md).
    /// - Throws: `StoreError` of kind `unusable` naming the file and what it is.
    func checkDatabaseFiles() throws(StoreError) {
        for file in databaseFiles {
            if let refusal = FileReader.irregularity(atPath: file) {
                throw StoreError(.unusable, "\(file): \(refusal.message); a profile's store is a regular file")
            }
        }
    }
}
