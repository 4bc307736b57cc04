import Testing
@testable import GeoKit

/// `ClusterIndex.withBuildThreads` caps how many chunks a build's passes are cut into, inside
/// its body only; the index itself never depends on it (`ParallelBuildTests`).
@Suite struct BuildThreadsTests {
    @Test func capsTheChunksInsideItsBodyOnly() {
        let n = 1_000_000
        #expect(ClusterIndex.withBuildThreads(1) { ParallelSplit.chunkCount(n) } == 1)
        #expect(ClusterIndex.withBuildThreads(3) { ParallelSplit.chunkCount(n) } == 3)
        #expect(ClusterIndex.withBuildThreads(0) { ParallelSplit.chunkCount(n) } == 1)
        #expect(ClusterIndex.withBuildThreads(64) { ParallelSplit.chunkCount(n) } == ClusterIndex.threadLimit)
        // Small loops stay whole whatever the cap.
        #expect(ClusterIndex.withBuildThreads(4) { ParallelSplit.chunkCount(10_000) } == 1)
        #expect(ParallelSplit.chunkCount(n) == ParallelSplit.Policy.standard.maximumChunks)
    }

    @Test func aBuildOnOneThreadEqualsTheDefault() throws {
        let data = ClusterData.park(20_000)
        let one = try ClusterIndex.withBuildThreads(1) { try ClusterIndex(longitudes: data.longitudes, latitudes: data.latitudes) }
        let standard = try ClusterIndex(longitudes: data.longitudes, latitudes: data.latitudes)
        #expect(one.store.positions.map(\.bitPattern) == standard.store.positions.map(\.bitPattern))
        #expect(one.store.links == standard.store.links)
        #expect(one.points.slots == standard.points.slots)
    }
}
