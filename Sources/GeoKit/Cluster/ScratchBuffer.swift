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
        let hugePage = HugePageHint.hugePage
        if bytes >= hugePage / 2 {
            // Whole huge pages: the last one is not left to 4 KiB pages.
            let rounded = (bytes + hugePage - 1) / hugePage * hugePage
            let raw = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: hugePage)
            HugePageHint.advise(UnsafeMutableRawBufferPointer(start: raw, count: rounded))
            return raw.bindMemory(to: Element.self, capacity: capacity)
        }
        return .allocate(capacity: capacity)
    }
}
