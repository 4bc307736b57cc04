#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries, read with the C library (`opendir`/`readdir`, `stat`): what a project,
/// a profile or a zone database holds, without Foundation's file enumerator (whose URL
/// machinery links the internationalization libraries into every run).
public enum FolderEntries {
    /// What a path names (a symbolic link only when it is not followed).
    public enum Kind: Sendable, Equatable {
        case file, folder, symbolicLink, other
    }

    /// What `path` is, following a symbolic link (`stat`) unless `followingLinks` is false
    /// (`lstat`); nil when nothing is there or it cannot be looked at.
    public static func kind(_ path: String, followingLinks: Bool = true) -> Kind? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The names in the folder at `path` (without `.` and `..`), unsorted; nil when it is not
    /// a folder that can be read.
    public static func names(_ path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The folders in the folder at `path` (a link to a folder counts), sorted, without hidden
    /// ones (a leading `.`); empty when it cannot be read.
    public static func folders(in path: String) -> [String] {
        (names(path) ?? []).filter { !$0.hasPrefix(".") && kind(path + "/" + $0) == .folder }.sorted()
    }

    /// Every regular file under the folder at `path`, at any depth, as paths inside it
    /// (`a/b.lua`), sorted; empty when it cannot be read. Symbolic links are never followed
    /// into folders, so the walk never leaves the folder or goes round forever; with
    /// `linkedFiles`, a link to a file counts as one (the zone data's `UTC` is a link).
    public static func files(under path: String, linkedFiles: Bool = false) -> [String] {
        var found: [String] = []
        func walk(_ folder: String, _ prefix: String) {
            for name in names(folder) ?? [] {
                let full = folder + "/" + name
                switch kind(full, followingLinks: false) {
                case .file: found.append(prefix + name)
                case .folder: walk(full, prefix + name + "/")
                case .symbolicLink: if linkedFiles, kind(full) == .file { found.append(prefix + name) }
                case .other, nil: break
                }
            }
        }
        walk(path, "")
        return found.sorted()
    }
}
