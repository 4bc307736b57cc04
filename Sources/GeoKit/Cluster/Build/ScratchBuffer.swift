/// Growable scratch memory of a trivial element type (integers, floats, Bool), owned by one
/// builder and never shared. The memory is allocated as, and bound to, `Element`; a user that
/// lends it to another type rebinds it for the loan with `withMemoryRebound`. Growing
/// discards the contents.
final class ScratchBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The allocation's alignment: `Element`'s, or more for memory also lent to a stricter type.
    let alignment: Int

    /// Bytes held.
    var bytes: Int { capacity * MemoryLayout<Element>.stride }

    init(capacity: Int = 16, alignment: Int = MemoryLayout<Element>.alignment) {
        precondition(
            alignment >= MemoryLayout<Element>.alignment && alignment & (alignment - 1) == 0,
            "alignment \(alignment) is not a power of two at least \(MemoryLayout<Element>.alignment)")
        self.capacity = max(capacity, 1)
        self.alignment = alignment
        base = Self.allocate(self.capacity, alignment: alignment)
    }

    /// False while `base` lies in memory lent by its owner (``adopt(_:capacity:)``), which frees it.
    private(set) var ownsMemory = true

    /// Room for `count` elements; returns the base pointer.
    @discardableResult
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            release()
            capacity = max(count, capacity * 2)
            base = Self.allocate(capacity, alignment: alignment)
            ownsMemory = true
        }
        return base
    }

    /// Uses `capacity` elements at `memory` from now on, instead of memory of its own: memory
    /// the owner lends (aligned for `Element` and for ``alignment``) and frees after the last
    /// use, however this buffer grows later.
    func adopt(_ memory: UnsafeMutableRawPointer, capacity: Int) {
        precondition(Int(bitPattern: memory) & (alignment - 1) == 0, "lent memory is not aligned to \(alignment)")
        release()
        base = memory.bindMemory(to: Element.self, capacity: capacity)
        self.capacity = capacity
        ownsMemory = false
    }

    private func release() {
        if ownsMemory { base.deallocate() }
    }

    deinit { release() }

    /// Large buffers are aligned to 2 MiB and offered transparent huge pages where the system
    /// has them only on request (Linux `madvise` mode): a page fault costs about a microsecond here,
    /// and a build touches thousands of fresh pages otherwise.
    private static func allocate(_ capacity: Int, alignment: Int) -> UnsafeMutablePointer<Element> {
        let bytes = capacity * MemoryLayout<Element>.stride
        let hugePage = HugePageHint.hugePage
        if bytes >= hugePage / 2 {
            // Whole huge pages: the last one is not left to 4 KiB pages.
            let rounded = (bytes + hugePage - 1) / hugePage * hugePage
            let raw = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: hugePage)
            HugePageHint.advise(UnsafeMutableRawBufferPointer(start: raw, count: rounded))
            return raw.bindMemory(to: Element.self, capacity: capacity)
        }
        return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: alignment)
            .bindMemory(to: Element.self, capacity: capacity)
    }
}
