import ScreenSamples
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ScreenRendering
import ScreenModel

@Suite struct SVGRendererTests {
    typealias Map = Component.Map

    private func screen(_ map: Map?, title: String = "Golden Gate") -> Screen {
        Screen(park: "GOGA", flow: "map", title: title, sections: [.text(.init("Sites"))] + (map.map { [.map($0)] } ?? []))
    }

    private func map(
        bbox: Map.BoundingBox = .init(west: -122.52, south: 37.72, east: -122.41, north: 37.89),
        size: Map.Size = .init(width: 390, height: 844), annotations: [Map.Annotation] = [], boundary: [Map.Ring] = []
    ) -> Map {
        Map(
            camera: .init(center: .init(latitude: 37.8, longitude: -122.46), zoom: 12), bbox: bbox, size: size,
            annotations: annotations, boundary: boundary)
    }

    private func pin(_ id: String, _ latitude: Double, _ longitude: Double, title: String? = nil, category: String? = nil) -> Map.Annotation {
        .pin(.init(id: id, coordinate: .init(latitude: latitude, longitude: longitude), title: title ?? id, category: category))
    }

    /// Whether `svg` parses as XML.
    private func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    /// The numbers after `attribute="` in `svg`, in order.
    private func values(of attribute: String, in svg: String) -> [Double] {
        svg.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { Double($0.prefix { $0 != "\"" }) }
    }

    @Test func canRenderOnlyScreensWithAMap() {
        #expect(SVGRenderer.canRender(screen(map())))
        #expect(!SVGRenderer.canRender(screen(nil)))
        #expect(!SVGRenderer.canRender(GoldenScreens.gogaHome))
    }

    @Test func screenWithoutAMapSaysSo() {
        let svg = SVGRenderer().render(screen(nil, title: "Fort <Point> & \"friends\""))
        #expect(svg.contains("No map on this screen"))
        #expect(svg.contains(#"width="320" height="80""#))
        #expect(svg.contains("Fort &lt;Point&gt; &amp; &quot;friends&quot;"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(isWellFormed(svg))
    }

    @Test func goldenIsWellFormedAndStandalone() {
        let svg = SVGRenderer().render(GoldenScreens.gogaMap)
        #expect(isWellFormed(svg))
        #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        // The map keeps its size, in an svg of its own between the header and footer bands.
        #expect(svg.contains(#"width="390" height="844" viewBox="0 0 390 844" overflow="hidden">"#))
        #expect(svg.contains(#"<svg class="map-area" x="0" y=""#))
        for external in ["href", "url(", "@import", "<image", "<script"] {
            #expect(!svg.contains(external), "\(external)")
        }
        #expect(svg == SVGRenderer().render(GoldenScreens.gogaMap))
    }

    @Test func escapesTextAndDropsCharactersXMLForbids() {
        let svg = SVGRenderer().render(
            screen(
                map(annotations: [pin("p", 37.8, -122.46, title: "Rock & <Roll> \"Café\" 'n'\u{1}\u{FFFE}", category: "a&b")]),
                title: "Park <&>"
            ))
        #expect(isWellFormed(svg))
        #expect(svg.contains("Rock &amp; &lt;Roll&gt; &quot;Café&quot; &apos;n&apos;</text>"))
        #expect(svg.contains("Park &lt;&amp;&gt;"))
        #expect(!svg.contains("\u{1}"))
    }

    @Test func drawsClustersBySizeWithTheirCountAndCategoryRing() {
        let svg = SVGRenderer().render(
            screen(
                map(annotations: [
                    .cluster(
                        .init(
                            id: "big", coordinate: .init(latitude: 37.80, longitude: -122.46), count: 1234, expansionZoom: 13,
                            categories: [.init("historic", count: 1000), .init("trail", count: 234)])),
                    .cluster(.init(id: "small", coordinate: .init(latitude: 37.75, longitude: -122.44), count: 2, expansionZoom: 15)),
                ])))
        #expect(svg.contains(">1.2k</text>"))
        #expect(svg.contains(">2</text>"))
        // The map's own circles, after the bands' swatches.
        let radii = values(of: "r", in: String(svg.split(separator: #"class="map-area""#).last ?? ""))
        #expect(radii.first == SVGMapLayer.radius(count: 1234))
        #expect(SVGMapLayer.radius(count: 1234) > SVGMapLayer.radius(count: 57))
        #expect(SVGMapLayer.radius(count: 57) > SVGMapLayer.radius(count: 2))
        #expect(SVGMapLayer.radius(count: 1_000_000) == SVGStyle.clusterMaxRadius)
        // Two arcs for the two categories; the small cluster without categories has none.
        #expect(svg.components(separatedBy: #"stroke-width="3.5""#).count - 1 == 2)
    }

    @Test func labelsThatFindNoRoomAreCountedInTheHeader() {
        func pins(_ count: Int, spacing: Double) -> [Map.Annotation] {
            (0..<count).map { pin("p\($0)", 37.80 + Double($0 / 6) * spacing, -122.47 + Double($0 % 6) * spacing, title: "Site \($0)") }
        }
        let roomy = SVGRenderer().render(screen(map(annotations: pins(6, spacing: 0.01))))
        #expect(roomy.contains(">Site 0</text>") && roomy.contains(">Site 5</text>"))
        #expect(!roomy.contains("hidden to avoid overlap"))
        // 60 pins about 7 points apart: labels for a few (some on leaders), the count of the rest in the header.
        let crowded = SVGRenderer().render(screen(map(annotations: pins(60, spacing: 0.002))))
        let labelled = (0..<60).filter { crowded.contains(">Site \($0)</text>") }.count
        #expect(labelled > 0 && labelled < 60)
        #expect(crowded.contains(">\(60 - labelled) labels hidden to avoid overlap</text>"))
        #expect(crowded.contains("<title>Site 59</title>"))
    }

    @Test func aPileOnOneSpotDrawsTheFirstClustersAndCountsTheRest() {
        // A flow may put thousands of annotations on one spot; the picture stays drawable.
        let spot = Component.Coordinate(latitude: 37.8, longitude: -122.46)
        let clusters = (0..<3000).map { Map.Annotation.cluster(.init(id: "c\($0)", coordinate: spot, count: 2, expansionZoom: 13)) }
        let pins = (0..<3000).map { pin("p\($0)", 37.8, -122.46, title: "Site \($0)") }
        let map = map(annotations: clusters + pins)
        let layout = SVGMapLayout(screen: screen(map), map: map, projection: SVGProjection(bbox: map.bbox, width: 390, height: 844))
        #expect(layout.clusters.count + layout.hiddenClusters == 3000)
        #expect(layout.clusters.count <= SVGClusterDiscs.cellCapacity)
        let discs = layout.clusters.map { SVGClusterDiscs.Disc(x: $0.x, y: $0.y, radius: $0.outerRadius) }
        #expect(SVGClusterDiscs.overlapping(discs).isEmpty)
        #expect(layout.labels.count + layout.hiddenLabels == 3000 && layout.labels.count <= 16)
        let svg = SVGRenderer().render(screen(map))
        #expect(svg.contains(">\(layout.hiddenClusters) clusters hidden to avoid overlap</text>"))
        #expect(svg.contains(">\(layout.hiddenLabels) labels hidden to avoid overlap</text>"))
    }

    @Test func pinsAreColoredByCategoryAndListedInTheLegend() {
        let map = map(annotations: [
            pin("a", 37.8, -122.46, category: "viewpoint"), pin("b", 37.81, -122.45, category: "beach"), pin("c", 37.82, -122.44),
            pin("d", 37.83, -122.44, category: "viewpoint"),
        ])
        let layout = SVGMapLayout(screen: screen(map), map: map, projection: SVGProjection(bbox: map.bbox, width: 390, height: 844))
        #expect(layout.legend.entries.map(\.label) == ["viewpoint", "beach", "other"])
        #expect(layout.legend.color(for: "viewpoint") == SVGStyle.palette[0])
        #expect(layout.legend.color(for: "beach") == SVGStyle.palette[1])
        #expect(layout.legend.color(for: nil) == SVGStyle.uncategorised)
        let svg = SVGRenderer().render(screen(map))
        #expect(svg.contains(">viewpoint</text>") && svg.contains(">beach</text>") && svg.contains(">other</text>"))
        #expect(svg.contains(##"fill="\##(SVGStyle.palette[0])" stroke="#FFFFFF" stroke-width="1.5""##))
    }

    /// Favorites and own pins are layers over the sites: a star and a diamond, a legend entry
    /// each, labels of their own (a favorite's site is not labelled twice), and no site counted twice.
    @Test func theVisitorsLayersAreMarkedAndListedInTheLegend() {
        let fort = Component.Coordinate(latitude: 37.8105, longitude: -122.4770)
        let map = map(annotations: [
            pin("nps-poi:goga:0001", fort.latitude, fort.longitude, title: "Fort Point", category: "historic"),
            .pin(.init(id: "favorite:nps-poi:goga:0001", coordinate: fort, title: "Fort Point", category: "historic", layer: .favorites)),
            .pin(.init(id: "pin:4", coordinate: .init(latitude: 37.79, longitude: -122.44), title: "Picnic spot", layer: .own)),
        ])
        let layout = SVGMapLayout(screen: screen(map), map: map, projection: SVGProjection(bbox: map.bbox, width: 390, height: 844))
        #expect(layout.pins.map(\.pin.id) == ["nps-poi:goga:0001"])
        #expect(layout.layerPins.map(\.pin.id) == ["favorite:nps-poi:goga:0001", "pin:4"])
        #expect(layout.legend.entries.map(\.label) == ["historic"], "a layer takes no category color")
        #expect(layout.legend.layers.map(\.layer) == [.favorites, .own] && layout.legend.layers.map(\.count) == [1, 1])
        #expect(layout.labels.map(\.text) == ["Fort Point", "Picnic spot"] && layout.hiddenLabels == 0)
        let svg = SVGRenderer().render(screen(map))
        #expect(isWellFormed(svg))
        #expect(svg.contains(##"<g class="favorite">"##) && svg.contains(##"fill="\##(SVGStyle.favoriteFill)""##))
        #expect(svg.contains(##"<g class="own-pin">"##) && svg.contains(##"fill="\##(SVGStyle.ownPinFill)""##))
        #expect(svg.contains(">favorites</text>") && svg.contains(">your pins</text>"))
        #expect(svg.contains(">zoom 12 · 1 site</text>"))
    }

    /// A crowded map: clusters, pins and the visitor's own markers everywhere, the ones at the
    /// edges too. The panels are bands outside the map's area, so no mark's drawn part lies
    /// under one; every label stays in the map's area.
    @Test func panelsCoverNoClusterPinOrLabelOnACrowdedMap() throws {
        let box = map().bbox
        var annotations: [Map.Annotation] = []
        for row in 0..<14 {
            for column in 0..<7 {
                let coordinate = Component.Coordinate(
                    latitude: box.south + (box.north - box.south) * Double(row) / 13, longitude: box.west + (box.east - box.west) * Double(column) / 6)
                let id = "\(row)-\(column)"
                switch (row + column) % 4 {
                case 0: annotations.append(.cluster(.init(id: id, coordinate: coordinate, count: 10 + row * column, expansionZoom: 13)))
                case 1: annotations.append(pin(id, coordinate.latitude, coordinate.longitude, title: "Site \(id)", category: "c\(row % 9)"))
                case 2: annotations.append(.pin(.init(id: "pin:\(id)", coordinate: coordinate, title: "Mine \(id)", layer: .own)))
                default: annotations.append(.pin(.init(id: "favorite:\(id)", coordinate: coordinate, title: "Fav \(id)", layer: .favorites)))
                }
            }
        }
        let crowded = map(annotations: annotations)
        let layout = SVGMapLayout(screen: screen(crowded), map: crowded, projection: SVGProjection(bbox: crowded.bbox, width: 390, height: 844))
        let area = layout.bands.mapArea
        #expect(area.maxX - area.minX == 390 && area.maxY - area.minY == 844, "the map keeps its size")
        #expect(layout.bands.boxes.count == 2, "a header and a footer")
        #expect(layout.clusters.count > 10 && layout.pins.count > 10 && layout.layerPins.count > 10)
        // Each mark's box in picture points, cut to the map's area as the picture cuts it.
        func drawn(_ x: Double, _ y: Double, _ r: Double) -> SVGMapLayer.Box? {
            let box = SVGMapLayer.Box(
                minX: max(x - r, 0) + area.minX, minY: max(y - r, 0) + area.minY, maxX: min(x + r, 390) + area.minX, maxY: min(y + r, 844) + area.minY)
            return box.minX < box.maxX && box.minY < box.maxY ? box : nil
        }
        let marks =
            layout.clusters.compactMap { drawn($0.x, $0.y, $0.outerRadius) } + layout.pins.compactMap { drawn($0.x, $0.y, SVGMapLayout.pinReach) }
            + layout.layerPins.compactMap { drawn($0.x, $0.y, SVGMapLayout.layerReach) }
            + layout.labels.compactMap { drawn(($0.box.minX + $0.box.maxX) / 2, ($0.box.minY + $0.box.maxY) / 2, 0.1) }
        #expect(marks.count > 40)
        for panel in layout.bands.boxes {
            #expect(!panel.overlaps(area), "\(panel) in the map's area")
            for mark in marks { #expect(!panel.overlaps(mark), "\(panel) covers \(mark)") }
        }
        for label in layout.labels {
            #expect(label.box.minX >= 0 && label.box.minY >= 0 && label.box.maxX <= 390 && label.box.maxY <= 844, "\(label.box)")
        }
        let svg = SVGRenderer().render(screen(crowded))
        #expect(isWellFormed(svg))
        #expect(svg.contains(#"viewBox="0 0 390 \#(SVGMarkup.number(layout.bands.pictureHeight))""#))
        #expect(svg.contains(#"<svg class="map-area" x="0" y="\#(SVGMarkup.number(area.minY))" width="390" height="844""#))
    }

    @Test func favoritesOnAClusterSitOnItsRimClearOfTheCount() throws {
        let spot = Component.Coordinate(latitude: 37.79, longitude: -122.457)
        let map = map(annotations: [
            .cluster(.init(id: "c", coordinate: spot, count: 57, expansionZoom: 14, categories: [.init("historic", count: 57)])),
            .pin(.init(id: "favorite:a", coordinate: spot, title: "Alcatraz", category: "historic", layer: .favorites)),
            .pin(.init(id: "favorite:b", coordinate: .init(latitude: 37.7901, longitude: -122.4571), title: "Fort Mason", layer: .favorites)),
        ])
        let layout = SVGMapLayout(screen: screen(map), map: map, projection: SVGProjection(bbox: map.bbox, width: 390, height: 844))
        let cluster = try #require(layout.clusters.first)
        let stars = layout.layerPins
        #expect(stars.count == 2)
        for star in stars {
            #expect(abs(hypot(star.x - cluster.x, star.y - cluster.y) - cluster.outerRadius) < 1e-6, "on the rim")
        }
        #expect(stars[0].x > cluster.x && stars[0].y < cluster.y, "the first at the top right")
        #expect(hypot(stars[0].x - stars[1].x, stars[0].y - stars[1].y) >= 2 * SVGMapLayout.layerReach - 1e-6, "apart, not stacked")
    }

    @Test func unwrapsTheEastAcrossTheAntimeridian() {
        let fiji = map(
            bbox: .init(west: 177, south: -19, east: -178, north: -15), size: .init(width: 500, height: 500),
            annotations: [
                pin("west", -17, 178), pin("date-line-west", -17, 179.9), pin("date-line-east", -17, -179.9), pin("east", -17, -179),
            ])
        let svg = SVGRenderer().render(screen(fiji))
        let dots = svg.split(separator: "\n").filter { $0.contains("<circle") && $0.contains(#"r="5.5""#) }
        let xs = values(of: "cx", in: dots.joined(separator: "\n"))
        #expect(xs.count == 4)
        #expect(xs == xs.sorted())
        #expect(xs.allSatisfy { $0 > 0 && $0 < 500 })
        // 0.2° apart across the date line: 20 points of a 500-point picture 5° wide.
        #expect(abs((xs[2] - xs[1]) - 20) < 0.5)
    }

    @Test func projectionFitsTheBoxAndKeepsProportions() {
        let projection = SVGProjection(bbox: .init(west: -122.5123, south: 37.7240, east: -122.4177, north: 37.8859), width: 390, height: 844)
        let northWest = projection.point(.init(latitude: 37.8859, longitude: -122.5123))
        let southEast = projection.point(.init(latitude: 37.7240, longitude: -122.4177))
        #expect(abs(northWest.x) < 0.5 && abs(northWest.y) < 0.5)
        #expect(abs(southEast.x - 390) < 0.5 && abs(southEast.y - 844) < 0.5)
        // The box was cut for zoom 11.5 with 512-point tiles: about 21.35 m per point at 37.8° N.
        let expected = SVGProjection.earthCircumference * cos(37.805 * .pi / 180) / (512 * pow(2, 11.5))
        #expect(abs((projection.metresPerPoint ?? 0) / expected - 1) < 0.002)
    }

    @Test(arguments: [
        (22.0, "2 km", 2000.0), (1.0, "100 m", 100.0), (0.05, "5 m", 5.0), (900.0, "50 km", 50_000.0),
    ])
    func scaleBarPicksARoundDistance(metresPerPoint: Double, label: String, metres: Double) {
        let bar = SVGScaleBar.round(metresPerPoint: metresPerPoint, maxPoints: 110)
        #expect(bar.label == label)
        #expect(abs(bar.points * metresPerPoint - metres) < 1e-6)
        #expect(bar.points <= 110)
    }

    @Test func invalidMapsRenderWithoutTrappingOrInvalidNumbers() {
        let broken = Map(
            camera: .init(center: .init(latitude: .nan, longitude: .infinity), zoom: -3),
            bbox: .init(west: .nan, south: 50, east: 200, north: -50),
            size: .init(width: 0, height: .infinity),
            annotations: [
                .cluster(
                    .init(
                        id: "", coordinate: .init(latitude: .infinity, longitude: 0), count: -5, expansionZoom: 99,
                        categories: [.init("", count: -1), .init("x", count: Int.max)])),
                pin("p", .nan, .nan, title: ""),
                .cluster(
                    .init(
                        id: "c", coordinate: .init(latitude: 0, longitude: 0), count: Int.max, expansionZoom: 0,
                        categories: [.init("a", count: Int.max), .init("b", count: Int.max)])),
            ],
            boundary: [[], [.init(latitude: .nan, longitude: 1)], [.init(latitude: 1e300, longitude: -1e300)]]
        )
        let svg = SVGRenderer().render(screen(broken, title: ""))
        #expect(isWellFormed(svg))
        #expect(svg.contains(#"width="390" height="844" viewBox="0 0 390 844" overflow="hidden""#))
        for bad in ["nan", "inf", "\"-0\""] {
            #expect(!svg.contains(bad), "\(bad)")
        }
    }
}
