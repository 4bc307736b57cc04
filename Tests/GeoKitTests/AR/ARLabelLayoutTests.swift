import Foundation
import Testing
@testable import GeoKit

/// Label stacking: the row-by-row result wherever labels find their row in the first
/// `searchRows`, no overlaps anywhere, and crowds of thousands at one spot.
@Suite struct ARLabelLayoutTests {
    /// The layout as first written: try every row from the site's height up against every
    /// label placed so far (O(n³) for a crowd at one spot).
    static func rowByRow(
        _ placements: [ARProjector.Placement], widths: [Double], height: Double = 28, gap: Double = 4,
        screenWidth: Double? = nil
    ) -> [ARLabelLayout.Label] {
        let order = placements.indices.sorted {
            placements[$0].distance < placements[$1].distance
                || (placements[$0].distance == placements[$1].distance && $0 < $1)
        }
        var placed: [ARLabelLayout.Label] = []
        for (z, i) in order.enumerated() {
            let p = placements[i], w = widths[i]
            var x = p.x - w / 2
            if let screenWidth { x = max(0, min(x, screenWidth - w)) }
            var stack = 0
            var y = p.y - height - gap
            while placed.contains(where: { $0.x < x + w && x < $0.x + $0.width && $0.y < y + height + gap && y < $0.y + $0.height + gap }) {
                stack += 1
                y -= height + gap
            }
            placed.append(ARLabelLayout.Label(placement: i, x: x, y: y, width: w, height: height, stack: stack, z: z))
        }
        return placed.sorted { $0.placement < $1.placement }
    }

    static func placement(_ index: Int, x: Double, y: Double, distance: Double) -> ARProjector.Placement {
        ARProjector.Placement(index: index, distance: distance, bearing: 0, relativeBearing: 0, x: x, y: y, isOnScreen: true)
    }

    /// Pairs of labels that overlap, by the layout's own test (gap included), found by a sweep over y.
    static func overlaps(_ labels: [ARLabelLayout.Label], gap: Double = 4) -> Int {
        let byY = labels.sorted { $0.y < $1.y }
        var count = 0
        for (k, a) in byY.enumerated() {
            for b in byY[(k + 1)...] {
                guard b.y < a.y + a.height + gap else { break }
                if a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height + gap { count += 1 }
            }
        }
        return count
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func equalsRowByRowOnOrdinaryScenes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // A park's worth of sites across a 390-point screen, a few rows deep, some at equal distances.
        let n = 20 * Int(seed)
        let placements = (0..<n).map { i in
            Self.placement(
                i, x: random.next(in: 0...390), y: seed % 2 == 0 ? 422 : random.next(in: 300...700),
                distance: (random.next(in: 10...5000)).rounded(seed == 3 ? .down : .toNearestOrEven))
        }
        let widths = (0..<n).map { _ in random.next(in: 60...200).rounded() }
        let fast = ARLabelLayout.layout(placements, widths: widths, screenWidth: 390)
        #expect(fast.map(\.stack).max() ?? 0 < ARLabelLayout.searchRows)
        let reference = Self.rowByRow(placements, widths: widths, screenWidth: 390)
        #expect(zip(fast, reference).filter { $0 != $1 }.count == 0)
        #expect(fast.count == reference.count)
        #expect(Self.overlaps(fast) == 0)
    }

    /// Stopped after `shown` labels on screen, the layout returns the labels it laid out
    /// where the whole layout puts them: the nearest ones, up to the `shown`-th on screen.
    @Test(arguments: [0, 1, 5, 40])
    func aStoppedLayoutIsTheWholeLayoutsNearest(shown: Int) {
        var random = SplitMix64(seed: 7)
        let placements = (0..<400).map { i in
            Self.placement(i, x: random.next(in: 0...390), y: random.next(in: 100...800), distance: random.next(in: 10...5000))
        }
        let widths = (0..<400).map { _ in random.next(in: 60...200).rounded() }
        var rows = 0
        let whole = ARLabelLayout.layout(placements, widths: widths, screenWidth: 390)
        let cut = ARLabelLayout.layout(placements, widths: widths, screenWidth: 390, shown: shown, rowTests: &rows)
        let byZ = whole.sorted { $0.z < $1.z }
        // The whole layout's labels up to and including the shown-th with y >= 0.
        var expected: [ARLabelLayout.Label] = [], visible = 0
        for label in byZ where visible < shown {
            expected.append(label)
            if label.y >= 0 { visible += 1 }
        }
        #expect(cut.sorted { $0.z < $1.z } == expected)
        #expect(cut.filter { $0.y >= 0 }.count == min(shown, whole.filter { $0.y >= 0 }.count))
    }

    @Test func crowdsAtOneSpotStackNearestInFront() {
        for n in [8_000, 50_000] {
            // Same spot, different name lengths: every label covers every other's x.
            let placements = (0..<n).map { Self.placement($0, x: 195, y: 422, distance: 1000 + Double(($0 * 7_919) % n)) }
            let widths = (0..<n).map { 60 + Double($0 % 5) * 30 }
            let labels = ARLabelLayout.layout(placements, widths: widths, screenWidth: 390)
            #expect(labels.count == n)
            #expect(Self.overlaps(labels) == 0)
            // Nearest in front at the site's own height, then one row up per label behind it.
            let byZ = labels.sorted { $0.z < $1.z }
            #expect(byZ.map(\.stack) == Array(0..<n))
            #expect(zip(byZ, byZ.dropFirst()).allSatisfy { placements[$0.placement].distance <= placements[$1.placement].distance })
            #expect(byZ[0].y == 422 - 28 - 4)
        }
    }

    @Test func beyondTheSearchRowsALabelGoesOnTopOfItsColumn() {
        // Column A: five labels. Column B: rows 0 and 1, then a higher site's label in row 3 (row 2 free).
        var placements = (0..<5).map { Self.placement($0, x: 100, y: 400, distance: Double($0)) }
        placements += [
            Self.placement(5, x: 300, y: 400, distance: 5), Self.placement(6, x: 300, y: 400, distance: 6),
            Self.placement(7, x: 300, y: 304, distance: 7), Self.placement(8, x: 300, y: 400, distance: 10),
        ]
        let widths = Array(repeating: 80.0, count: 9)
        // Trying two rows, the last label misses the free row 2 and goes above the top of column B.
        let short = ARLabelLayout.layout(placements, widths: widths, searchRows: 2)
        #expect(short.map(\.stack) == [0, 1, 2, 3, 4, 0, 1, 0, 4])
        #expect(short[8].y == short[7].y - 32)
        #expect(Self.overlaps(short) == 0)
        // With rows enough, the row-by-row answer.
        let full = ARLabelLayout.layout(placements, widths: widths)
        #expect(full[8].stack == 2)
        #expect(full == Self.rowByRow(placements, widths: widths))
    }

    @Test func labelsThatCannotStackStayAtTheirSite() {
        let placements = (0..<4).map { Self.placement($0, x: 100, y: 400, distance: Double($0)) }
        let flat = ARLabelLayout.layout(placements, widths: [80, 80, 80, 80], height: 0, gap: 0)
        #expect(flat.map(\.stack) == [0, 0, 0, 0])
        let odd = ARLabelLayout.layout(placements, widths: [80, .nan, .infinity, 80])
        #expect(odd.map(\.stack) == [0, 0, 0, 1])
        #expect(ARLabelLayout.layout([], widths: []).isEmpty)
    }
}
