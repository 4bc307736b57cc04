import Foundation

/// Listings and kinds of a project's entries, answered alike for a folder on disk and for
/// files held in memory (a bundle), so checks that look at folders (a park's `assets/`)
/// work on both.
extension ProjectRoot {
    /// What an entry of the project is. A symbolic link is reported as one, never followed.
    enum EntryKind: Sendable {
        case file, folder, symbolicLink, other
    }

    /// What is at `relativePath`, or nil when nothing is.
    /// - Parameter relativePath: a path relative to the root.
    func kind(of relativePath: String) -> EntryKind? {
        if let memory {
            if memory.files[relativePath] != nil { return .file }
            return memory.exists(relativePath) ? .folder : nil
        }
        // attributesOfItem does not follow a link (lstat), so a link shows as one.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: filePath(relativePath)) else { return nil }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: return .file
        case .typeDirectory?: return .folder
        case .typeSymbolicLink?: return .symbolicLink
        default: return .other
        }
    }

    /// The names of the files and folders directly in `relativePath` (hidden ones too), as
    /// the folder spells them; none when it is missing.
    /// - Parameter relativePath: a folder relative to the root.
    func names(in relativePath: String) -> [String] {
        if let memory {
            return (memory.names(in: relativePath, folders: false) + memory.names(in: relativePath, folders: true)).sorted()
        }
        return ((try? FileManager.default.contentsOfDirectory(atPath: filePath(relativePath))) ?? []).sorted()
    }

    /// Every regular file under `relativePath`, at any depth, as paths inside it, sorted.
    /// - Parameter relativePath: a folder relative to the root; none when it is missing.
    func files(under relativePath: String) -> [String] {
        let prefix = relativePath + "/"
        if let memory {
            return memory.files.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted()
        }
        let folder = url(relativePath)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let base = folder.standardizedFileURL.path + "/"
        var found: [String] = []
        for case let entry as URL in walker where (try? entry.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = entry.standardizedFileURL.path
            if path.hasPrefix(base) { found.append(String(path.dropFirst(base.count))) }
        }
        return found.sorted()
    }
}
