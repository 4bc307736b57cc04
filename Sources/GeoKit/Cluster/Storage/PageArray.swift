/// A growable array of a trivial element type (integers, floats) whose storage, from 1 MiB up,
/// starts on a 2 MiB boundary and is offered transparent huge pages (a ``HugePageBlocks`` pool
/// given by its owner; it grows from the same pool): for the index's large per-slot arrays,
/// which a first build writes into fresh memory.
///
/// Why not `ContiguousArray`: its storage starts wherever `malloc` puts it, so at best the
/// whole 2 MiB pages *inside* it can be advised (``HugePageHint``), and everything before the
/// first 2 MiB boundary, up to 2 MiB, is faulted in page by page: on a first park_100k build
/// several hundred faults of 4 KiB per array (2-4 µs each on the VMs here, against 175-300 µs
/// for a whole 2 MiB page). Here that head does not exist. Smaller arrays are plain `malloc`
/// allocations, as `ContiguousArray`'s.
///
/// A value type with copy on write, as `ContiguousArray`: copies share storage until one of
/// them is written. Subscripts check their bounds. Growing doubles the capacity.
struct PageArray<Element: BitwiseCopyable> {
    /// The memory, freed with the last array that shares it.
    final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int
        /// The pool large storage comes from and goes back to: its owner's (a build scratch's,
        /// or the index's own), kept alive by every storage taken from it.
        let pool: HugePageBlocks?
        /// The block from ``pool`` that holds `base`, if it came from there.
        private let block: UnsafeMutableRawBufferPointer?

        /// Memory for at least `minimumCapacity` elements: from 1 MiB up whole huge pages from
        /// `pool` (the rest of the last one costs nothing until touched, so it becomes
        /// capacity), else (no pool, or no block to be had) `malloc`'s.
        init(minimumCapacity: Int, pool: HugePageBlocks?) {
            self.pool = pool
            precondition(minimumCapacity >= 0, "negative capacity \(minimumCapacity)")
            let stride = MemoryLayout<Element>.stride
            let hugePage = HugePageHint.hugePage
            let bytes = minimumCapacity * stride
            if bytes >= hugePage / 2, let pool, let block = pool.allocate((bytes + hugePage - 1) / hugePage * hugePage),
                let start = block.baseAddress
            {
                self.block = block
                capacity = block.count / stride
                base = start.bindMemory(to: Element.self, capacity: capacity)
            } else {
                block = nil
                capacity = minimumCapacity
                base = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Swift.max(MemoryLayout<Element>.alignment, 16))
                    .bindMemory(to: Element.self, capacity: capacity)
            }
        }

        deinit {
            if let block, let pool { pool.deallocate(block) } else { base.deallocate() }
        }
    }

    private var storage: Storage
    private(set) var count = 0

    /// An empty array whose large storage will come from `pool` (default none: `malloc`'s).
    init(pool: HugePageBlocks? = nil) { storage = Storage(minimumCapacity: 0, pool: pool) }

    /// `count` copies of `value`, large storage from `pool` (default none).
    init(repeating value: Element, count: Int, pool: HugePageBlocks? = nil) {
        self.init(unsafeUninitializedCapacity: count, pool: pool) { buffer, initialized in
            if let base = buffer.baseAddress { base.initialize(repeating: value, count: count) }
            initialized = count
        }
    }

    /// An array with room for at least `capacity` elements, whose first `initializedCount`
    /// elements `initializer` writes (and sets), as `ContiguousArray`'s initializer of that name.
    init<E: Error>(
        unsafeUninitializedCapacity capacity: Int, pool: HugePageBlocks? = nil,
        initializingWith initializer: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws(E) -> Void
    ) throws(E) {
        storage = Storage(minimumCapacity: capacity, pool: pool)
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: capacity)
        var initialized = 0
        defer {
            precondition(initialized >= 0 && initialized <= capacity, "initialized \(initialized) of a capacity of \(capacity)")
            count = initialized
        }
        try initializer(&buffer, &initialized)
    }

    /// The pool the array's large storage comes from, if any.
    var pool: HugePageBlocks? { storage.pool }

    /// Elements the storage holds without growing.
    var capacity: Int { storage.capacity }

    /// Room for `minimumCapacity` elements, and storage of this array's own.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity || !isKnownUniquelyReferenced(&storage) {
            replaceStorage(minimumCapacity: Swift.max(minimumCapacity, capacity))
        }
    }

    mutating func append(_ element: Element) {
        makeUniqueAndRoom(count &+ 1)
        storage.base[count] = element
        count &+= 1
    }

    mutating func append<S: Sequence<Element>>(contentsOf elements: S) {
        let expected = elements.underestimatedCount
        makeUniqueAndRoom(count + expected)
        // The promised elements straight into the memory (for `repeatElement`, a fill), any more one by one.
        var iterator = elements.makeIterator()
        let base = storage.base
        for _ in 0..<expected {
            guard let element = iterator.next() else { break }
            base[count] = element
            count &+= 1
        }
        while let element = iterator.next() { append(element) }
    }

    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// The elements as a buffer to write in place; the body must not replace the buffer.
    mutating func withUnsafeMutableBufferPointer<R, E: Error>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        makeUniqueAndRoom(count)
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: count)
        let (base, n) = (buffer.baseAddress, buffer.count)
        defer { precondition(buffer.baseAddress == base && buffer.count == n, "withUnsafeMutableBufferPointer: the buffer was replaced") }
        return try body(&buffer)
    }

    /// Storage of this array's own with room for `needed` elements (doubling when it grows).
    @inline(__always)
    private mutating func makeUniqueAndRoom(_ needed: Int) {
        if needed > capacity {
            replaceStorage(minimumCapacity: Swift.max(needed, 2 * capacity, 16))
        } else if !isKnownUniquelyReferenced(&storage) {
            replaceStorage(minimumCapacity: capacity)
        }
    }

    /// New storage of at least `minimumCapacity` with a copy of the elements.
    private mutating func replaceStorage(minimumCapacity: Int) {
        let fresh = Storage(minimumCapacity: minimumCapacity, pool: storage.pool)
        fresh.base.initialize(from: storage.base, count: count)
        storage = fresh
    }
}

extension PageArray: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "index \(i) out of range 0..<\(count)")
            return storage.base[i]
        }
        set {
            precondition(i >= 0 && i < count, "index \(i) out of range 0..<\(count)")
            makeUniqueAndRoom(count)
            storage.base[i] = newValue
        }
    }
}

extension PageArray: Equatable where Element: Equatable {
    static func == (a: PageArray, b: PageArray) -> Bool { a.elementsEqual(b) }
}
