import Testing
@testable import GeoKit

/// A build fills the point table's slot array in place: every live id gets its slot, and a
/// removed id (NaN coordinates) is -1 again, whatever the table held before.
@Suite struct BuildSlotsTests {
    @Test func aRebuildFromAChangedTableResetsEverySlot() throws {
        let data = ClusterData.park(3_000)
        let index = try ClusterIndex(longitudes: data.longitudes, latitudes: data.latitudes)
        for id in [0, 17, 2_999] { try index.remove(pointID: id) }
        let rebuilt = index.rebuilt()
        #expect(rebuilt.points.slots.count == 3_000)
        for id in [0, 17, 2_999] { #expect(rebuilt.points.slot(id) == nil) }
        // Live ids take the first slots in id order; the original index keeps its own array.
        #expect(rebuilt.points.slot(1) == 0)
        #expect(rebuilt.points.slot(18) == 16)
        #expect(index.points.slot(1) != nil)
        #expect(rebuilt.points.slots.filter { $0 >= 0 }.count == 2_997)
        #expect(Set(rebuilt.points.slots.filter { $0 >= 0 }).count == 2_997)
    }
}
