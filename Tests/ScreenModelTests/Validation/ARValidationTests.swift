import Testing
import ScreenModel

@Suite struct ARValidationTests {
    typealias AR = Component.AR

    private func issues(_ ar: AR, knownFlows: Set<String>? = nil) -> [String] {
        let screen = Screen(park: "GOGA", flow: "ar", title: "Look around", sections: [.text(.init("Point your phone")), .ar(ar)])
        return ScreenValidator(knownFlows: knownFlows).validate(screen).map(\.description)
    }

    private func ar(
        camera: AR.Camera = .init(position: .init(latitude: 37.8077, longitude: -122.4750), heading: 97),
        size: Component.Map.Size = .init(width: 390, height: 844), maximumDistance: Double = 5000,
        pins: [AR.Pin] = [], offScreen: [AR.OffScreen] = []
    ) -> AR {
        AR(camera: camera, size: size, maximumDistance: maximumDistance, pins: pins, offScreen: offScreen)
    }

    private func pin(
        _ id: String, title: String = "Site", distance: Double = 500, bearing: Double = 90, x: Double = 195, y: Double = 422,
        label: AR.LabelBox = .init(x: 155, y: 382, width: 80, height: 28), stack: Int = 0, z: Int, action: Action? = nil
    ) -> AR.Pin {
        .init(
            id: id, title: title, coordinate: .init(latitude: 37.8, longitude: -122.46), distance: distance, bearing: bearing,
            x: x, y: y, label: label, stack: stack, z: z, action: action)
    }

    private func hint(_ id: String, title: String = "Alcatraz", distance: Double = 4900, bearing: Double = 57, degrees: Double = 40) -> AR.OffScreen {
        .init(id: id, title: title, distance: distance, bearing: bearing, turn: .left, degrees: degrees)
    }

    @Test func sampleAndEmptyViewsAreValid() {
        #expect(issues(Samples.ar, knownFlows: ["sites"]) == [])
        #expect(issues(ar()) == [])
        // The edges of every range are allowed.
        let edges = ar(
            camera: .init(position: .init(latitude: -90, longitude: 180), altitude: -100_000, heading: 360, pitch: -90, fieldOfView: 179.9),
            maximumDistance: 0.1,
            pins: [pin("a", distance: 0, bearing: 0, x: -5, y: 2000, label: .init(x: -40, y: -300, width: 0.5, height: 0.5), stack: 9, z: 0)],
            offScreen: [hint("b", distance: 0, bearing: 360, degrees: 180)]
        )
        #expect(issues(edges) == [])
    }

    @Test func cameraNumbersAreInRange() {
        let found = issues(
            ar(
                camera: .init(
                    position: .init(latitude: 91, longitude: -122.475), altitude: .infinity, heading: 361, pitch: -91, fieldOfView: 180
                )))
        #expect(
            found == [
                "sections[2].camera.position: latitude 91 is outside -90...90",
                "sections[2].camera.altitude: inf is outside -100000...100000",
                "sections[2].camera.heading: 361 is outside 0...360",
                "sections[2].camera.pitch: -91 is outside -90...90",
                "sections[2].camera.fov: must be more than 0 and less than 180, got 180",
            ])
        #expect(
            issues(ar(camera: .init(position: .init(latitude: 0, longitude: 0), heading: -0.5, pitch: .nan, fieldOfView: 0))) == [
                "sections[2].camera.heading: -0.5 is outside 0...360",
                "sections[2].camera.pitch: nan is outside -90...90",
                "sections[2].camera.fov: must be more than 0 and less than 180, got 0",
            ])
    }

    @Test func sizeAndMaximumDistance() {
        #expect(
            issues(ar(size: .init(width: 0, height: 844), maximumDistance: 0)) == [
                "sections[2].size.width: 0 points; a side must be more than 0 and at most 10000",
                "sections[2].max_distance: must be more than 0, got 0",
            ])
        #expect(issues(ar(maximumDistance: .infinity)) == ["sections[2].max_distance: must be more than 0, got inf"])
    }

    @Test func pinFields() {
        let found = issues(
            ar(pins: [
                pin(
                    "a", title: " ", distance: -1, bearing: 400, x: .nan, y: .infinity,
                    label: .init(x: .nan, y: 0, width: 0, height: -28), stack: -1, z: -2
                )
            ]))
        #expect(
            found == [
                "sections[2].pins[1].title: must not be empty",
                "sections[2].pins[1].distance: must be at least 0, got -1",
                "sections[2].pins[1].bearing: 400 is outside 0...360",
                "sections[2].pins[1].x: must be a finite number, got nan",
                "sections[2].pins[1].y: must be a finite number, got inf",
                "sections[2].pins[1].label.x: must be a finite number, got nan",
                "sections[2].pins[1].label.width: must be more than 0, got 0",
                "sections[2].pins[1].label.height: must be more than 0, got -28",
                "sections[2].pins[1].stack: must be at least 0, got -1",
                "sections[2].pins[1].z: must be at least 0, got -2",
            ])
    }

    @Test func siteIDsAreUniqueAcrossPinsAndHints() {
        let found = issues(
            ar(
                pins: [pin("a", z: 0), pin("b", z: 1), pin("a", z: 2), pin("", z: 3)],
                offScreen: [hint("c"), hint("b"), hint("c"), hint("  ")]
            ))
        #expect(
            found == [
                "sections[2].pins[3].id: site id 'a' is already used by sections[2].pins[1]",
                "sections[2].pins[4].id: must not be empty",
                "sections[2].off_screen[2].id: site id 'b' is already used by sections[2].pins[2]",
                "sections[2].off_screen[3].id: site id 'c' is already used by sections[2].off_screen[1]",
                "sections[2].off_screen[4].id: must not be empty",
            ])
        // Two AR views (or a map and an AR view) may use the same ids.
        let screen = Screen(park: "GOGA", flow: "ar", title: "AR", sections: [.ar(ar(pins: [pin("a", z: 0)])), .ar(ar(pins: [pin("a", z: 0)]))])
        #expect(ScreenValidator().validate(screen) == [])
    }

    @Test func zValuesAreUnique() {
        let found = issues(ar(pins: [pin("a", z: 1), pin("b", z: 0), pin("c", z: 1), pin("d", z: -1), pin("e", z: -1)]))
        #expect(
            found == [
                "sections[2].pins[3].z: z 1 is already used by sections[2].pins[1]; each pin needs its own drawing order",
                "sections[2].pins[4].z: must be at least 0, got -1",
                "sections[2].pins[5].z: must be at least 0, got -1",
            ])
    }

    @Test func hintFields() {
        let found = issues(
            ar(offScreen: [
                hint("a", title: "", distance: .nan, bearing: -3, degrees: 0),
                hint("b", degrees: 180.5),
            ]))
        #expect(
            found == [
                "sections[2].off_screen[1].title: must not be empty",
                "sections[2].off_screen[1].distance: must be at least 0, got nan",
                "sections[2].off_screen[1].bearing: -3 is outside 0...360",
                "sections[2].off_screen[1].degrees: must be more than 0 and at most 180, got 0",
                "sections[2].off_screen[2].degrees: must be more than 0 and at most 180, got 180.5",
            ])
    }

    @Test func pinActionsAreValidatedWalkedAndNumbered() {
        let view = ar(pins: [
            pin("near", z: 0, action: .go("sitse", id: "dup")),
            pin("quiet", z: 1),
            pin("far", z: 2, action: .url("ftp://nps.gov", id: "dup")),
        ])
        #expect(
            issues(view, knownFlows: ["sites"]) == [
                "sections[2].pins[1].action.flow: unknown flow 'sitse'; did you mean 'sites'?",
                "sections[2].pins[3].action.id: action id 'dup' is already used by sections[2].pins[1].action",
                "sections[2].pins[3].action.url: 'ftp://nps.gov' is not an absolute http(s) URL (it must start with http:// or https://)",
            ])
        let screen = Screen(
            park: "GOGA", flow: "ar", title: "AR",
            sections: [
                .button(.init("Map", action: .go("map"))),
                .ar(
                    ar(pins: [
                        pin("near", z: 0, action: .go("sites", args: ["id": "near"])),
                        pin("quiet", z: 1),
                        pin("far", z: 2, action: .go("sites", args: ["id": "far"], id: "1")),
                    ])),
            ])
        #expect(screen.actions.map(\.path) == ["sections[1].action", "sections[2].pins[1].action", "sections[2].pins[3].action"])
        let numbered = screen.assigningActionIDs()
        #expect(numbered.actions.map(\.action.id) == ["2", "3", "1"])
        #expect(numbered.action(withID: "3")?.action.target == .go(flow: "sites", args: ["id": "near"]))
        #expect(ScreenValidator().validate(numbered) == [])
    }
}
