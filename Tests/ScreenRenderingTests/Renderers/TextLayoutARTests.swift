import Testing
import ScreenRendering
import ScreenModel

/// The `ar` component in text: the camera line, pins nearest first with their actions
/// (ids as `--follow` takes them), the hints, and the empty message.
@Suite struct TextLayoutARTests {
    typealias AR = Component.AR

    private func render(_ ar: AR, width: Int = 72) -> String {
        TextRenderer(options: .init(width: width)).render(Screen(park: "GOGA", flow: "ar", title: "Look around", sections: [.ar(ar)]))
    }

    /// Alcatraz comes first in the JSON (so its action is numbered 1) but Fort Point is nearer (z 0).
    static let view = AR(
        camera: .init(position: .init(latitude: 37.8077, longitude: -122.4750), heading: 90, pitch: 0, fieldOfView: 60),
        size: .init(width: 390, height: 844), maximumDistance: 5000,
        pins: [
            .init(
                id: "alcatraz", title: "Alcatraz Island", subtitle: "Federal penitentiary", coordinate: .init(latitude: 37.8267, longitude: -122.4230),
                distance: 4870, bearing: 75, x: 120.5, y: 400.4, label: .init(x: 60, y: 344, width: 121, height: 28), stack: 1, z: 1,
                action: .go("sites", args: ["id": "alcatraz"], label: "Open")),
            .init(
                id: "fort-point", title: "Fort Point", coordinate: .init(latitude: 37.8106, longitude: -122.4771),
                distance: 1234, bearing: 92, x: 195, y: 422, label: .init(x: 155, y: 382, width: 80, height: 28), z: 0,
                action: .go("sites", args: ["id": "fort-point"])),
        ],
        offScreen: [
            .init(id: "crissy", title: "Crissy Field", distance: 2100, bearing: 20, turn: .left, degrees: 40),
            .init(id: "sutro", title: "Sutro Baths", distance: 9960, bearing: 165, turn: .right, degrees: 75),
        ],
        empty: "Nothing within 5 km this way"
    )

    @Test func listsPinsNearestFirstThenTheHints() {
        #expect(
            render(Self.view) == """
                Look around
                ═══════════

                AR view · heading 90° (E), pitch 0°, field of view 60°, 390×844
                Within 5.0 km, nearest first:
                • Fort Point · 1.2 km · bearing 92° (E) · x 195 y 422
                  [2] → go sites id=fort-point
                • Alcatraz Island · Federal penitentiary · 4.9 km · bearing 75° (E) ·
                  x 121 y 400 · stacked 1
                  [1] Open → go sites id=alcatraz
                Off screen:
                ← turn left 40°: Crissy Field, 2.1 km
                → turn right 75°: Sutro Baths, 10.0 km

                """)
    }

    @Test func actionIDsMatchTheJSON() {
        let screen = Screen(park: "GOGA", flow: "ar", title: "Look around", sections: [.ar(Self.view)]).assigningActionIDs()
        #expect(screen.action(withID: "1")?.action.target == .go(flow: "sites", args: ["id": "alcatraz"]))
        #expect(screen.action(withID: "2")?.action.target == .go(flow: "sites", args: ["id": "fort-point"]))
    }

    @Test func saysTheEmptyMessageWhenNoPins() {
        var view = Self.view
        view.pins = []
        view.offScreen = []
        view.camera = .init(position: view.camera.position, heading: 0, pitch: 10, fieldOfView: 45.5)
        view.size = .init(width: 320, height: 567.5)
        #expect(
            render(view).hasSuffix(
                """

                AR view · heading 0° (N), pitch 10°, field of view 46°, 320×567.5
                ∅ Nothing within 5 km this way

                """))
        view.empty = nil
        #expect(render(view).hasSuffix("\n∅ No sites in view.\n"))
    }

    @Test func wrapsNarrowAndKeepsPositionsTogether() {
        let text = render(Self.view, width: 30)
        let lines = text.split(separator: "\n")
        #expect(lines.contains("  x 121 y 400 · stacked 1"))
        #expect(lines.contains("← turn left 40°: Crissy Field,"))
        #expect(lines.allSatisfy { $0.count <= 30 })
    }

    @Test func brokenNumbersRenderWithoutTrapping() {
        let view = AR(
            camera: .init(position: .init(latitude: .nan, longitude: 0), heading: .infinity, pitch: .nan, fieldOfView: -1),
            size: .init(width: -1, height: .nan), maximumDistance: .nan,
            pins: [
                .init(
                    id: "", title: "", coordinate: .init(latitude: 0, longitude: 0), distance: -.infinity, bearing: .nan,
                    x: .nan, y: 1e300, label: .init(x: 0, y: 0, width: 0, height: 0), stack: -3, z: Int.min)
            ],
            offScreen: [.init(id: "", title: "", distance: .nan, bearing: 0, turn: .right, degrees: .infinity)]
        )
        let text = render(view, width: 0)
        #expect(text.contains("AR view · heading inf°\n(?), pitch nan°"))
        #expect(text.contains("• -inf m · bearing nan°\n  (?) · x nan y 1e+300\n"))
        #expect(text.contains("→ turn right inf°"))
    }
}
