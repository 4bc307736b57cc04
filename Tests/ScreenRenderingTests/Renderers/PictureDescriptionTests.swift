import Foundation
import ScreenModel
import ScreenSamples
import Testing

@testable import ScreenRendering

/// The text alternatives of the pictures drawn from data: what a map, an AR view and a
/// timeline's map show, said in words, in the HTML renderer's figure and the SVG's `<desc>`.
@Suite struct PictureDescriptionTests {
    static func screen(_ name: String) throws -> Screen {
        try #require(GoldenScreens.all.first { $0.name == name }?.screen)
    }

    @Test func aMapSaysHowManySitesWhereAndWhichByName() throws {
        let screen = try Self.screen("goga-map")
        let map = try #require(screen.sections.first { $0.type == "map" })
        let text = try #require(PictureDescription.text(of: map, on: screen))
        #expect(
            text.hasPrefix(
                "Map of Golden Gate National Recreation Area: 100 sites, 93 of them in 4 clusters. Clusters: 57 sites (historic 30, trail 15, viewpoint 12) in the centre; 23 sites"
            ))
        #expect(text.contains("Sites: Fort Point (historic) in the centre,"))
        #expect(text.contains("and 2 more."), "the sites past five are counted, not named")
        #expect(text.hasSuffix("The park's boundary is outlined."))
    }

    @Test func anARViewSaysWhereItFacesAndWhatIsAheadNearestFirst() throws {
        let screen = try Self.screen("goga-ar")
        let ar = try #require(screen.sections.first { $0.type == "ar" })
        let text = try #require(PictureDescription.text(of: ar, on: screen))
        #expect(
            text.hasPrefix(
                "AR view facing east (97°): 5 sites within 6.0 km. Nearest first: Warming Hut 480 m ahead, Presidio Officers' Club 1.8 km 27° to the right,"))
        #expect(text.hasSuffix("Off screen: Alcatraz Island 5.0 km, turn left 32°; and Mountain Lake 2.3 km, turn right 71°."))
    }

    @Test func anEmptyARViewSaysWhatTheFlowSays() {
        let camera = Component.AR.Camera(position: .init(latitude: 37.8, longitude: -122.47), heading: 225)
        let ar = Component.AR(
            camera: camera, size: .init(width: 390, height: 844), maximumDistance: 2000, pins: [], offScreen: [], empty: "Nothing within 2 km.")
        #expect(PictureDescription.ar(ar) == "AR view facing south-west (225°): Nothing within 2 km.")
    }

    @Test func aTimelineSaysWhenItsRegionsAndWhatHappened() throws {
        let screen = try Self.screen("goga-timeline")
        let timeline = try #require(screen.sections.first { $0.type == "timeline" })
        #expect(
            PictureDescription.text(of: timeline, on: screen)
                == "Map of Geofence replay · Crissy Field to the bridge from 07:43:56 to 09:10:02, the track drawn. 6 regions: Presidio of San Francisco, Crissy Field, Torpedo Wharf, Fort Point, Golden Gate Bridge Welcome Center and 1 more. 18 events marked (park enter 1, park exit 1, enter 3, exit 3, dwell 2 and 5 more), listed with their times."
        )
    }

    @Test func otherComponentsHaveNone() {
        let screen = Screen(park: "GOGA", flow: "home", title: "T")
        #expect(PictureDescription.text(of: .text(.init("Hello")), on: screen) == nil)
    }

    @Test(arguments: [
        (37.95, -122.55, "in the north-west"), (37.85, -122.45, "in the centre"), (37.75, -122.45, "in the south"),
        (37.85, -122.35, "in the east"), (38.5, -122.45, "outside the view"),
    ])
    func aPlaceIsANinthOfTheBox(latitude: Double, longitude: Double, place: String) {
        let box = Component.Map.BoundingBox(west: -122.6, south: 37.7, east: -122.3, north: 38.0)
        #expect(PictureDescription.place(.init(latitude: latitude, longitude: longitude), in: box) == place)
    }

    @Test func aBoxAcrossTheAntimeridianPlacesBothSides() {
        let box = Component.Map.BoundingBox(west: 170, south: -10, east: -170, north: 10)
        #expect(PictureDescription.place(.init(latitude: 0, longitude: 172), in: box) == "in the west")
        #expect(PictureDescription.place(.init(latitude: 0, longitude: -172), in: box) == "in the east")
        #expect(PictureDescription.place(.init(latitude: 0, longitude: 180), in: box) == "in the centre")
    }

    @Test func aHugeCountDoesNotTrap() {
        let cluster = Component.Map.Cluster(
            id: "c", coordinate: .init(latitude: 0, longitude: 0), count: .max, expansionZoom: 3, categories: [])
        let map = Component.Map(
            camera: .init(center: .init(latitude: 0, longitude: 0), zoom: 3), bbox: .init(west: -1, south: -1, east: 1, north: 1),
            size: .init(width: 390, height: 844), annotations: [.cluster(cluster), .cluster(cluster)])
        let text = PictureDescription.map(map, on: Screen(park: "P", flow: "map", title: "Huge"))
        #expect(text.hasPrefix("Map of Huge: \(Int.max) sites in 2 clusters."))
    }

    @Test func theSVGCarriesItInItsDesc() throws {
        let screen = try Self.screen("goga-ar")
        let svg = SVGRenderer().render(screen)
        let ar = try #require(screen.sections.first { $0.type == "ar" })
        let text = try #require(PictureDescription.text(of: ar, on: screen))
        #expect(svg.contains("<desc>\(SVGMarkup.escape(text))</desc>"))
        #expect(svg.contains(" role=\"img\">"))
    }
}
