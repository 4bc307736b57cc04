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
}
