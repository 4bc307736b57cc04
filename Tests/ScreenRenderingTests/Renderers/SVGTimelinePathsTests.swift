import Testing
@testable import ScreenRendering
import ScreenModel

/// A party's timeline as SVG: the legend says whose path is whose, in the path's color, and
/// a safe zone no larger than the walk is framed with it while a park around it is not.
@Suite struct SVGTimelinePathsTests {
    typealias Timeline = Component.Timeline
    private func at(_ lat: Double, _ lon: Double) -> Component.Coordinate { .init(latitude: lat, longitude: lon) }

    /// A walk of about 900 m east along 37.75° N, with an area of `size` degrees beyond its end.
    private func timeline(areaSize size: Double) -> Timeline {
        let walk = (0...10).map { at(37.75, -119.60 + Double($0) * 0.001) }
        let corner = at(37.7495, -119.5895)
        let ring = [
            corner, at(corner.latitude, corner.longitude + size), at(corner.latitude + size, corner.longitude + size),
            at(corner.latitude + size, corner.longitude), corner,
        ]
        return Timeline(
            start: 0, end: 600, regions: [.init(id: "zone", name: "Meadow", shape: .area(rings: [ring]))],
            paths: [.init(id: "ana", name: "Ana", points: walk), .init(id: "ben", name: "Ben", points: Array(walk.prefix(6)))])
    }

    private func render(_ timeline: Timeline) -> String {
        SVGRenderer().render(Screen(park: "YOSE", flow: "party", title: "Party replay", sections: [.timeline(timeline)]))
    }

    /// The x and y values of the area's outline in `svg`.
    private func outline(in svg: String) throws -> [Double] {
        let line = try #require(svg.split(separator: "\n").first { $0.contains(#"class="region area""#) })
        let d = try #require(line.split(separator: "\"").drop { !$0.hasSuffix(" d=") }.dropFirst().first)
        return d.split(whereSeparator: { " MLZ".contains($0) }).compactMap { Double($0) }
    }

    @Test func theLegendNamesEachPathInItsColor() {
        let svg = render(timeline(areaSize: 0.001))
        #expect(svg.contains(">Ana · 11 fixes</text>") && svg.contains(">Ben · 6 fixes</text>"))
        for color in SVGStyle.pathColors.prefix(2) {
            #expect(svg.components(separatedBy: "stroke=\"\(color)\"").count >= 3, "the path and its legend swatch in \(color)")
        }
    }

    @Test func aZoneNoLargerThanTheWalkIsFramedAParkAroundItIsNot() throws {
        let side = SVGStyle.timelineSide
        let small = try outline(in: render(timeline(areaSize: 0.003)))
        #expect(!small.isEmpty && small.allSatisfy { $0 >= 0 && $0 <= side }, "the meadow inside the picture: \(small)")
        let large = try outline(in: render(timeline(areaSize: 0.05)))
        #expect(large.contains { $0 < 0 || $0 > side }, "a park 5 km across runs past the picture's edge")
    }
}
