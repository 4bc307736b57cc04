import Testing
import ScreenModel

@Suite struct MapValidationTests {
    typealias Map = Component.Map

    private func issues(_ map: Map, knownFlows: Set<String>? = nil) -> [String] {
        let screen = Screen(park: "GOGA", flow: "map", title: "Map", sections: [.text(.init("Sites near you")), .map(map)])
        return ScreenValidator(knownFlows: knownFlows).validate(screen).map(\.description)
    }

    private func coordinate(_ latitude: Double, _ longitude: Double) -> Component.Coordinate {
        .init(latitude: latitude, longitude: longitude)
    }

    private func map(
        camera: Map.Camera = .init(center: .init(latitude: 37.8, longitude: -122.46), zoom: 12),
        bbox: Map.BoundingBox = .init(west: -122.55, south: 37.75, east: -122.37, north: 37.85),
        size: Map.Size = .init(width: 390, height: 844),
        annotations: [Map.Annotation] = [], boundary: [Map.Ring] = []
    ) -> Map {
        Map(camera: camera, bbox: bbox, size: size, annotations: annotations, boundary: boundary)
    }

    private func pin(
        _ id: String, at coordinate: Component.Coordinate = .init(latitude: 37.8, longitude: -122.4), title: String = "Site", category: String? = nil,
        action: Action? = nil
    ) -> Map.Annotation {
        .pin(.init(id: id, coordinate: coordinate, title: title, category: category, action: action))
    }

    @Test func sampleAndEmptyMapsAreValid() {
        #expect(issues(Samples.map, knownFlows: ["map", "sites"]) == [])
        #expect(issues(map()) == [])
    }

    @Test func boxAcrossTheAntimeridianIsValid() {
        let fiji = map(
            camera: .init(center: coordinate(-17.7, 179.9), zoom: 7),
            bbox: .init(west: 177.5, south: -19.5, east: -178.2, north: -15.9),
            annotations: [pin("a", at: coordinate(-17.7, -179.9)), pin("b", at: coordinate(-17.8, 178.4))])
        #expect(issues(fiji) == [])
    }

    @Test func coordinatesMustBeOnTheEarth() {
        let found = issues(
            map(annotations: [
                pin("fine"),
                pin("north", at: coordinate(137.8, -122.4)),
                pin("nowhere", at: coordinate(.nan, .infinity)),
            ]))
        #expect(
            found == [
                "sections[2].annotations[2].coordinate: latitude 137.8 is outside -90...90",
                "sections[2].annotations[3].coordinate: latitude nan is outside -90...90",
                "sections[2].annotations[3].coordinate: longitude inf is outside -180...180",
            ])
    }

    @Test func cameraBoxAndSize() {
        let found = issues(
            map(
                camera: .init(center: coordinate(37.8, -200), zoom: 31),
                bbox: .init(west: -122.5, south: 37.9, east: -122.4, north: 37.8),
                size: .init(width: 0, height: 20_000)
            ))
        #expect(
            found == [
                "sections[2].camera.center: longitude -200 is outside -180...180",
                "sections[2].camera.zoom: 31 is outside 0...30",
                "sections[2].bbox: south 37.9 must be less than north 37.8",
                "sections[2].size.width: 0 points; a side must be more than 0 and at most 10000",
                "sections[2].size.height: 20000 points; a side must be more than 0 and at most 10000",
            ])
        #expect(
            issues(map(bbox: .init(west: .nan, south: -91, east: 181, north: 95.5), size: .init(width: .infinity, height: 1))) == [
                "sections[2].bbox: west nan is outside -180...180",
                "sections[2].bbox: south -91 is outside -90...90",
                "sections[2].bbox: east 181 is outside -180...180",
                "sections[2].bbox: north 95.5 is outside -90...90",
                "sections[2].size.width: inf points; a side must be more than 0 and at most 10000",
            ])
    }

    @Test func clustersAndPins() {
        let found = issues(
            map(annotations: [
                .cluster(
                    .init(
                        id: "c1", coordinate: coordinate(37.8, -122.4), count: 1, expansionZoom: 31,
                        categories: [.init("historic", count: 1), .init(" ", count: 0)])),
                pin("p1", title: "", category: ""),
            ]))
        #expect(
            found == [
                "sections[2].annotations[1].count: a cluster holds at least 2 sites, got 1",
                "sections[2].annotations[1].expansion_zoom: 31 is outside 0...30",
                "sections[2].annotations[1].categories[2].category: must not be empty",
                "sections[2].annotations[1].categories[2].count: must be at least 1, got 0",
                "sections[2].annotations[2].title: must not be empty",
                "sections[2].annotations[2].category: must not be empty",
            ])
    }

    @Test func annotationIDsAreUniqueWithinTheMap() {
        let found = issues(map(annotations: [pin("a"), pin("b"), pin("a"), pin("")]))
        #expect(
            found == [
                "sections[2].annotations[3].id: annotation id 'a' is already used by sections[2].annotations[1]",
                "sections[2].annotations[4].id: must not be empty",
            ])
        // Two maps may use the same annotation ids.
        let screen = Screen(park: "GOGA", flow: "map", title: "Map", sections: [.map(map(annotations: [pin("a")])), .map(map(annotations: [pin("a")]))])
        #expect(ScreenValidator().validate(screen) == [])
    }

    @Test func boundaryRingsAreClosedAndLongEnough() {
        let (a, b, c) = (coordinate(37.7, -122.5), coordinate(37.7, -122.4), coordinate(37.8, -122.4))
        let found = issues(map(boundary: [[a, b, c, a], [a, b, a], [a, b, c, b], [a, b, coordinate(91, -122.4), a]]))
        #expect(
            found == [
                "sections[2].boundary[2]: a ring needs at least 4 positions, got 3",
                "sections[2].boundary[3]: a ring must end where it starts (its last position equals its first)",
                "sections[2].boundary[4][3]: latitude 91 is outside -90...90",
            ])
    }

    @Test func annotationActionsAreValidated() {
        let found = issues(
            map(annotations: [
                pin("a", action: .go("sitse", id: "dup")),
                .cluster(.init(id: "c", coordinate: coordinate(37.8, -122.4), count: 2, expansionZoom: 14, action: .url("ftp://nps.gov", id: "dup"))),
            ]), knownFlows: ["map", "sites"])
        #expect(
            found == [
                "sections[2].annotations[1].action.flow: unknown flow 'sitse'; did you mean 'sites'?",
                "sections[2].annotations[2].action.id: action id 'dup' is already used by sections[2].annotations[1].action",
                "sections[2].annotations[2].action.url: 'ftp://nps.gov' is not an absolute http(s) URL (it must start with http:// or https://)",
            ])
    }

    @Test func actionsInAnnotationsAreWalkedAndNumbered() {
        let screen = Screen(
            park: "GOGA", flow: "map", title: "Map",
            sections: [
                .button(.init("List", action: .go("sites"))),
                .map(
                    map(annotations: [
                        .cluster(.init(id: "c", coordinate: coordinate(37.8, -122.4), count: 2, expansionZoom: 14, action: .go("map", args: ["zoom": "14"]))),
                        pin("quiet"),
                        pin("loud", action: .go("sites", args: ["id": "loud"], id: "1")),
                        pin("last", action: .go("sites", args: ["id": "last"])),
                    ])),
            ])
        #expect(
            screen.actions.map(\.path) == [
                "sections[1].action",
                "sections[2].annotations[1].action",
                "sections[2].annotations[3].action",
                "sections[2].annotations[4].action",
            ])
        let numbered = screen.assigningActionIDs()
        #expect(numbered.actions.map(\.action.id) == ["2", "3", "1", "4"])
        #expect(numbered.action(withID: "4")?.action.target == .go(flow: "sites", args: ["id": "last"]))
        #expect(ScreenValidator().validate(numbered) == [])
    }
}

/// The visitor's mark and the watched regions of a map: checked like a timeline's.
@Suite struct MapOverlayValidationTests {
    @Test func theVisitorIsOnTheEarthWithAnAccuracyAndRegionsAreUnique() {
        var map = Component.Map(
            camera: .init(center: .init(latitude: 37.8, longitude: -122.46), zoom: 12),
            bbox: .init(west: -122.54, south: 37.75, east: -122.37, north: 37.84), size: .init(width: 390, height: 844))
        map.visitor = .init(coordinate: .init(latitude: 95, longitude: -122.47), accuracy: 0)
        map.regions = [
            .circle(id: "a", name: "Fort Point", center: .init(latitude: 37.81, longitude: -122.47), radius: 100),
            .circle(id: "a", name: "Crissy Field", center: .init(latitude: 37.80, longitude: -122.45), radius: -1),
        ]
        let screen = Screen(park: "GOGA", flow: "map", title: "Map", sections: [.map(map)])
        let issues = ScreenValidator(knownFlows: nil).validate(screen).map(\.description)
        #expect(issues.contains { $0.hasPrefix("sections[1].visitor.coordinate") }, "\(issues)")
        #expect(issues.contains("sections[1].visitor.accuracy: 0 metres; an accuracy must be more than 0"), "\(issues)")
        #expect(issues.contains("sections[1].regions[2].id: region id 'a' is already used by sections[1].regions[1]"), "\(issues)")
        #expect(issues.contains { $0.hasPrefix("sections[1].regions[2].radius") }, "\(issues)")
    }
}
