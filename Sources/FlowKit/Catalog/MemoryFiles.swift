/// A project's files held in memory (``ProjectRoot/init(files:origin:)``): their bytes by
/// relative path, and every folder those paths imply, so `exists("parks")` and folder
/// listings answer as a folder on disk would. Immutable once made, so shared freely.
final class MemoryFiles: Sendable {
    let files: [String: [UInt8]]
    /// Every folder on the way to a file, relative to the root (`parks`, `parks/GOGA`).
    private let folders: Set<String>

    init(_ files: [String: [UInt8]]) {
        self.files = files
        var folders = Set<String>()
        for path in files.keys {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        self.folders = folders
    }

    func exists(_ path: String) -> Bool { files[path] != nil || folders.contains(path) }

    /// The names of the files (or folders) directly in `folder`.
    func names(in folder: String, folders wantFolders: Bool) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let candidates = wantFolders ? Array(folders) : Array(files.keys)
        return candidates.compactMap { path in
            guard path.hasPrefix(prefix) else { return nil }
            let rest = path.dropFirst(prefix.count)
            return rest.isEmpty || rest.contains("/") ? nil : String(rest)
        }
    }
}
