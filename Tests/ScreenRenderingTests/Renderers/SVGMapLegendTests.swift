import Testing
import ScreenModel
@testable import ScreenRendering

/// The map picture's colors: most common categories first, distinct colors, the rest "other".
@Suite struct SVGMapLegendTests {
    typealias Map = Component.Map
    typealias Entry = SVGMapLegend.Entry

    private func pin(_ category: String?) -> Map.Pin {
        Map.Pin(id: "p", coordinate: .init(latitude: 37.8, longitude: -122.46), title: "Site", category: category)
    }

    private func cluster(_ count: Int, _ categories: [(String, Int)]) -> Map.Cluster {
        Map.Cluster(
            id: "c", coordinate: .init(latitude: 37.8, longitude: -122.46), count: count, expansionZoom: 12,
            categories: categories.map { Map.CategoryCount($0.0, count: $0.1) })
    }

    @Test func categoriesAreRankedBySitesDrawnPinsAndClusterMembersAlike() {
        let legend = SVGMapLegend(
            pins: [pin("campground"), pin("beach"), pin(nil)],
            clusters: [cluster(12, [("landmark", 7), ("beach", 3)]), cluster(3, [("landmark", 2)])])
        // A cluster's members its categories leave out count as "other": 12 - 10 and 3 - 2.
        #expect(
            legend.entries == [
                Entry(label: "landmark", color: SVGStyle.palette[0], count: 9),
                Entry(label: "beach", color: SVGStyle.palette[1], count: 4),
                Entry(label: "campground", color: SVGStyle.palette[2], count: 1),
                Entry(label: "other", color: SVGStyle.uncategorised, count: 4),
            ])
        #expect(legend.color(for: "landmark") == SVGStyle.palette[0])
        #expect(legend.color(for: nil) == SVGStyle.uncategorised)
        #expect(legend.color(for: "not drawn") == SVGStyle.uncategorised)
    }

    @Test func tiesGoByNameAndNothingGreyMeansNoOtherEntry() {
        let legend = SVGMapLegend(pins: [pin("viewpoint"), pin("beach")], clusters: [])
        #expect(legend.entries.map(\.label) == ["beach", "viewpoint"])
    }

    @Test func moreCategoriesThanColorsShareTheGreyOfOther() {
        let names = (1...11).map { "kind\($0)" }
        // kind1 has 11 sites, kind2 10, … kind11 one.
        let legend = SVGMapLegend(pins: names.enumerated().flatMap { index, name in Array(repeating: pin(name), count: 11 - index) }, clusters: [])
        #expect(legend.entries.count == SVGStyle.palette.count + 1)
        #expect(legend.entries.prefix(SVGStyle.palette.count).map(\.label) == Array(names.prefix(SVGStyle.palette.count)))
        #expect(legend.entries.map(\.color) == SVGStyle.palette + [SVGStyle.uncategorised])
        #expect(Set(SVGStyle.palette).count == SVGStyle.palette.count && !SVGStyle.palette.contains(SVGStyle.uncategorised))
        #expect(legend.entries.last == Entry(label: "other", color: SVGStyle.uncategorised, count: 3 + 2 + 1))
        #expect(legend.color(for: "kind9") == SVGStyle.uncategorised)
    }

    @Test func aRingIsColoredLikeTheLegendWithTheRestInOneGreyPart() {
        let names = (1...9).map { "kind\($0)" }
        let legend = SVGMapLegend(pins: names.enumerated().flatMap { index, name in Array(repeating: pin(name), count: 10 - index) }, clusters: [])
        let ring = legend.ring(of: cluster(20, [("kind2", 8), ("kind9", 5), ("kind1", 4)]))
        #expect(ring.map(\.color) == [SVGStyle.palette[1], SVGStyle.palette[0], SVGStyle.uncategorised])
        #expect(ring.map(\.count) == [8, 4, 5 + 3])
        #expect(legend.ring(of: cluster(4, [])).isEmpty)
    }

    @Test func hugeCountsSaturateInsteadOfTrapping() {
        let legend = SVGMapLegend(pins: [pin("a")], clusters: [cluster(Int.max, [("a", Int.max), ("b", Int.max)])])
        #expect(legend.entries.map(\.count) == [Int.max, Int.max])
    }

    /// A count far below zero (an unchecked screen) leaves nothing grey instead of overflowing.
    @Test func aHugeNegativeCountLeavesNoGrey() {
        let legend = SVGMapLegend(pins: [], clusters: [cluster(Int.min + 1, [("a", 5)])])
        #expect(legend.entries.map(\.count) == [5])
    }
}
