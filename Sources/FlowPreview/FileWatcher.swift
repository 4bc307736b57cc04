import FlowKit
import Foundation

/// Watches flows/ and parks/ under the project by polling every file's modification time
/// and size (portable, and cheap for a project's few hundred files): a file saved, added
/// or removed is a change.
struct FileWatcher: Sendable {
    let root: ProjectRoot
    /// How long to wait between looks.
    var interval: Duration = .milliseconds(100)

    /// What a look sees: each file's path with its modification time and size.
    typealias Snapshot = [String: [Double]]

    /// Every file under flows/ and parks/ as it is now.
    func snapshot() -> Snapshot {
        var files: Snapshot = [:]
        let manager = FileManager.default
        for folder in ["flows", "parks"] {
            let base = root.url(folder)
            guard let walker = manager.enumerator(at: base, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey]) else { continue }
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]),
                      values.isRegularFile == true else { continue }
                files[url.path] = [values.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values.fileSize ?? 0)]
            }
        }
        return files
    }

    /// Looks until cancelled, calling `onChange` after each look that differs from the one
    /// before; the first look is compared with `initial` (taken before the server listens,
    /// so a save right after it starts is seen).
    /// `onIdle` is called every `idleEvery` looks.
    func run(from initial: Snapshot, idleEvery: Int = 150, onIdle: @Sendable () async -> Void = {},
             onChange: @Sendable () async -> Void) async {
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
