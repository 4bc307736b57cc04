import Formats

/// Listings and kinds of a project's entries, answered alike for a folder on disk and for
/// files held in memory (a bundle), so checks that look at folders (a park's `assets/`)
/// work on both.
extension ProjectRoot {
    /// What is at `relativePath`, or nil when nothing is.
    /// - Parameter relativePath: a path relative to the root.
    /// A symbolic link is reported as one, never followed.
    func kind(of relativePath: String) -> FolderEntries.Kind? {
        if let memory {
            if memory.files[relativePath] != nil { return .file }
            return memory.exists(relativePath) ? .folder : nil
        }
        // Not following a link (lstat), so a link shows as one.
        return FolderEntries.kind(filePath(relativePath), followingLinks: false)
    }

    /// The names of the files and folders directly in `relativePath` (hidden ones too), as
    /// the folder spells them; none when it is missing.
    /// - Parameter relativePath: a folder relative to the root.
    package func names(in relativePath: String) -> [String] {
        if let memory {
            return (memory.names(in: relativePath, folders: false) + memory.names(in: relativePath, folders: true)).sorted()
        }
        return (FolderEntries.names(filePath(relativePath)) ?? []).sorted()
    }

    /// Every regular file under `relativePath`, at any depth, as paths inside it, sorted.
    /// - Parameter relativePath: a folder relative to the root; none when it is missing.
    package func files(under relativePath: String) -> [String] {
        let prefix = relativePath + "/"
        if let memory {
            return memory.files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
        }
        return FolderEntries.files(under: filePath(relativePath))
    }
}
