import Testing
@testable import GeoKit

/// A build splits its independent passes over the cores; however they are cut, the index is
/// the same, bit for bit, as one built on one thread.
@Suite struct ParallelBuildTests {
    static let oneThread = ParallelSplit.Policy(minimumChunk: .max, maximumChunks: 1)
    /// Small, uneven chunks: more of them than cores, boundaries inside cells and rows.
    static let manyChunks = ParallelSplit.Policy(minimumChunk: 700, maximumChunks: 7)

    static func points(_ data: (longitudes: [Double], latitudes: [Double])) -> [ClusterPoint] {
        let names = ["viewpoint", "trailhead", "restroom"]
        return data.longitudes.indices.map { i in
            ClusterPoint(
                longitude: data.longitudes[i], latitude: data.latitudes[i],
                category: i % 7 == 0 ? nil : names[i % 3], value: i % 5 == 0 ? nil : Double(i % 10) / 4)
        }
    }

    static func build(
        _ points: [ClusterPoint], _ policy: ParallelSplit.Policy,
        options: ClusterOptions = ClusterOptions()
    ) throws -> ClusterIndex {
        try ParallelSplit.$policy.withValue(policy) { try ClusterIndex(points: points, options: options) }
    }

    @Test func theChunkingNeverChangesTheIndex() throws {
        for points in [Self.points(ClusterData.park(12_000)), Self.points(ClusterData.world(9_000))] {
            let one = try Self.build(points, Self.oneThread), many = try Self.build(points, Self.manyChunks)
            #expect(one.store.positions.map(\.bitPattern) == many.store.positions.map(\.bitPattern))
            #expect(one.store.links == many.store.links)
            #expect(one.store.zooms == many.store.zooms)
            #expect(one.store.reaches.map(\.bitPattern) == many.store.reaches.map(\.bitPattern))
            #expect(one.points.slots == many.points.slots)
            #expect(try snapshot(one) == snapshot(many))
        }
    }

    @Test func minPointsAboveTwoAgreesToo() throws {
        let points = Self.points(ClusterData.park(8_000))
        let options = ClusterOptions(minPoints: 5)
        let one = try Self.build(points, Self.oneThread, options: options)
        let many = try Self.build(points, Self.manyChunks, options: options)
        #expect(one.store.releasedMasks == many.store.releasedMasks)
        #expect(try snapshot(one) == snapshot(many))
    }

    /// Against the standard library's sort of (key, original index): a stable order.
    @Test(arguments: [(5_000, 22), (20_000, 40), (3, 5)])
    func radixSortIsStableHoweverSplit(n: Int, bits: Int) {
        var rng = SplitMix64(seed: UInt64(n))
        let keys = (0..<n).map { _ in rng.nextBits() & ((1 << UInt64(bits)) - 1) & ~0xF }  // many equal keys
        let expected = keys.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
        for policy in [Self.oneThread, Self.manyChunks] {
            var sortedKeys = keys, values = (0..<n).map(Int32.init)
            var keyScratch = [UInt64](repeating: 0, count: n), valueScratch = [Int32](repeating: 0, count: n)
            ParallelSplit.$policy.withValue(policy) {
                RadixSort.sort(
                    keys: &sortedKeys, values: &values, count: n, bits: bits,
                    keyScratch: &keyScratch, valueScratch: &valueScratch)
            }
            #expect(sortedKeys == expected.map(\.element))
            #expect(values == expected.map { Int32($0.offset) })
        }
    }

    /// Each build owns its scratch: builds on two threads at once share nothing, and each
    /// equals a build alone.
    @Test func buildsOnTwoThreadsAtOnceAgree() async throws {
        let points = Self.points(ClusterData.park(12_000))
        let alone = try snapshot(ClusterIndex(points: points))
        let both = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<2 { group.addTask { try snapshot(ClusterIndex(points: points)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(both == [alone, alone])
    }

    @Test func chunksCoverTheLoopOnce() {
        for (n, policy) in [(0, Self.manyChunks), (5, Self.manyChunks), (10_000, Self.manyChunks), (10_000, Self.oneThread)] {
            let seen = ParallelSplit.$policy.withValue(policy) { () -> [Int] in
                var seen = [Int](repeating: 0, count: n)
                seen.withUnsafeMutableBufferPointer { seen in
                    ParallelSplit.forEachChunk(n) { _, range in for i in range { seen[i] += 1 } }
                }
                return seen
            }
            #expect(seen.allSatisfy { $0 == 1 })
        }
    }
}
