import Testing
@testable import GeoKit

/// Insert and remove among thousands of points at one spot: still exactly a rebuild, and
/// each change re-decides only what it must (removing a group's seed used to cost k² for a
/// group of k, and every change k log k).
@Suite struct CoincidentUpdateTests {
    @Test(arguments: [2, 3])
    func removingFromFiveThousandPointsAtOneSpotEqualsARebuild(minPoints: Int) throws {
        let n = 5_000
        let index = try ClusterIndex(
            longitudes: Array(repeating: -122.4750, count: n), latitudes: Array(repeating: 37.8078, count: n),
            options: ClusterOptions(maxZoom: 16, minPoints: minPoints))
        // The seed (smallest id) three times over: each time the whole group changes hands.
        for id in 0..<3 { try index.remove(pointID: id) }
        // Then from the top, from the middle, and new points at the same spot.
        var rng = SplitMix64(seed: 5)
        for id in stride(from: n - 1, to: n - 301, by: -1) { try index.remove(pointID: id) }
        var live = Array(3..<(n - 300))
        for _ in 0..<300 {
            let id = live.remove(at: Int(rng.next(in: 0...0.999_999) * Double(live.count)))
            try index.remove(pointID: id)
        }
        for _ in 0..<100 { live.append(try index.insert(ClusterPoint(longitude: -122.4750, latitude: 37.8078))) }
        #expect(index.count == live.count)
        #expect(try snapshot(index) == snapshot(index.rebuilt()))
        // One cluster at every zoom, its children every live point, in ascending id.
        let top = try index.clusters(in: ClusterData.world, zoom: 16)
        #expect(top.count == 1 && top[0].count == live.count)
        #expect(try index.children(of: top[0].id).map(\.id) == live)
    }

    @Test func removingEveryPointOfASmallerStackInAscendingOrder() throws {
        // Every removal takes the seed: the worst order, still exact.
        let n = 400
        let index = try ClusterIndex(longitudes: Array(repeating: 10, count: n), latitudes: Array(repeating: 20, count: n))
        for id in 0..<n {
            try index.remove(pointID: id)
            if id % 100 == 50 { #expect(try snapshot(index) == snapshot(index.rebuilt())) }
        }
        #expect(index.count == 0)
        #expect(try index.clusters(in: ClusterData.world, zoom: 3).isEmpty)
    }
}
