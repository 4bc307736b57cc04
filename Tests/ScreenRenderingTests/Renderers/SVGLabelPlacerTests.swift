import Testing
@testable import ScreenRendering

/// Pin labels: the first free spot of eight around the pin, a shorter cut, or none.
@Suite struct SVGLabelPlacerTests {
    typealias Box = SVGMapLayer.Box

    @Test func aLabelGoesRightOfItsPinWhenThereIsRoom() throws {
        var placer = SVGLabelPlacer(width: 400, height: 400)
        let labelPlaced = placer.place("Fort Point", at: (100, 100))
        let label = try #require(labelPlaced)
        #expect(label.text == "Fort Point" && label.anchor == "start")
        #expect(label.box.minX > 100 + SVGMapLayout.pinReach)
        #expect(abs((label.box.minY + label.box.maxY) / 2 - 100) < 1e-9)
    }

    @Test func aLabelTakesTheNextSpotWhenTheFirstIsTaken() throws {
        var placer = SVGLabelPlacer(width: 400, height: 400)
        placer.avoid(.circle(x: 130, y: 100, radius: 15))
        let leftPlaced = placer.place("Fort Point", at: (100, 100))
        let left = try #require(leftPlaced)
        #expect(left.anchor == "end" && left.box.maxX < 100)
        // At the right edge of the picture, the label turns left too.
        let edgePlaced = placer.place("Fort Point", at: (395, 300))
        let edge = try #require(edgePlaced)
        #expect(edge.anchor == "end" && edge.box.maxX <= 395)
    }

    @Test func aLabelThatFindsNoRoomIsCutShorterThenDropped() throws {
        var placer = SVGLabelPlacer(width: 150, height: 400)
        let long = "Golden Gate Bridge Welcome Center"
        // Neither the 28-character cut fits across 150 points beside the pin; the 16-character one does.
        let labelPlaced = placer.place(long, at: (75, 200))
        let label = try #require(labelPlaced)
        #expect(label.text == "Golden Gate Bri…")
        #expect(label.box.minX >= 0 && label.box.maxX <= 150)
        // Boxed in on every side: no label.
        placer.avoid(.box(Box(minX: 0, minY: 0, maxX: 150, maxY: 90)))
        placer.avoid(.box(Box(minX: 0, minY: 110, maxX: 150, maxY: 400)))
        placer.avoid(.box(Box(minX: 0, minY: 90, maxX: 40, maxY: 110)))
        placer.avoid(.box(Box(minX: 60, minY: 90, maxX: 150, maxY: 110)))
        #expect(placer.place("Fort Point", at: (50, 100)) == nil)
    }

    @Test func placedLabelsKeepOtherLabelsOut() throws {
        var placer = SVGLabelPlacer(width: 400, height: 400)
        var labels: [SVGLabelPlacer.Label] = []
        // A dense row of pins: each label must find a spot clear of all the others.
        for i in 0..<40 {
            if let label = placer.place("Site number \(i)", at: (20 + Double(i % 8) * 45, 40 + Double(i / 8) * 30)) { labels.append(label) }
        }
        #expect(labels.count >= 10)
        for (a, label) in labels.enumerated() {
            for other in labels[(a + 1)...] { #expect(!label.box.overlaps(other.box)) }
        }
    }

    @Test func circlesBlockOnlyWhatTheyCover() {
        let circle = SVGLabelPlacer.Obstacle.circle(x: 0, y: 0, radius: 10)
        #expect(circle.overlaps(Box(minX: 5, minY: -1, maxX: 50, maxY: 1)))
        // The box's corner is outside the circle though its bounds overlap the circle's.
        #expect(!circle.overlaps(Box(minX: 8, minY: 8, maxX: 50, maxY: 50)))
    }
}
