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

    /// Advises the storage of `array` (its reserved capacity, not just its count).
    static func advise<Element>(_ array: inout ContiguousArray<Element>) {
        #if canImport(Glibc)
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= 2 * hugePage else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(hugePage - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        }
        #endif
    }
}
