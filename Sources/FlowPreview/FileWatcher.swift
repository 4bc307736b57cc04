import FlowKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches flows/ and parks/ under the project by polling every file's status (portable,
/// and cheap for a project's few hundred files): a file saved, added or removed is a change.
struct FileWatcher: Sendable {
    let root: ProjectRoot
    /// How long to wait between looks: a save shows in the page within about this much
    /// plus the run (docs/benchmarks.md, Live preview).
    var interval: Duration = .milliseconds(50)

    /// What a look sees: each file's path with its status (``Status``).
    typealias Snapshot = [String: Status]

    /// What tells one version of a file from the next. The change time and inode are there
    /// because a save of the same size within one tick of the modification time, or an
    /// editor's save by renaming a new file over the old, leaves the other two alone.
    struct Status: Equatable, Sendable {
        var modified: timespec
        var changed: timespec
        var inode: UInt64
        var size: Int64

        static func == (a: Status, b: Status) -> Bool {
            a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }

        /// The regular file at `path`, or nil (gone, a folder, unreadable).
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            #if canImport(Darwin)
            (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
            (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
        }
    }

    /// Every file under flows/ and parks/ as it is now.
    func snapshot() -> Snapshot {
        var files: Snapshot = [:]
        for folder in ["flows", "parks"] {
            guard let walker = FileManager.default.enumerator(atPath: root.url(folder).path) else { continue }
            let base = root.url(folder).path + "/"
            for case let relative as String in walker {
                let path = base + relative
                if let status = Status(path: path) { files[path] = status }
            }
        }
        return files
    }

    /// Looks until cancelled, calling `onChange` after each look that differs from the one
    /// before; the first look is compared with `initial` (taken before the server listens,
    /// so a save right after it starts is seen).
    /// `onIdle` is called every `idleEvery` looks.
    func run(
        from initial: Snapshot, idleEvery: Int = 150, onIdle: @Sendable () async -> Void = {},
        onChange: @Sendable () async -> Void
    ) async {
        var last = initial
        var looks = 0
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            looks += 1
            if looks % idleEvery == 0 { await onIdle() }
            let now = snapshot()
            if now != last {
                last = now
                await onChange()
            }
        }
    }
}
