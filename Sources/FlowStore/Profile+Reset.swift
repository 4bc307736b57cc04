public import FlowKit
import Foundation

extension Profile {
    /// Whether the profile has a database file.
    public var hasDatabase: Bool { FileManager.default.fileExists(atPath: databasePath) }

    /// Removes the database and the files SQLite keeps beside it (`flowrun profile reset`);
    /// the folder and its `photos/` stay. Nothing to remove is no error.
    /// - Returns: the files removed.
    /// - Throws: ``StoreError`` (unusable) naming a file that could not be removed.
    @discardableResult
    public func reset() throws(StoreError) -> [String] {
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
