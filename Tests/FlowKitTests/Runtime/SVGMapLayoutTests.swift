@testable import ScreenRendering
import Testing
import GeoKit
import ScreenModel
@testable import FlowKit

/// The map picture's layout on the real parks at several zooms: clusters never overlap,
/// labels never overlap anything and stay inside, and the legend is what is drawn.
@Suite struct SVGMapLayoutTests {
    /// One map request on a real park.
    struct ParkView: Sendable, CustomTestStringConvertible {
        var park: String
        var center: Coordinate?
        var zoom: Double?
        var size: ScreenSize?

        var testDescription: String {
            "\(park) zoom \(zoom.map { "\($0)" } ?? "default")\(size.map { " \($0)" } ?? "")"
        }
    }

    /// Where each park has the most sites to show close up (the park's center, for zoom 12
    /// and more, may be empty: Yellowstone's is). Yosemite has no sites yet.
    static let closeUp: [String: Coordinate?] = [
        "GOGA": Coordinate(latitude: 37.7987, longitude: -122.4682), "GRTE": Coordinate(latitude: 43.7735, longitude: -110.7655),
        "YELL": Coordinate(latitude: 44.4677, longitude: -110.8378), "YOSE": nil,
    ]

    static let views: [ParkView] =
        ["GOGA", "GRTE", "YELL", "YOSE"].flatMap { park in
            [ParkView(park: park)] + [12.0, 14, 16].map { ParkView(park: park, center: closeUp[park] ?? nil, zoom: $0) }
        } + [
            ParkView(park: "YELL", size: ScreenSize(width: 600, height: 400)),
            ParkView(park: "GOGA", zoom: 13, size: ScreenSize(width: 1200, height: 1200)),
            ParkView(park: "GRTE", zoom: 8, size: ScreenSize(width: 320, height: 480)),
        ]

    /// The screen, its map and the map's layout for `view`.
    static func layout(_ view: ParkView) throws -> (screen: Screen, map: Component.Map, layout: SVGMapLayout) {
        let request = FlowRequest(flow: "map", size: view.size, view: MapView(center: view.center, zoom: view.zoom))
        let screen = try FlowRuntime(root: repository, park: view.park, time: fixedTime).run(request)
        let map = try #require(screen.sections.lazy.compactMap { if case .map(let map) = $0 { map } else { nil } }.first)
        let projection = SVGProjection(bbox: map.bbox, width: map.size.width, height: map.size.height)
        return (screen, map, SVGMapLayout(screen: screen, map: map, projection: projection))
    }

    @Test(arguments: views)
    func clustersNeverOverlap(view: ParkView) throws {
        let (_, map, layout) = try Self.layout(view)
        let projection = SVGProjection(bbox: map.bbox, width: map.size.width, height: map.size.height)
        let clusters = layout.clusters
        for (a, first) in clusters.enumerated() {
            for second in clusters[(a + 1)...] {
                let distance = ((first.x - second.x) * (first.x - second.x) + (first.y - second.y) * (first.y - second.y)).squareRoot()
                #expect(
                    distance >= first.outerRadius + second.outerRadius + SVGStyle.clusterGap - 1e-6,
                    "\(first.cluster.id) and \(second.cluster.id): \(distance) apart, radii \(first.outerRadius) and \(second.outerRadius)")
            }
        }
        for cluster in clusters {
            // Nudged at most clusterMaxShift from where the cluster is, never bigger than its count asks.
            let home = projection.point(cluster.cluster.coordinate)
            let shift = ((cluster.x - home.x) * (cluster.x - home.x) + (cluster.y - home.y) * (cluster.y - home.y)).squareRoot()
            #expect(shift <= SVGStyle.clusterMaxShift + 1e-6)
            #expect(cluster.outerRadius <= SVGMapLayer.radius(count: cluster.cluster.count) + SVGMapLayout.ringReach + 1e-9)
        }
    }

    /// The views above do crowd clusters: without the layout, their discs would overlap.
    @Test func theRealParksCrowdClusters() throws {
        var crowded = 0
        for view in Self.views {
            let (_, map, _) = try Self.layout(view)
            let projection = SVGProjection(bbox: map.bbox, width: map.size.width, height: map.size.height)
            let wanted = map.annotations.compactMap { annotation -> SVGClusterDiscs.Disc? in
                guard case .cluster(let cluster) = annotation else { return nil }
                let at = projection.point(cluster.coordinate)
                return .init(x: at.x, y: at.y, radius: SVGMapLayer.radius(count: cluster.count) + SVGMapLayout.ringReach)
            }
            crowded += SVGClusterDiscs.overlapping(wanted).count
        }
        #expect(crowded > 50)
    }

    @Test(arguments: views)
    func labelsOverlapNothingAndStayInside(view: ParkView) throws {
        let (_, map, layout) = try Self.layout(view)
        let boxes = layout.labels.map(\.box)
        for (a, box) in boxes.enumerated() {
            #expect(box.minX >= 0 && box.minY >= 0 && box.maxX <= map.size.width && box.maxY <= map.size.height, "\(box)")
            for other in boxes[(a + 1)...] { #expect(!box.overlaps(other), "\(box) and \(other)") }
            for pin in layout.pins {
                #expect(!SVGLabelPlacer.Obstacle.circle(x: pin.x, y: pin.y, radius: SVGMapLayout.pinReach).overlaps(box), "\(box) on \(pin.pin.title)")
            }
            for cluster in layout.clusters {
                #expect(!SVGLabelPlacer.Obstacle.circle(x: cluster.x, y: cluster.y, radius: cluster.outerRadius).overlaps(box))
            }
        }
        #expect(layout.labels.count + layout.hiddenLabels == layout.pins.count)
    }

    /// The panels are bands around the map: none reaches into the map's area, where every
    /// cluster, pin and label is drawn (cut to it).
    @Test(arguments: views)
    func panelsLieOutsideTheMap(view: ParkView) throws {
        let (_, map, layout) = try Self.layout(view)
        let area = layout.bands.mapArea
        #expect(area.maxX - area.minX == map.size.width && area.maxY - area.minY == map.size.height)
        for panel in layout.bands.boxes { #expect(!panel.overlaps(area), "\(panel)") }
        #expect(layout.bands.pictureHeight == area.maxY + (layout.bands.boxes.count > 1 ? layout.bands.footerHeight : 0))
    }

    @Test(arguments: views)
    func legendListsWhatIsDrawnMostCommonFirstInDistinctColors(view: ParkView) throws {
        let (screen, _, layout) = try Self.layout(view)
        let entries = layout.legend.entries
        let colors = entries.map(\.color)
        #expect(Set(colors).count == colors.count)
        let ranked = entries.filter { $0.color != SVGStyle.uncategorised }
        #expect(ranked.map(\.count) == ranked.map(\.count).sorted(by: >))
        #expect(entries.dropLast().allSatisfy { $0.color != SVGStyle.uncategorised })
        // Every pin and every part of every ring is drawn in a color the legend explains.
        for pin in layout.pins { #expect(colors.contains(layout.legend.color(for: pin.pin.category))) }
        for cluster in layout.clusters {
            for part in layout.legend.ring(of: cluster.cluster) { #expect(colors.contains(part.color)) }
        }
        // The legend's counts add up to the sites drawn.
        let drawn = layout.pins.count + layout.clusters.reduce(0) { $0 + $1.cluster.count }
        #expect(entries.reduce(0) { $0 + $1.count } == drawn)
        let svg = SVGRenderer().render(screen)
        #expect(svg.contains("hidden to avoid overlap") == (layout.hiddenLabels > 0))
    }
}
