#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux for transparent huge pages under a large array's storage (where the system
/// offers them on request, `madvise` mode). A fresh index writes several megabytes of newly
/// mapped memory; in 4 KiB pages that is thousands of page faults at about a microsecond
/// each (a third of a 100k-point build, measured), in 2 MiB pages a handful. Only whole
/// 2 MiB pages inside the storage are advised; elsewhere this does nothing.
enum HugePageHint {
    static let hugePage = 2 << 20

    /// The most of a block's last 2 MiB page left to 4 KiB pages rather than rounded up to a
    /// whole huge page: 512 KiB, 128 faults of 4 KiB, about what one 2 MiB fault costs here
    /// (both zero what they map; a 4 KiB fault adds about a microsecond of its own).
    static let smallTail = 512 << 10

    /// The bytes to allocate, 2 MiB aligned, for a block whose first `bytes` are used: whole
    /// huge pages, unless the used part of the last one is at most ``smallTail`` (then exactly
    /// `bytes`, and ``advise(_:)`` leaves that rest to 4 KiB pages).
    static func blockBytes(_ bytes: Int) -> Int {
        let tail = bytes % hugePage
        return tail == 0 || tail <= smallTail ? bytes : bytes - tail + hugePage
    }

    /// Advises the whole 2 MiB pages inside `buffer` (for buffers of 2 MiB and more).
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if canImport(Glibc)
        guard let base = buffer.baseAddress, buffer.count >= hugePage else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(hugePage - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        #endif
    }
}
