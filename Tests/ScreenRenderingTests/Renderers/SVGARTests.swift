import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ScreenRendering
import ScreenModel

/// The `ar` component in SVG: drawn when a screen has no map, with the backdrop, one
/// label per pin back to front, and the off-screen hints.
@Suite struct SVGARTests {
    typealias AR = Component.AR

    private func screen(_ sections: [Component], title: String = "Look around") -> Screen {
        Screen(park: "GOGA", flow: "ar", title: title, sections: [.text(.init("Point your phone"))] + sections)
    }

    private func view(
        heading: Double = 90, pitch: Double = 0, fov: Double = 60, pins: [AR.Pin] = [], offScreen: [AR.OffScreen] = [], empty: String? = nil
    ) -> AR {
        AR(
            camera: .init(position: .init(latitude: 37.8077, longitude: -122.4750), heading: heading, pitch: pitch, fieldOfView: fov),
            size: .init(width: 390, height: 844), maximumDistance: 5000, pins: pins, offScreen: offScreen, empty: empty)
    }

    private func pin(_ title: String, z: Int, x: Double = 195, stack: Int = 0, distance: Double = 1000) -> AR.Pin {
        .init(
            id: title, title: title, coordinate: .init(latitude: 37.8, longitude: -122.46), distance: distance, bearing: 90,
            x: x, y: 422, label: .init(x: x - 50, y: 382 - Double(stack) * 28, width: 100, height: 28), stack: stack, z: z)
    }

    private func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    private func count(_ needle: String, in svg: String) -> Int {
        svg.components(separatedBy: needle).count - 1
    }

    @Test func drawsTheFirstARViewWhenThereIsNoMap() {
        let ar = screen([.ar(view(pins: [pin("Fort Point", z: 0)]))])
        #expect(SVGRenderer.canRender(ar))
        let svg = SVGRenderer().render(ar)
        #expect(isWellFormed(svg))
        #expect(svg.contains("<title>Look around · AR view</title>"))
        #expect(svg.contains(#"width="390" height="844" viewBox="0 0 390 844""#))
        #expect(svg == SVGRenderer().render(ar))
        // A map comes first, wherever it is.
        let map = Component.Map(
            camera: .init(center: .init(latitude: 37.8, longitude: -122.46), zoom: 12),
            bbox: .init(west: -122.52, south: 37.72, east: -122.41, north: 37.89), size: .init(width: 390, height: 844))
        let both = SVGRenderer().render(screen([.ar(view(pins: [pin("Fort Point", z: 0)])), .map(map)]))
        #expect(both.contains("<title>Look around · map</title>"))
        #expect(!both.contains("ar-pin"))
    }

    @Test func oneLabelPerPinDrawnBackToFront() {
        let pins = [pin("Middle", z: 1, x: 120, stack: 1), pin("Near", z: 0, x: 195), pin("Far", z: 2, x: 260, stack: 2, distance: 4000)]
        let svg = SVGRenderer().render(screen([.ar(view(pins: pins))]))
        #expect(count(#"class="ar-pin""#, in: svg) == 3)
        #expect(count(#"class="ar-label""#, in: svg) == 3)
        #expect(count(#"r="5" fill="\#(SVGStyle.AR.accent)""#, in: svg) == 3)
        // Highest z first, so z 0 ends on top.
        let order = ["Far", "Middle", "Near"].map { svg.range(of: ">\($0)</text>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(svg.contains(">1.0 km</text>") && svg.contains(">4.0 km</text>"))
        // A leader from the far site's dot up to the bottom of its label, two rows above.
        #expect(svg.contains(#"d="M260 422 L260 354""#))
    }

    @Test func hintsSitAtTheEdgeTheyPointTo() {
        let svg = SVGRenderer().render(
            screen([
                .ar(
                    view(offScreen: [
                        .init(id: "a", title: "Alcatraz Island", distance: 4870, bearing: 57, turn: .left, degrees: 33),
                        .init(id: "s", title: "Sutro Baths", distance: 9960, bearing: 165, turn: .right, degrees: 75),
                        .init(id: "c", title: "Crissy Field", distance: 2100, bearing: 20, turn: .left, degrees: 70),
                    ]))
            ]))
        #expect(count(#"class="ar-hint""#, in: svg) == 3)
        #expect(svg.contains(#">Alcatraz Island</text>"#) && svg.contains(">turn left 33° · 4.9 km</text>"))
        #expect(svg.contains(">turn right 75° · 10.0 km</text>"))
        // Left arrows point left from x 12, the right one right from x 378; left texts start, right texts end.
        #expect(count(#"<path d="M12 "#, in: svg) == 2)
        #expect(count(#"<path d="M378 "#, in: svg) == 1)
        #expect(svg.contains(#"text-anchor="end" font-size="11.5" font-weight="bold" fill="\#(SVGStyle.AR.lightInk)">Sutro Baths"#))
    }

    @Test func horizonFollowsThePitch() {
        // focal = 195 / tan 30° = 337.75; horizon = 422 + focal × tan 10° = 481.55.
        let up = SVGRenderer().render(screen([.ar(view(pitch: 10))]))
        #expect(up.contains(#"class="horizon" d="M0 481.55 H390""#))
        #expect(up.contains(#"class="sky""#) && up.contains(#"class="ground""#))
        let level = SVGARBackdrop(camera: view().camera, width: 390, height: 844)
        #expect(abs(level.horizonY - 422) < 1e-9)
        #expect(abs(level.focal - 195 / tan(Double.pi / 6)) < 1e-9)
        // Tilted far up, the horizon falls below the screen: all sky, no line.
        let sky = SVGRenderer().render(screen([.ar(view(pitch: 80))]))
        #expect(!sky.contains(#"class="horizon""#) && !sky.contains(#"class="ground""#))
        let ground = SVGRenderer().render(screen([.ar(view(pitch: -80))]))
        #expect(!ground.contains(#"class="sky""#) && ground.contains(#"class="ground""#))
    }

    @Test func compassShowsTheHeadingsInView() {
        let east = SVGRenderer().render(screen([.ar(view(heading: 90))]))
        #expect(east.contains(#"<text x="195" y="17" text-anchor="middle" font-size="13" fill="\#(SVGStyle.AR.tick)" font-weight="bold">E</text>"#))
        #expect(!east.contains(">N</text>") && !east.contains(">NE</text>"))
        #expect(east.contains(">90° E</text>"))
        // Looking north with a wide lens: NW, N and NE, and no E or W.
        let north = SVGRenderer().render(screen([.ar(view(heading: 0, fov: 100))]))
        #expect(north.contains(">N</text>") && north.contains(">NW</text>") && north.contains(">NE</text>"))
        #expect(!north.contains(">E</text>") && !north.contains(">W</text>"))
        // Degrees between the compass points; none cut in half at the edges.
        #expect(east.contains(">75</text>") && east.contains(">105</text>"))
        #expect(!east.contains(">60</text>") && !east.contains(">120</text>"))
        let backdrop = SVGARBackdrop(camera: view(heading: 350, fov: 100).camera, width: 390, height: 844)
        #expect(backdrop.x(forHeading: 170) == nil)
        #expect(abs((backdrop.x(forHeading: 350) ?? 0) - 195) < 1e-9)
        #expect((backdrop.x(forHeading: 0) ?? 0) > 195)
    }

    @Test func emptyViewSaysSo() {
        let svg = SVGRenderer().render(screen([.ar(view(empty: "Nothing within 5 km this way"))]))
        #expect(svg.contains(">Nothing within 5 km this way</text>"))
        #expect(!svg.contains(#"class="ar-pin""#))
        #expect(SVGRenderer().render(screen([.ar(view())])).contains(">No sites in view</text>"))
    }

    @Test func escapesAndCutsLongTitles() {
        let long = "The Very Long Name of a Battery & <Fort> on the Headlands"
        let svg = SVGRenderer().render(screen([.ar(view(pins: [pin(long, z: 0)]))], title: "A & B"))
        #expect(isWellFormed(svg))
        #expect(svg.contains("<title>\(SVGMarkup.escape(long)) · 1.0 km · bearing 90° E</title>"))
        #expect(svg.contains(">The Very Lo…</text>"))  // 12 characters fit the 100-point box
        #expect(svg.contains("<title>A &amp; B · AR view</title>"))
    }

    @Test func brokenViewsRenderWithoutTrappingOrInvalidNumbers() {
        let broken = AR(
            camera: .init(position: .init(latitude: .nan, longitude: .infinity), heading: .nan, pitch: .infinity, fieldOfView: 0),
            size: .init(width: 0, height: .infinity), maximumDistance: -1,
            pins: [
                .init(
                    id: "", title: "", coordinate: .init(latitude: 0, longitude: 0), distance: .nan, bearing: .infinity,
                    x: .nan, y: -.infinity, label: .init(x: .nan, y: 1e300, width: -5, height: .infinity), stack: -1, z: Int.max),
                .init(
                    id: "b", title: "B", coordinate: .init(latitude: 0, longitude: 0), distance: 1e300, bearing: -1e300,
                    x: 1e300, y: -1e300, label: .init(x: -1e300, y: 1e300, width: 1e300, height: 1), stack: Int.max, z: Int.min),
            ],
            offScreen: [.init(id: "", title: "", distance: .nan, bearing: .nan, turn: .left, degrees: .nan)]
        )
        let svg = SVGRenderer().render(screen([.ar(broken)], title: ""))
        #expect(isWellFormed(svg))
        #expect(svg.contains(#"width="390" height="844""#))
        for bad in ["\"nan", "\"inf", "\"-inf", "\"-0\""] {
            #expect(!svg.contains(bad), "\(bad)")
        }
    }
}
