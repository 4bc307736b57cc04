import Testing
@testable import GeoKit

/// A build of enough points lends its per-item buffers one block of memory (`LevelBuilder+Slab`);
/// the index is the same bit for bit as one built with the buffers in memory of their own.
@Suite struct BuildSlabTests {
    /// 50,000 points: the per-item buffers take ~4 MB together, past the huge-page threshold.
    static let points = ParallelBuildTests.points(ClusterData.park(50_000))

    @Test func aLargeBuildUsesTheBlockAndBuildsTheSameIndex() throws {
        let options = ClusterOptions(minPoints: 3)
        let slab = ClusterIndex.BuildScratch()
        let inSlab = try ClusterIndex(points: Self.points, options: options, scratch: slab)
        #expect(slab.builder(for: options).usesSlab)

        // The same build with every buffer already large enough on its own: no block is lent.
        let own = ClusterIndex.BuildScratch()
        let builder = own.builder(for: options)
        let m = Self.points.count
        builder.keys.reserve(m + LevelBuilder.keyPadding)
        for buffer in [builder.order, builder.reps, builder.positionOfRank] { buffer.reserve(m) }
        builder.cellStart.reserve(m + 1)
        builder.taken.reserve(m)
        builder.grid.reserve(m)
        builder.runs.reserve(m)
        let inOwn = try ClusterIndex(points: Self.points, options: options, scratch: own)
        #expect(!builder.usesSlab && builder.slab == nil)

        #expect(inSlab.store.positions.map(\.bitPattern) == inOwn.store.positions.map(\.bitPattern))
        #expect(inSlab.store.links == inOwn.store.links)
        #expect(inSlab.store.zooms == inOwn.store.zooms)
        #expect(inSlab.store.releasedMasks == inOwn.store.releasedMasks)
        #expect(try snapshot(inSlab) == snapshot(inOwn))
    }

    @Test func smallBuildsAndBuildsThatFitKeepTheirMemory() throws {
        let scratch = ClusterIndex.BuildScratch()
        _ = try ClusterIndex(points: Array(Self.points.prefix(5_000)), scratch: scratch)
        #expect(!scratch.builder(for: ClusterOptions()).usesSlab)  // ~400 kB: under the threshold
        _ = try ClusterIndex(points: Self.points, scratch: scratch)
        let builder = scratch.builder(for: ClusterOptions())
        #expect(builder.usesSlab)
        let block = builder.slab?.baseAddress
        _ = try ClusterIndex(points: Array(Self.points.prefix(40_000)), scratch: scratch)
        #expect(builder.slab?.baseAddress == block)  // a smaller build reuses the block
        #expect(scratch.bytes >= builder.slab?.count ?? .max)
    }

    @Test func anAdoptedBufferThatGrowsTakesMemoryOfItsOwn() throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 64)
        defer { block.deallocate() }
        let buffer = ScratchBuffer<Int32>(capacity: 4)
        buffer.adopt(try #require(block.baseAddress), capacity: 64)
        #expect(!buffer.ownsMemory && buffer.capacity == 64)
        #expect(UnsafeMutableRawPointer(buffer.reserve(64)) == block.baseAddress)
        buffer.reserve(65)
        #expect(buffer.ownsMemory && buffer.capacity >= 65)
        #expect(UnsafeMutableRawPointer(buffer.base) != block.baseAddress)
    }
}
