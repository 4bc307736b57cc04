import Testing
@testable import GeoKit

/// ``PageArray`` behaves as a `ContiguousArray` (the store's per-slot arrays were ones) and
/// puts large storage on 2 MiB boundaries; ``HugePageBlocks`` hands out aligned blocks of the
/// size asked, keeps freed ones up to its limit and reuses them.
@Suite struct PageArrayTests {
    static let hugePage = HugePageHint.hugePage

    @Test func anEmptyArrayHoldsNothing() {
        let empty = PageArray<Int32>()
        #expect(empty.isEmpty && empty.count == 0 && empty.capacity == 0)
        #expect(empty.withUnsafeBufferPointer(\.count) == 0)
        #expect(PageArray<Double>(repeating: 1, count: 0).isEmpty)
        #expect(empty == PageArray<Int32>())
    }

    @Test func appendsGrowAndKeepTheElements() {
        var array = PageArray<Int32>()
        var reference = ContiguousArray<Int32>()
        for i in 0..<1_000 {
            array.append(Int32(i))
            reference.append(Int32(i))
        }
        array.append(contentsOf: repeatElement(-1, count: 37))
        reference.append(contentsOf: repeatElement(-1, count: 37))
        array.append(contentsOf: (0..<5).lazy.filter { $0 % 2 == 0 }.map { Int32($0) })  // underestimates its count
        reference.append(contentsOf: [0, 2, 4])
        #expect(Array(array) == Array(reference))
        #expect(array.capacity >= array.count)
        array[3] = 42
        #expect(array[3] == 42 && array.count == reference.count)
    }

    @Test func copiesShareUntilOneIsWritten() {
        var original = PageArray<Double>(repeating: 0.5, count: 10)
        var copy = original
        copy[0] = 9
        #expect(original[0] == 0.5 && copy[0] == 9)
        let second = original
        original.append(1)
        #expect(second.count == 10 && original.count == 11)
        var third = original
        third.withUnsafeMutableBufferPointer { $0[1] = -3 }
        #expect(original[1] == 0.5 && third[1] == -3)
        third.reserveCapacity(1)  // a copy's reserve takes storage of its own, same contents
        #expect(third.elementsEqual(original.enumerated().map { $0.offset == 1 ? -3 : $0.element }))
    }

    @Test func theUninitializedInitializerKeepsWhatItWrites() {
        let array = PageArray<UInt8>(unsafeUninitializedCapacity: 100) { buffer, count in
            for i in 0..<60 { buffer[i] = UInt8(i) }
            count = 60
        }
        #expect(array.count == 60 && array.capacity >= 100)
        #expect(Array(array) == (0..<60).map { UInt8($0) })
    }

    @Test func largeStorageStartsOnAHugePage() throws {
        // 1 MiB and more, from a pool: whole 2 MiB pages, aligned, the rest of the last page as capacity.
        let large = PageArray<Int32>(repeating: 7, count: 300_000, pool: HugePageBlocks())
        let base = try #require(large.withUnsafeBufferPointer(\.baseAddress))
        #expect(Int(bitPattern: base) % Self.hugePage == 0)
        #expect(large.capacity * 4 % Self.hugePage == 0 && large.capacity >= 300_000)
        #expect(large.allSatisfy { $0 == 7 } && large.count == 300_000)
        // Under 1 MiB: an ordinary allocation of the size asked.
        let small = PageArray<Int32>(unsafeUninitializedCapacity: 1_000) { _, count in count = 0 }
        #expect(small.capacity == 1_000)
    }

    /// The pool is its owner's: arrays give their blocks back to the pool they came from, a
    /// pool lives as long as an array from it, and without a pool nothing is kept anywhere.
    @Test func arraysReturnBlocksToTheirOwnersPool() throws {
        let pool = HugePageBlocks(keptLimit: 8 * Self.hugePage)
        var array: PageArray<Double>? = PageArray(repeating: 1, count: 300_000, pool: pool)
        #expect(pool.keptBytes == 0)
        array?.append(2)  // grows within its capacity or from the same pool
        array = nil
        #expect(pool.keptBytes >= Self.hugePage)
        weak var dropped: HugePageBlocks?
        do {
            let own = HugePageBlocks()
            dropped = own
            let kept = PageArray<Double>(repeating: 1, count: 300_000, pool: own)
            #expect(kept.count == 300_000)
        }
        #expect(dropped == nil)  // gone with its last array, kept blocks and all
        let plain = PageArray<Double>(repeating: 1, count: 300_000)
        #expect(plain.capacity == 300_000)  // malloc's, exactly the size asked
    }

    @Test func blocksAreAlignedUsableAndReused() throws {
        let pool = HugePageBlocks(keptLimit: 4 * Self.hugePage)
        #expect(pool.allocate(0) == nil)
        #expect(pool.allocate(Self.hugePage + 4096) == nil)  // not whole huge pages
        let block = try #require(pool.allocate(2 * Self.hugePage))
        let base = try #require(block.baseAddress)
        #expect(block.count == 2 * Self.hugePage && Int(bitPattern: base) % Self.hugePage == 0)
        block.storeBytes(of: 0xAB, toByteOffset: 0, as: UInt8.self)
        block.storeBytes(of: 0xCD, toByteOffset: block.count - 1, as: UInt8.self)
        #expect(block.load(fromByteOffset: block.count - 1, as: UInt8.self) == 0xCD)
        pool.deallocate(block)
        #expect(pool.keptBytes == 2 * Self.hugePage)
        // A request it fits (at most twice as large) gets it back, whole.
        let again = try #require(pool.allocate(Self.hugePage))
        #expect(again.baseAddress == base && again.count == 2 * Self.hugePage && pool.keptBytes == 0)
        pool.deallocate(again)
        // Past the limit, freed blocks are unmapped rather than kept.
        let big = try #require(pool.allocate(4 * Self.hugePage))
        pool.deallocate(big)
        #expect(pool.keptBytes == 2 * Self.hugePage)
        // A block more than twice as large as asked is not handed out.
        let roomy = HugePageBlocks(keptLimit: 8 * Self.hugePage)
        let four = try #require(roomy.allocate(4 * Self.hugePage))
        roomy.deallocate(four)
        let one = try #require(roomy.allocate(Self.hugePage))
        #expect(one.baseAddress != four.baseAddress && one.count == Self.hugePage && roomy.keptBytes == 4 * Self.hugePage)
        roomy.deallocate(one)
    }

    @Test func blockSizesRoundUpOnlyLargeTails() {
        let page = Self.hugePage
        #expect(HugePageHint.blockBytes(2 * page) == 2 * page)
        #expect(HugePageHint.blockBytes(2 * page + 100 << 10) == 2 * page + 100 << 10)  // a small rest stays in 4 KiB pages
        #expect(HugePageHint.blockBytes(2 * page + HugePageHint.smallTail) == 2 * page + HugePageHint.smallTail)
        #expect(HugePageHint.blockBytes(2 * page + HugePageHint.smallTail + 1) == 3 * page)
        #expect(HugePageHint.blockBytes(page - 1) == page)
    }
}
