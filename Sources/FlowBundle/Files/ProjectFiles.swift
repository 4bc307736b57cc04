#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit
import Foundation

/// The files of a project folder a park's bundle holds: every file under `flows/`,
/// `parks/defaults.lua`, and every file under `parks/<CODE>/` but its `tests/` (scenarios
/// run where content is written, not in an app). Names starting with `.` are left out
/// (`.DS_Store`, editor files); a symbolic link is refused, never followed.
enum ProjectFiles {
    /// Paths relative to the root, sorted.
    static func list(park: String, in root: ProjectRoot) throws(BundleError) -> [String] {
        var paths: [String] = []
        try walk("flows", root: root, into: &paths, skipping: [])
        paths.append("parks/defaults.lua")
        try walk("parks/\(park)", root: root, into: &paths, skipping: ["parks/\(park)/tests"])
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func walk(_ folder: String, root: ProjectRoot, into paths: inout [String], skipping: Set<String>) throws(BundleError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root.url(folder).path)
        } catch {
            throw BundleError(.unreadable, file: folder, "cannot list the folder: \(error.localizedDescription)")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = "\(folder)/\(name)"
            guard !skipping.contains(path) else { continue }
            var status = stat()
            guard lstat(root.url(path).path, &status) == 0 else {
                throw BundleError(.unreadable, file: path, "cannot read: \(BoundedFile.systemMessage(errno))")
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, root: root, into: &paths, skipping: skipping)
            case S_IFREG: paths.append(path)
            case S_IFLNK: throw BundleError(.notRegularFile, file: path, "is a symbolic link; a bundle holds regular files only (copy the file in)")
            default: throw BundleError(.notRegularFile, file: path, "is not a regular file")
            }
        }
    }
}
