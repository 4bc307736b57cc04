import Testing
@testable import ScreenRendering

/// Cluster discs: shared room, then nudged apart, then shrunk, so none overlap.
@Suite struct SVGClusterDiscsTests {
    typealias Disc = SVGClusterDiscs.Disc

    private func layout(_ discs: [Disc], minimum: Double = 14, maxShift: Double = 10, gap: Double = 2) -> [Disc] {
        SVGClusterDiscs.layout(discs, minimum: minimum, maxShift: maxShift, gap: gap)
    }

    @Test func discsWithRoomKeepTheirSizeAndPlace() {
        let wanted = [Disc(x: 0, y: 0, radius: 30), Disc(x: 100, y: 0, radius: 40), Disc(x: 0, y: 80, radius: 20)]
        #expect(layout(wanted) == wanted)
        #expect(layout([wanted[0]]) == [wanted[0]])
        #expect(layout([]) == [])
    }

    @Test func neighborsShareTheRoomInProportionToTheSizesTheyWant() {
        // 62 apart leaves 60 points of room after the gap, shared 2:1 as 50 and 25 were wanted.
        let out = layout([Disc(x: 0, y: 0, radius: 50), Disc(x: 62, y: 0, radius: 25)])
        #expect(out == [Disc(x: 0, y: 0, radius: 40), Disc(x: 62, y: 0, radius: 20)])
    }

    @Test func discsTooCloseForTheMinimumAreNudgedApart() {
        let out = layout([Disc(x: 0, y: 0, radius: 30), Disc(x: 20, y: 0, radius: 30)])
        #expect(out.map(\.radius) == [14, 14])
        #expect(out[0].y == 0 && out[1].y == 0)
        #expect(out[1].x - out[0].x >= 30)  // 14 + 14 + the gap of 2
        #expect(abs(out[0].x + (out[1].x - 20)) < 1e-9)  // each moved the same way
        #expect(SVGClusterDiscs.overlapping(out, gap: 2).isEmpty)
    }

    @Test func discsOnTheSameSpotPartAlongX() {
        let out = layout([Disc(x: 5, y: 5, radius: 20), Disc(x: 5, y: 5, radius: 20)])
        #expect(out[0].x < out[1].x && out[0].y == 5 && out[1].y == 5)
        #expect(SVGClusterDiscs.overlapping(out, gap: 2).isEmpty)
    }

    @Test func whatNudgingCannotSeparateShrinksBelowTheMinimum() {
        // Not allowed to move: the 10 points between centers are shared, 4 and 4 after the gap.
        let out = layout([Disc(x: 0, y: 0, radius: 30), Disc(x: 10, y: 0, radius: 30)], maxShift: 0)
        #expect(out == [Disc(x: 0, y: 0, radius: 4), Disc(x: 10, y: 0, radius: 4)])
    }

    @Test func aCrowdEndsWithoutOverlapAndNoDiscMovesTooFar() {
        // 200 discs on a 12-point lattice, all wanting 25: far too crowded for the minimum.
        let wanted = (0..<200).map { Disc(x: Double($0 % 20) * 12, y: Double($0 / 20) * 12, radius: 25) }
        let out = layout(wanted)
        #expect(SVGClusterDiscs.overlapping(out, gap: 2).isEmpty)
        for (disc, home) in zip(out, wanted) {
            #expect(((disc.x - home.x) * (disc.x - home.x) + (disc.y - home.y) * (disc.y - home.y)).squareRoot() <= 10 + 1e-9)
            #expect(disc.radius >= 0 && disc.radius <= 25)
        }
    }
}
