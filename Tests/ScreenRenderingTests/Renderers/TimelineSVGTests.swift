import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ScreenRendering
import ScreenModel

/// The timeline's SVG picture: what is drawn for each part, the local projection and
/// the choice between a map and a timeline.
@Suite struct TimelineSVGTests {
    typealias Timeline = Component.Timeline

    static let start = 1_720_104_236.0

    private static func at(_ latitude: Double, _ longitude: Double) -> Component.Coordinate {
        .init(latitude: latitude, longitude: longitude)
    }

    /// A short walk: a park area with a hole, two circles, a track, five entries (four with a position, two at one spot).
    private let walk = Timeline(
        start: start, end: start + 900,
        entries: [
            .init(time: start, kind: .presenceEnter, title: "Entered", position: at(37.8035, -122.456)),
            .init(time: start + 60, kind: .monitor, title: "Monitoring 20 of 64 regions"),
            .init(time: start + 212, kind: .enter, title: "Crissy Field", region: "crissy", position: at(37.8055, -122.465)),
            .init(time: start + 214, kind: .callout, title: "Crissy Field", region: "crissy", position: at(37.8055, -122.465)),
            .init(time: start + 500, kind: .missedEnter, title: "Torpedo Wharf", region: "wharf", position: at(37.8087, -122.4727)),
        ],
        track: [at(37.8035, -122.456), at(37.8055, -122.465), at(37.8087, -122.4727), at(37.8106, -122.4771)],
        regions: [
            .area(
                id: "goga", name: "Presidio",
                rings: [
                    [at(37.788, -122.485), at(37.788, -122.447), at(37.812, -122.447), at(37.812, -122.485), at(37.788, -122.485)],
                    [at(37.795, -122.47), at(37.795, -122.46), at(37.80, -122.46), at(37.795, -122.47)],
                ]),
            .circle(id: "crissy", name: "Crissy Field", center: at(37.8047, -122.465), radius: 180),
            .circle(id: "wharf", name: "Torpedo Wharf", center: at(37.8087, -122.4727), radius: 45),
        ],
        facts: [.init("fixes", value: "1,722")],
        title: "Walk"
    )

    private func screen(_ sections: [Component]) -> Screen {
        Screen(park: "GOGA", flow: "geofence", title: "Golden Gate", sections: [.text(.init("Replay"))] + sections)
    }

    private func count(_ needle: String, in svg: String) -> Int {
        svg.components(separatedBy: needle).count - 1
    }

    private func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    @Test func drawsRegionsTrackAndOneMarkerPerPositionedEntry() {
        let svg = SVGRenderer().render(screen([.timeline(walk)]))
        #expect(isWellFormed(svg))
        #expect(svg.contains("<title>Golden Gate · timeline</title>"))
        #expect(svg.contains(#"width="1070" height="840" viewBox="0 0 1070 840""#), "the square, and the scale bar's strip under it")
        #expect(svg.contains(#"<svg class="map-area" x="0" y="0" width="800" height="800" viewBox="0 0 800 800""#))
        // The area with its hole is one even-odd path of two closed rings.
        #expect(count(#"<path class="region area""#, in: svg) == 1)
        #expect(svg.contains(#"fill-rule="evenodd""#))
        #expect(count(#"<circle class="region circle""#, in: svg) == 2)
        #expect(count(#"<polyline class="track""#, in: svg) == 1)
        #expect(count(#"<g class="entry "#, in: svg) == 4)
        #expect(count(#"<g class="start">"#, in: svg) == 1 && count(#"<g class="end">"#, in: svg) == 1)
        for kind in ["presence_enter", "enter", "callout", "missed_enter"] {
            #expect(svg.contains(#"<g class="entry \#(kind)">"#), "\(kind)")
        }
        #expect(!svg.contains(#"class="entry monitor""#))
        // The region an entry missed is outlined dashed in purple.
        #expect(svg.contains(#"stroke="\#(SVGStyle.missedColor)" stroke-width="1.5" stroke-dasharray="4 3"/>"#))
        // The sidebar: times, legend and facts.
        for text in [
            ">Walk</text>", ">2024-07-04 14:43:56 → 14:58:56 UTC</text>", ">0:15:00 · 5 entries, 4 on the map</text>",
            ">park enter · 1</text>", ">missed enter · 1</text>", ">Presidio</text>", ">fixes: 1,722</text>", ">start · 14:43:56 UTC</text>",
        ] {
            #expect(svg.contains(text), "\(text)")
        }
        #expect(svg == SVGRenderer().render(screen([.timeline(walk)])))
    }

    @Test func markersAreColoredByKindAndPresenceEventsAreDiamonds() {
        #expect(SVGTimelineLayer.color(for: .enter) == SVGTimelineLayer.color(for: .presenceEnter))
        #expect(SVGTimelineLayer.color(for: .exit) == SVGTimelineLayer.color(for: .presenceExit))
        let colors = [Timeline.Entry.Kind.enter, .exit, .dwell, .callout, .calloutHeld, .missedEnter].map(SVGTimelineLayer.color)
        #expect(Set(colors).count == colors.count)
        var svg = SVGMarkup()
        SVGTimelineLayer.marker(.presenceExit, at: (10, 10), radius: 5, into: &svg)
        SVGTimelineLayer.marker(.dwell, at: (10, 10), radius: 5, into: &svg)
        #expect(
            svg.lines == [
                ##"<path d="M10 3.5 L16.5 10 L10 16.5 L3.5 10 Z" fill="\##(SVGStyle.exitColor)" stroke="#FFFFFF" stroke-width="1.5"/>"##,
                ##"<circle cx="10" cy="10" r="5" fill="\##(SVGStyle.dwellColor)" stroke="#FFFFFF" stroke-width="1.5"/>"##,
            ])
    }

    @Test func entriesAtOneSpotFanOutAndTheStartKeepsItsSpot() throws {
        let projection = try #require(SVGLocalProjection(fitting: walk.track, circles: [], side: 800, padding: 40))
        let layer = SVGTimelineLayer(timeline: walk, projection: projection)
        #expect(layer.markers.map(\.entry.kind) == [.presenceEnter, .enter, .callout, .missedEnter])
        let (entered, enter, callout, missed) = (layer.markers[0], layer.markers[1], layer.markers[2], layer.markers[3])
        // The park enter sits on the start marker's spot, so it moves aside, as does the callout after the enter.
        #expect(entered.spot != entered.at)
        #expect(enter.spot == enter.at)
        #expect(callout.at == enter.at && callout.spot != callout.at)
        #expect(abs(hypot(callout.spot.x - callout.at.x, callout.spot.y - callout.at.y) - SVGStyle.stackOffset) < 1e-9)
        #expect(missed.spot == missed.at)
        #expect(layer.drawnKinds.map(\.kind) == [.presenceEnter, .enter, .callout, .missedEnter])
        #expect(layer.missedRegions == ["wharf"])
    }

    /// An exhibit replay: six exhibits about 15 m apart in one building, each a circle of 2 m,
    /// entries at each. The picture frames the building, not 200 m around it, and names every exhibit.
    @Test func anExhibitReplayIsFramedToItsBuildingWithEachExhibitNamed() throws {
        let exhibits = [
            ("Hydrothermal Features", 44.45895, -110.8299), ("How a Geyser Works", 44.45895, -110.829824),
            ("Predicting Old Faithful", 44.458968, -110.829749), ("Life in Extreme Environments", 44.459022, -110.829749),
            ("The Yellowstone Volcano", 44.459031, -110.829837), ("Young Scientist Room", 44.459058, -110.829938),
        ]
        let entries = exhibits.enumerated().flatMap { i, exhibit in
            [Timeline.Entry.Kind.enter, .callout, .dwell, .exit].enumerated().map { k, kind in
                Timeline.Entry(
                    time: Self.start + Double(i * 40 + k * 5), kind: kind, title: exhibit.0, region: exhibit.0, position: Self.at(exhibit.1, exhibit.2))
            }
        }
        let replay = Timeline(
            start: Self.start, end: Self.start + 250, entries: entries,
            regions: exhibits.map { .circle(id: $0.0, name: $0.0, center: Self.at($0.1, $0.2), radius: 2) }, title: "Exhibits")
        let side = SVGStyle.timelineSide
        let projection = try #require(
            SVGLocalProjection(
                fitting: entries.compactMap(\.position), circles: exhibits.map { (Self.at($0.1, $0.2), 2.0) }, side: side, padding: SVGStyle.timelinePadding))
        let points = exhibits.map { projection.point(Self.at($0.1, $0.2)) }
        let spread = max((points.map(\.x).max() ?? 0) - (points.map(\.x).min() ?? 0), (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0))
        #expect(spread > side / 2, "the exhibits spread over the picture: \(spread) of \(side)")
        #expect(points.allSatisfy { $0.x > 0 && $0.x < side && $0.y > 0 && $0.y < side })

        let layer = SVGTimelineLayer(timeline: replay, projection: projection)
        #expect(Set(layer.labels.map(\.label.text)).isSuperset(of: exhibits.map { SVGStyle.truncated($0.0, to: SVGStyle.labelMaxCharacters) }))
        #expect(layer.hiddenLabels == 0)
        let svg = SVGRenderer().render(screen([.timeline(replay)]))
        #expect(isWellFormed(svg))
        for exhibit in exhibits { #expect(svg.contains(">\(exhibit.0)</text>"), "\(exhibit.0)") }
    }

    /// A party whose four members end their walks at one spot: four names, none over another.
    @Test func namesAtThePathsEndsNeverOverlap() throws {
        let camp = Self.at(37.74, -119.60)
        let paths = ["Ana", "Ben", "Cal", "Dee"].enumerated().map { i, name in
            Timeline.Path(
                id: name.lowercased(), name: name, points: [Self.at(37.74 + Double(i) * 0.001, -119.59), Self.at(37.74, -119.60 + Double(i) * 0.00002)])
        }
        let entries = (0..<10).map { Timeline.Entry(time: Self.start + Double($0), kind: $0 % 2 == 0 ? .zoneReturn : .together, title: "Back", position: camp) }
        let party = Timeline(
            start: Self.start, end: Self.start + 60, entries: entries, regions: [.circle(id: "camp", name: "Camp", center: camp, radius: 150)], paths: paths)
        let projection = try #require(
            SVGLocalProjection(fitting: paths.flatMap(\.points), circles: [(camp, 150)], side: 800, padding: SVGStyle.timelinePadding))
        let layer = SVGTimelineLayer(timeline: party, projection: projection)
        let texts = layer.labels.map(\.label.text)
        for name in ["Start", "End", "Ana", "Ben", "Cal", "Dee", "Camp"] { #expect(texts.contains(name), "\(name) in \(texts)") }
        #expect(layer.labels.count + layer.hiddenLabels == 7)
        let boxes = layer.labels.map(\.label.box)
        for (a, box) in boxes.enumerated() {
            for other in boxes[(a + 1)...] { #expect(!box.overlaps(other), "\(box) and \(other)") }
            for marker in layer.markers {
                #expect(!SVGLabelPlacer.Obstacle.circle(x: marker.spot.x, y: marker.spot.y, radius: SVGStyle.entryRadius).overlaps(box))
            }
        }
    }

    @Test func projectionKeepsGroundDistancesAndFitsTheBox() throws {
        // Two points 1 km apart east-west at 45° N, and one 1 km north of the first.
        let metresPerDegree = SVGLocalProjection.metresPerDegree
        let a = Self.at(45, 7), b = Self.at(45, 7 + 1000 / (metresPerDegree * cos(45 * Double.pi / 180)))
        let c = Self.at(45 + 1000 / metresPerDegree, 7)
        let projection = try #require(SVGLocalProjection(fitting: [a, b, c], circles: [], side: 800, padding: 40))
        let (pa, pb, pc) = (projection.point(a), projection.point(b), projection.point(c))
        #expect(abs((pb.x - pa.x) - 720) < 0.5 && abs(pb.y - pa.y) < 0.01)
        #expect(abs((pa.y - pc.y) - 720) < 0.5 && abs(pc.x - pa.x) < 0.01)
        #expect(abs(projection.metresPerPoint - 1000.0 / 720) < 1e-3)
        #expect(abs(projection.points(metres: 500) - 360) < 0.5)
        // A circle widens the box by its radius.
        let circle = try #require(SVGLocalProjection(fitting: [], circles: [(a, 1000)], side: 800, padding: 40))
        #expect(abs(circle.points(metres: 1000) - 360) < 0.5)
        #expect(abs(circle.point(a).x - 400) < 1e-9 && abs(circle.point(a).y - 400) < 1e-9)
        // One point is shown at the least span; nothing finite gives no projection.
        let one = try #require(SVGLocalProjection(fitting: [a], circles: [], side: 800, padding: 40))
        #expect(abs(one.points(metres: SVGLocalProjection.minimumSpan) - 720) < 1e-9)
        #expect(SVGLocalProjection(fitting: [Self.at(.nan, 0)], circles: [], side: 800, padding: 40) == nil)
    }

    @Test func unwrapsLongitudesAcrossTheAntimeridian() throws {
        let track = [Self.at(-17, 179.999), Self.at(-17, -179.999)]
        let projection = try #require(SVGLocalProjection(fitting: track, circles: [], side: 800, padding: 40))
        let (west, east) = (projection.point(track[0]), projection.point(track[1]))
        #expect(east.x > west.x && east.x - west.x < 800)
    }

    @Test func aMapWinsOverATimeline() {
        let map = Component.Map(
            camera: .init(center: Self.at(37.8, -122.46), zoom: 12),
            bbox: .init(west: -122.52, south: 37.72, east: -122.41, north: 37.89), size: .init(width: 390, height: 844))
        #expect(SVGRenderer.canRender(screen([.timeline(walk)])))
        let both = SVGRenderer().render(screen([.timeline(walk), .map(map)]))
        #expect(both.contains("<title>Golden Gate · map</title>"))
        #expect(both == SVGRenderer().render(screen([.map(map)])))
    }

    @Test func timelineWithoutPositionsSaysSo() {
        let svg = SVGRenderer().render(
            screen([
                .timeline(
                    Timeline(
                        start: Self.start, end: Self.start + 1,
                        entries: [
                            .init(time: Self.start, kind: .context, title: "Context pushed")
                        ]))
            ]))
        #expect(isWellFormed(svg))
        #expect(svg.contains(">No positions to draw</text>"))
        #expect(!svg.contains(#"class="entry"#) && !svg.contains("Legend"))
        #expect(svg.contains(">0:00:01 · 1 entry, 0 on the map</text>"))
    }

    @Test func brokenValuesDrawWithoutTrapping() {
        let svg = SVGRenderer().render(
            screen([
                .timeline(
                    Timeline(
                        start: .nan, end: -.infinity,
                        entries: [
                            .init(time: .infinity, kind: .exit, title: "<&>", position: Self.at(.nan, 0)),
                            .init(time: 0, kind: .dwell, title: "", position: Self.at(95, 400)),
                        ],
                        track: [Self.at(.nan, .nan), Self.at(1e300, -1e300)],
                        regions: [
                            .circle(id: "", name: "", center: Self.at(0, 0), radius: .infinity), .area(id: "a", name: "A", rings: [[], [Self.at(0, 0)]]),
                        ],
                        facts: [.init(String(repeating: "long ", count: 80), value: "")]
                    ))
            ]))
        #expect(isWellFormed(svg))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("nan") && !svg.contains("inf\""))
    }
}
