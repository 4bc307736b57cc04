#if canImport(Glibc)
import Glibc
#endif

/// Growable scratch memory of a trivial element type (integers, floats, Bool), owned by one
/// builder or updater and never shared. Growing discards the contents.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    /// Bytes held.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Room for `count` elements; returns the base pointer.
    @discardableResult
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            base.deallocate()
            capacity = max(count, capacity * 2)
            base = Self.allocate(capacity)
        }
        return base
    }

    /// Releases the memory down to a small buffer.
    func release() {
        base.deallocate()
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Large buffers are aligned to 2 MiB and offered transparent huge pages where the system
    /// has them only on request (Linux `madvise` mode): a page fault costs about a microsecond here,
    /// and a build touches thousands of fresh pages otherwise.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        let bytes = capacity * MemoryLayout<Element>.stride
        #if canImport(Glibc)
        let hugePage = 2 << 20
        if bytes >= hugePage {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: hugePage)
            _ = madvise(raw, (bytes / hugePage) * hugePage, MADV_HUGEPAGE)
            return raw.bindMemory(to: Element.self, capacity: capacity)
        }
        #endif
        return .allocate(capacity: capacity)
    }
}
