import Testing
@testable import ScreenRendering

/// Labels: the first free spot of eight around the mark, a shorter cut, a spot farther out
/// with a leader line, or none.
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

    /// A crowd: 60 marks within 40 points, every label of every kind (small and big, bold,
    /// long and short) placed or dropped. No two label boxes intersect, no label covers a
    /// mark, no leader crosses another label, and every label is placed or counted as dropped.
    @Test func aCrowdGetsLabelsThatNeverOverlapWithLeadersOrNone() throws {
        var placer = SVGLabelPlacer(width: 300, height: 300)
        let marks: [SVGLabelPlacer.Point] = (0..<60).map { i in
            let (column, row) = (Double(i % 8), Double(i / 8))
            return (x: 132.5 + column * 5, y: 132.5 + row * 5)
        }
        for mark in marks { placer.avoid(.circle(x: mark.x, y: mark.y, radius: 4)) }
        var labels: [SVGLabelPlacer.Label] = []
        var dropped = 0
        for (i, mark) in marks.enumerated() {
            let title = i % 3 == 0 ? "Member \(i)" : "A much longer exhibit name number \(i)"
            if let label = placer.place(title, at: mark, reach: 3.5, size: i % 2 == 0 ? 12 : SVGStyle.labelSize, bold: i % 2 == 0) {
                labels.append(label)
            } else {
                dropped += 1
            }
        }
        #expect(labels.count + dropped == marks.count)
        #expect(labels.contains { $0.leader != nil }, "a crowd needs leaders")
        #expect(labels.count >= 8 && dropped > 0, "\(labels.count) placed, \(dropped) dropped")
        for (a, label) in labels.enumerated() {
            #expect(label.box.minX >= 0 && label.box.minY >= 0 && label.box.maxX <= 300 && label.box.maxY <= 300)
            for other in labels[(a + 1)...] { #expect(!label.box.overlaps(other.box), "\(label.text) and \(other.text)") }
            for mark in marks { #expect(!SVGLabelPlacer.Obstacle.circle(x: mark.x, y: mark.y, radius: 4).overlaps(label.box), "\(label.text) on a mark") }
        }
        for label in labels {
            guard let leader = label.leader else { continue }
            // It ends on its own box and crosses no other.
            #expect(abs(leader.x2 - min(max(leader.x2, label.box.minX), label.box.maxX)) < 1e-9)
            #expect(abs(leader.y2 - min(max(leader.y2, label.box.minY), label.box.maxY)) < 1e-9)
            for other in labels where other != label {
                #expect(!SVGLabelPlacer.segment(leader, crosses: other.box), "\(label.text)'s leader crosses \(other.text)")
            }
        }
    }

    @Test func aLeaderCrossesABoxOnlyThroughItsInside() {
        let box = Box(minX: 0, minY: 0, maxX: 10, maxY: 10)
        #expect(SVGLabelPlacer.segment(.init(x1: -5, y1: 5, x2: 15, y2: 5), crosses: box))
        #expect(SVGLabelPlacer.segment(.init(x1: 5, y1: 5, x2: 6, y2: 6), crosses: box), "wholly inside")
        #expect(!SVGLabelPlacer.segment(.init(x1: -5, y1: 12, x2: 15, y2: 12), crosses: box))
        #expect(!SVGLabelPlacer.segment(.init(x1: -5, y1: 0, x2: 15, y2: 0), crosses: box), "along an edge")
        #expect(!SVGLabelPlacer.segment(.init(x1: 20, y1: 5, x2: 10, y2: 5), crosses: box), "ending on it")
    }

    @Test func circlesBlockOnlyWhatTheyCover() {
        let circle = SVGLabelPlacer.Obstacle.circle(x: 0, y: 0, radius: 10)
        #expect(circle.overlaps(Box(minX: 5, minY: -1, maxX: 50, maxY: 1)))
        // The box's corner is outside the circle though its bounds overlap the circle's.
        #expect(!circle.overlaps(Box(minX: 8, minY: 8, maxX: 50, maxY: 50)))
    }
}
