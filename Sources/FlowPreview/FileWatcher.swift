import FlowKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Watches flows/ and parks/ under the project: a file saved, added or removed is a change.
/// On Linux the kernel tells (``InotifyWatch``), so an idle server uses no CPU; where there is
/// no such notice (or the kernel refuses one), it polls every file's status (portable, and
/// cheap for a project's few hundred files).
struct FileWatcher: Sendable {
    let root: ProjectRoot
    /// Polling only: how long to wait between looks. A save shows in the page within about
    /// this much plus the run (docs/benchmarks.md, Live preview).
    var interval: Duration = .milliseconds(50)

    /// How changes are found.
    enum Mechanism: Sendable { case notification, polling }

    /// A watch started: one element per change (changes that come while one is being handled
    /// fold into one); the watch ends when the stream is done with.
    struct Changes: Sendable {
        let mechanism: Mechanism
        let stream: AsyncStream<Void>
    }

    /// Starts watching now (call it before the server listens, so a save right after it
    /// starts is seen).
    func start() -> Changes {
        #if canImport(Glibc)
        if let watch = InotifyWatch(root: root) { return Changes(mechanism: .notification, stream: watch.changes()) }
        #endif
        return Changes(mechanism: .polling, stream: polling(from: snapshot()))
    }

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

    /// Looks every ``interval`` until the stream is done with, comparing each look with the
    /// one before (the first with `initial`).
    private func polling(from initial: Snapshot) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let looks = Task {
            var last = initial
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { break }
                let now = snapshot()
                if now != last {
                    last = now
                    continuation.yield()
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in looks.cancel() }
        return stream
    }
}
