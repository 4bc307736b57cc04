#if canImport(Glibc)
import Dispatch
import FlowKit
import Glibc

/// Linux's inotify over the folders under flows/ and parks/ (and the project folder, for
/// those two coming or going): the kernel says when a file is saved, added, removed or
/// renamed, so an idle server does no work at all between saves. A dispatch source (epoll)
/// wakes on the descriptor; folders added later get a watch when they appear.
final class InotifyWatch: @unchecked Sendable {
    // @unchecked: `folders` is filled in `init`, before the source starts, and from then on
    // read and written only on `queue`; `source` is set once, before the stream is handed out.
    private let descriptor: Int32
    private let root: String
    /// The project folder's watch, whose events are only about flows/ and parks/ themselves.
    private let rootWatch: Int32
    /// Each watched folder's path by its watch descriptor.
    private var folders: [Int32: String] = [:]
    private let queue = DispatchQueue(label: "flowrun.preview.inotify")
    /// Wakes on `queue` when the descriptor has events (epoll underneath: no timer).
    private var source: (any DispatchSourceRead)?

    /// What counts as a change: a file's save ends with its close; `IN_MODIFY` would also
    /// fire at each write of a save still under way.
    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
    private static let folderEvents = fileEvents | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// In the project folder only flows/ and parks/ appearing or going matter.
    private static let rootEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ONLYDIR)
    static let watched = ["flows", "parks"]

    /// Watches `root`'s flows/ and parks/ from now on; nil when the kernel refuses (no
    /// inotify, or its limit of watches reached), for the caller to poll instead.
    init?(root: ProjectRoot) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.root = root.url.path
        rootWatch = inotify_add_watch(descriptor, self.root, Self.rootEvents)
        guard rootWatch >= 0 else {
            close(descriptor)
            return nil
        }
        for name in Self.watched {
            guard addTree(self.root + "/" + name) else {
                close(descriptor)
                return nil
            }
        }
    }

    /// One element per batch of changes the kernel reports (a burst while a change is being
    /// handled folds into one); the watch ends, and its descriptor closes, when the stream does.
    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [self] in
            if readEvents() { continuation.yield() }
        }
        source.setCancelHandler { [descriptor] in close(descriptor) }
        self.source = source
        continuation.onTermination = { [self] _ in self.source?.cancel() }
        source.resume()
        return stream
    }

    /// Reads what is waiting; true when any of it is a change.
    private func readEvents() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event: wd, mask, cookie, len, then len bytes of name.
                while offset + 16 <= count {
                    let wd = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    offset += 16 + length
                    if handle(wd: wd, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)) { changed = true }
                }
            }
        }
    }

    /// Keeps the table of folders up to date with one event; true when it is a change.
    private func handle(wd: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }  // events were lost: say something changed
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            return false
        }
        if wd == rootWatch {
            guard Self.watched.contains(name) else { return false }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { _ = addTree(root + "/" + name) }
            return true
        }
        guard let folder = folders[wd] else { return true }
        let isFolder = mask & UInt32(IN_ISDIR) != 0
        if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.isEmpty { _ = addTree(folder + "/" + name) }
        return true
    }

    /// Watches `path` and every folder under it; false when the kernel refuses a watch.
    /// A folder that is not there (or not a folder) is nothing to watch.
    private func addTree(_ path: String) -> Bool {
        let wd = inotify_add_watch(descriptor, path, Self.folderEvents)
        guard wd >= 0 else { return errno == ENOENT || errno == ENOTDIR }
        folders[wd] = path
        guard let directory = opendir(path) else { return true }
        defer { closedir(directory) }
        var ok = true
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", Self.isFolder(entry.pointee.d_type, path + "/" + name) else { continue }
            ok = addTree(path + "/" + name) && ok
        }
        return ok
    }

    /// Whether a folder entry is a folder; some file systems leave its type unknown.
    private static func isFolder(_ type: UInt8, _ path: String) -> Bool {
        guard type == UInt8(DT_UNKNOWN) else { return type == UInt8(DT_DIR) }
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
#endif
