import Foundation
import ScreenModel
import LuaKit
import Testing
@testable import FlowKit

/// Home's section kinds are content's words (flows/lib/home_sections.lua), not the host's: a
/// park adds a kind of its own without recompiling, and the home flow names one it cannot
/// build, at the park.lua line and field that asked for it.
@Suite struct HomeSectionsTests {
    static let weatherFlow = """
        local ui = require("lib.ui")
        require("lib.home_sections").weather = function(ctx, out)
          out[#out + 1] = ui.text("Forecast for " .. ctx.park.name .. ": clear, 21 °C.", "heading")
        end
        """

    func park(sections: String) -> String {
        "return { name = 'Golden Gate', center = { lat = 37.8, lon = -122.5 }, home = { sections = { \(sections) } } }"
    }

    func texts(_ screen: Screen) -> [String] {
        screen.sections.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    }

    @Test func aParksOwnSectionKindRunsAndRenders() throws {
        let p = try TestProject(files: [
            "parks/GOGA/park.lua": park(sections: "'welcome', 'weather', 'contact'"),
            "parks/GOGA/flows/weather.lua": Self.weatherFlow,
        ])
        let screen = try p.runtime("GOGA").run(FlowRequest(flow: "home"))
        let shown = texts(screen)
        #expect(shown.contains("Forecast for Golden Gate: clear, 21 °C."))
        // In the order park.lua gives: after the welcome, before the contact buttons.
        #expect(shown.first?.hasPrefix("Good") == true)
        #expect(screen.actions.contains { $0.action.label == "Park website" || $0.action.kind == "directions" })
    }

    @Test func aSectionNoFlowBuildsIsNamedWithItsField() throws {
        let p = try TestProject(files: ["parks/GOGA/park.lua": park(sections: "'welcome', 'hilights'")])
        // The park loads: Swift holds no list of section names.
        let runtime = try p.runtime("GOGA")
        let error = flowError { try runtime.run(FlowRequest(flow: "home")) }
        // At the line that writes it, as check names the settings the host checks.
        #expect(
            error?.description.contains(
                "parks/GOGA/park.lua:1: home.sections[2]: unknown section \"hilights\"; the home flow builds "
                    + "collections, contact, highlights, links, shortcuts, welcome; did you mean 'highlights'?") == true,
            "\(error?.description ?? "")")
        #expect(error?.exitCode == 1)
    }

    @Test func anEmptySectionNameIsRefusedWhenTheParkLoads() throws {
        let p = try TestProject(files: ["parks/GOGA/park.lua": park(sections: "'welcome', ''")])
        let error = flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }
        #expect(error?.description == "parks/GOGA/park.lua:1: home.sections[2]: must not be empty")
        #expect(error?.exitCode == 2)
    }
}
