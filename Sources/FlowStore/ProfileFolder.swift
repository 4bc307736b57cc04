import FlowKit
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The profile's folder made ready for SQLite: created when missing, and checked to be a
/// writable folder, so the message names the folder instead of SQLite's "unable to open".
enum ProfileFolder {
    /// Refuses a profile that is there but is no folder (reading one that is not there is fine).
    static func checkKind(_ profile: Profile) throws(StoreError) {
        if let kind = FolderEntries.kind(profile.path), kind != .folder {
            throw StoreError(.unusable, "profile \(profile.path) is a file, not a folder; choose a folder with --profile")
        }
    }

    static func prepare(_ profile: Profile) throws(StoreError) {
        let manager = FileManager.default
        try checkKind(profile)
        if !manager.fileExists(atPath: profile.path) {
            do {
                try manager.createDirectory(atPath: profile.path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(.unusable, "cannot make the profile folder \(profile.path): \(SystemErrorText.reason(error)); choose another with --profile")
            }
        }
        guard manager.isWritableFile(atPath: profile.path) else {
            throw StoreError(.unusable, "the profile folder \(profile.path) is not writable; choose another with --profile")
        }
        for file in profile.databaseFiles where manager.fileExists(atPath: file) && !manager.isWritableFile(atPath: file) {
            throw StoreError(.unusable, "\(file) is not writable; it was left as it is (check its permissions, or choose another profile with --profile)")
        }
    }
}
