#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Formats
import Foundation

/// One folder of a cache, open, reached from the cache's own folder without following a
/// symbolic link (`SealedPath`): every file the updater writes, renames or removes is named
/// relative to this descriptor (`openat`, `renameat`, `unlinkat`), never by a path a planted
/// link could redirect. So nothing is ever written outside the cache: a link planted for
/// `objects/`, `versions/N` or any file is refused or, for a file, replaced by a rename,
/// never followed.
final class CacheFolder {
    /// The folder as messages name it: `app/versions/3`.
    let path: String
    let descriptor: Int32

    /// The folder `parts` names below the cache's folder `root` (made where missing when
    /// `create`; `root` itself too).
    /// - Throws: ``BundleError``: ``BundleError/Reason/notRegularFile`` for a part that is a
    ///   link, ``BundleError/Reason/unreadable`` for one missing, ``BundleError/Reason/writeFailed``.
    init(root: String, _ parts: [String] = [], create: Bool) throws(BundleError) {
        path = ([root] + parts).joined(separator: "/")
        // The folders above the cache's own are the person's to name: made as a path is.
        if create { try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
        switch SealedPath.openFolder(root, parts.map { Substring($0) }, create: create) {
        case .success(let opened):
            descriptor = opened
        case .failure(let refusal):
            throw Self.error(refusal, path: path, creating: create)
        }
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The folder `name` inside this one, made if missing and `create`.
    func folder(_ name: String, create: Bool) throws(BundleError) -> CacheFolder {
        let child = "\(path)/\(name)"
        switch SealedPath.openFolder(name, in: descriptor, create: create) {
        case .success(let opened): return CacheFolder(path: child, descriptor: opened)
        case .failure(let refusal): throw Self.error(refusal, path: child, creating: create)
        }
    }

    /// `path/name`, for messages.
    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// The names in the folder, `.` and `..` left out.
    func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `name` is, not following a link; nil when there is nothing of that name.
    func status(_ name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// Removes the file or link `name` (a link itself, never what it leads to).
    func remove(_ name: String) { unlinkat(descriptor, name, 0) }

    /// Removes `name` and, if it is a folder, what it holds, never following a link in it.
    func removeTree(_ name: String) {
        guard let status = status(name) else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR, let child = try? folder(name, create: false) {
            for inner in child.names() { child.removeTree(inner) }
            unlinkat(descriptor, name, AT_REMOVEDIR)
        } else {
            unlinkat(descriptor, name, 0)
        }
    }

    /// Flushes the folder, so the names renamed or made in it are on disk.
    func sync() { _ = fsync(descriptor) }

    private static func error(_ refusal: FileReader.Refusal, path: String, creating: Bool) -> BundleError {
        switch refusal {
        case .link, .outside:
            return BundleError(
                .notRegularFile, file: path, "is a symbolic link; a cache holds real folders only, and its updater never follows a link out of it")
        case .system(ENOTDIR):
            return BundleError(.notRegularFile, file: path, "is not a folder; a cache holds real folders only")
        case .system(ENOENT) where !creating:
            return BundleError(.unreadable, file: path, "folder not found")
        case .system(let code):
            return BundleError(.writeFailed, file: path, "cannot open the folder: \(BoundedFile.systemMessage(code))")
        case .notRegular, .tooLarge:
            return BundleError(.notRegularFile, file: path, "is not a folder; a cache holds real folders only")
        }
    }
}
