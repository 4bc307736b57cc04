import Testing
@testable import GeoKit

/// Builds that share a caller's scratch memory equal builds in their own, whatever was built in
/// it before: larger or smaller inputs, other options.
@Suite struct BuildScratchTests {
    @Test func buildsInOneScratchEqualBuildsAlone() throws {
        let park = ParallelBuildTests.points(ClusterData.park(12_000))
        let world = ParallelBuildTests.points(ClusterData.world(9_000))
        let cases: [([ClusterPoint], ClusterOptions)] = [
            (park, ClusterOptions()),
            (world, ClusterOptions(minPoints: 5)),
            (Array(park.prefix(3_000)), ClusterOptions(radius: 60, maxZoom: 18)),
            (park, ClusterOptions()),
        ]
        let scratch = ClusterIndex.BuildScratch()
        for (points, options) in cases {
            let shared = try ClusterIndex(points: points, options: options, scratch: scratch)
            let alone = try ClusterIndex(points: points, options: options)
            #expect(shared.store.positions.map(\.bitPattern) == alone.store.positions.map(\.bitPattern))
            #expect(shared.store.links == alone.store.links)
            #expect(shared.store.releasedMasks == alone.store.releasedMasks)
            #expect(try snapshot(shared) == snapshot(alone))
        }
        #expect(scratch.bytes > 0 && scratch.bytes <= ClusterIndex.BuildScratch.keptLimit)
    }

    /// A rebuild in one scratch takes the pages the index it replaces gave back; an index built
    /// alone owns its pages and frees them with it: nothing is process-wide.
    @Test func theScratchOwnsThePagesItsIndexesUse() throws {
        let points = ParallelBuildTests.points(ClusterData.park(60_000))
        let scratch = ClusterIndex.BuildScratch()
        var index: ClusterIndex? = try ClusterIndex(points: points, scratch: scratch)
        #expect(index != nil && scratch.pages.keptBytes == 0)
        index = nil
        let given = scratch.pages.keptBytes
        #expect(given > 0)
        index = try ClusterIndex(points: points, scratch: scratch)
        #expect(scratch.pages.keptBytes < given)  // the rebuild took them back
        weak var ownPages: HugePageBlocks?
        do {
            let alone = try ClusterIndex(points: points)
            ownPages = alone.store.positions.pool
            #expect(ownPages != nil)
        }
        #expect(ownPages == nil)
    }
}
