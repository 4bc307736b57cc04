#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Blocks of whole 2 MiB pages, 2 MiB aligned, for ``PageArray``'s large storage: anonymous
/// mappings offered transparent huge pages, and the last ones freed kept for the next request.
///
/// Why mappings of its own: `malloc` places a large block anywhere, so up to 2 MiB of it lie
/// before the first huge-page boundary and fault in page by page on first use (several hundred
/// faults of 4 KiB per array on a first park_100k build, 2-4 µs each on the VMs here; a 2 MiB
/// fault costs 175-300 µs). Aligning inside a larger `malloc` block wastes up to 2 MiB each,
/// which pushed glibc into trimming its heap after every build; `posix_memalign` maps a fresh
/// block every time.
///
/// Why keep freed blocks: a rebuild makes a new index just as the old one goes. The heap hands
/// such memory back already faulted in; a fresh mapping must be faulted in (and zeroed by the
/// kernel) again, which made rebuilds 7-9% slower. So up to ``keptLimit`` bytes of freed blocks
/// are kept, as the heap keeps freed memory, and reused for requests they fit.
///
/// Who owns a pool: whoever builds. A ``ClusterIndex/BuildScratch`` holds one for the builds
/// given it (a runtime that rebuilds, a benchmark); a build without a scratch makes its own,
/// which its index's arrays keep alive and which is freed, kept blocks and all, with them.
/// Nothing is process-wide.
///
/// Sendable: its one mutable part, `kept`, is behind a lock, since arrays taken from one pool
/// may be freed on other threads (an index dropped elsewhere).
final class HugePageBlocks: Sendable {
    /// The most bytes of freed blocks kept: 64 MiB (a 100k-point index's arrays take ~10 MiB).
    let keptLimit: Int
    private let kept = Mutex<[KeptBlock]>([])

    /// A freed block, by address (a pointer is not Sendable).
    private struct KeptBlock {
        var address: UInt
        var bytes: Int
    }

    init(keptLimit: Int = 64 << 20) {
        self.keptLimit = keptLimit
    }

    deinit {
        #if canImport(Glibc)
        for block in kept.withLock({ $0 }) {
            if let base = UnsafeMutableRawPointer(bitPattern: block.address) { munmap(base, block.bytes) }
        }
        #endif
    }

    /// Bytes of freed blocks held for reuse.
    var keptBytes: Int {
        kept.withLock { $0.reduce(0) { $0 + $1.bytes } }
    }

    /// A block of at least `bytes` (a positive multiple of 2 MiB; a reused block may be up to
    /// twice that) at a 2 MiB boundary, or `nil` if `bytes` is not such a size or the system
    /// has no mapping to give (the caller then uses `malloc`). Its contents are whatever a
    /// former user left, or zeros.
    func allocate(_ bytes: Int) -> UnsafeMutableRawBufferPointer? {
        let hugePage = HugePageHint.hugePage
        guard bytes > 0, bytes % hugePage == 0 else { return nil }
        if let reused = reuse(bytes) { return reused }
        #if canImport(Glibc)
        // Map a huge page more than asked, then unmap what lies outside the aligned block.
        let mapped = bytes + hugePage
        guard let raw = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            raw != MAP_FAILED
        else { return nil }
        let start = raw.alignedUp(toMultipleOf: hugePage)
        let head = start - raw
        if head > 0 { munmap(raw, head) }
        if hugePage - head > 0 { munmap(start + bytes, hugePage - head) }
        let block = UnsafeMutableRawBufferPointer(start: start, count: bytes)
        HugePageHint.advise(block)
        return block
        #else
        return nil
        #endif
    }

    /// Returns a block from ``allocate(_:)``, whole: kept for reuse while the kept blocks stay
    /// within ``keptLimit``, else unmapped.
    func deallocate(_ block: UnsafeMutableRawBufferPointer) {
        guard let base = block.baseAddress else { return }
        let keep = kept.withLock { kept in
            guard kept.reduce(0, { $0 + $1.bytes }) + block.count <= keptLimit else { return false }
            kept.append(KeptBlock(address: UInt(bitPattern: Int(bitPattern: base)), bytes: block.count))
            return true
        }
        #if canImport(Glibc)
        if !keep { munmap(base, block.count) }
        #else
        _ = keep
        #endif
    }

    /// The smallest kept block of at least `bytes` and at most twice that (a far larger one
    /// would pin memory the array never uses), taken out of the pool.
    private func reuse(_ bytes: Int) -> UnsafeMutableRawBufferPointer? {
        kept.withLock { kept -> UnsafeMutableRawBufferPointer? in
            var best: Int?
            for (i, block) in kept.enumerated() where block.bytes >= bytes && block.bytes <= 2 * bytes {
                if best.map({ block.bytes < kept[$0].bytes }) ?? true { best = i }
            }
            guard let best else { return nil }
            let block = kept.remove(at: best)
            return UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(bitPattern: block.address), count: block.bytes)
        }
    }
}
