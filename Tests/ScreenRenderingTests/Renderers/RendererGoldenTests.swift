import ScreenSamples
import Foundation
import Testing
import ScreenRendering
import ScreenModel

/// Renders realistic screens in every format and compares them with the files in
/// `Fixtures/renderers/`. Regenerate with `UPDATE_GOLDENS=1 swift test` (see `Golden`).
@Suite struct RendererGoldenTests {
    @Test(arguments: GoldenScreens.all.map(\.name))
    func text(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        try Golden.check(TextRenderer().render(screen), named: "\(name).txt")
    }

    @Test(arguments: GoldenScreens.all.map(\.name))
    func json(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        try Golden.check(JSONRenderer().render(screen.assigningActionIDs()), named: "\(name).json")
    }

    /// Every golden screen with a map, as SVG.
    @Test(arguments: GoldenScreens.all.filter { SVGRenderer.canRender($0.screen) }.map(\.name))
    func svg(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        try Golden.check(SVGRenderer().render(screen), named: "\(name).svg")
    }

    @Test(arguments: GoldenScreens.all.map(\.name))
    func goldenScreensAreValid(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen)
        #expect(ScreenValidator(knownFlows: ["geofence", "home", "map", "onboarding", "site", "sites"]).validate(screen) == [])
    }

    @Test(arguments: GoldenScreens.all.map(\.name))
    func jsonDecodesToTheSameScreen(name: String) throws {
        let screen = try #require(GoldenScreens.all.first { $0.name == name }?.screen).assigningActionIDs()
        let json = JSONRenderer().render(screen)
        #expect(try JSONDecoder().decode(Screen.self, from: Data(json.utf8)) == screen)
    }
}
