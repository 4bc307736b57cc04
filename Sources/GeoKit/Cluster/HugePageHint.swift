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

    /// A capacity of `count` elements grown so that, wherever the allocator puts it, the whole
    /// 2 MiB pages inside cover the first `count` elements (for arrays of 1 MiB and more).
    static func padded<Element>(_ count: Int, of _: Element.Type) -> Int {
        let bytes = count * MemoryLayout<Element>.stride
        guard bytes >= hugePage / 2 else { return count }
        return count + hugePage / MemoryLayout<Element>.stride
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
