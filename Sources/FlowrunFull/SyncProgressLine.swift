import Formats
import FlowKit
import FlowSync
import Foundation
import ScreenModel

/// `flowrun sync`'s progress on a terminal: one line on standard error, rewritten in place
/// at most ten times a second, cleared at the end. Nothing when standard error is not a
/// terminal (a log, a pipe). Unchecked Sendable: every access holds the lock.
final class SyncProgressLine: @unchecked Sendable {
    let isShown = isatty(2) == 1
    private let label: String
    private let lock = NSLock()
    private var last = ContinuousClock.now - .seconds(1)
    private var wrote = false

    init(label: String) { self.label = label }

    func show(_ progress: BundleSync.Progress) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard progress.files == progress.filesTotal || now - last >= .milliseconds(100) else { return }
        last = now
        wrote = true
        let text =
            "\(label): \(Excerpt.count(progress.files)) of \(Excerpt.count(progress.filesTotal)) files, "
            + "\(Excerpt.count(max(0, progress.bytes))) of \(Excerpt.count(progress.bytesTotal)) bytes"
        FileHandle.standardError.write(Data("\r\(text)\u{1B}[K".utf8))
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if wrote { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
