import Foundation

/// The downloads' progress, added to by several download tasks at once and handed to the
/// caller's callback after each change. Unchecked Sendable: every access holds the lock.
final class ProgressTally: @unchecked Sendable {
    private let lock = NSLock()
    private var progress = BundleSync.Progress()
    private let report: (@Sendable (BundleSync.Progress) -> Void)?

    init(_ report: (@Sendable (BundleSync.Progress) -> Void)?) { self.report = report }

    /// A new batch of downloads (the repair of a damaged object is a batch of its own).
    func start(files: Int, bytes: Int) { change { $0 = BundleSync.Progress(files: 0, filesTotal: files, bytes: 0, bytesTotal: bytes) } }

    /// Bytes that arrived, or minus those of a try that was cut off.
    func add(bytes: Int) { change { $0.bytes += bytes } }

    /// One object done.
    func finished() { change { $0.files += 1 } }

    private func change(_ body: (inout BundleSync.Progress) -> Void) {
        lock.lock()
        body(&progress)
        let now = progress
        lock.unlock()
        report?(now)
    }
}
