import Foundation
import GeoKit
import ScreenModel
import Testing
@testable import FlowKit

/// The Park Browser (issue 16, item 7): `ctx.parks` lists every park as data, the `parks`
/// flow lists them (nearest first with a position), and a `go` action with a `park` switches
/// park: following it hands the request to that park's own runtime.
@Suite struct ParkBrowserTests {
    func runtime(_ park: String = "GOGA") throws -> FlowRuntime {
        try FlowRuntime(root: repository, park: park, time: fixedTime)
    }

    @Test func ctxParksListsEveryParkAsData() throws {
        let result = try probeFlow(
            """
            local out = {}
            for _, p in ipairs(ctx.parks) do
              out[#out + 1] = ("%s|%s|%s|%.2f,%.2f|%s"):format(p.code, p.name, p.state, p.lat, p.lon, tostring(p.address))
            end
            return { title = table.concat(out, ";"), sections = {} }
            """)
        #expect(result.error == nil)
        let rows = (result.title ?? "").split(separator: ";").map(String.init)
        #expect(rows.count == 64)
        #expect(rows.first == "ACAD|Acadia National Park|Maine|44.35,-68.24|nil")
        for row in [
            "GOGA|Golden Gate National Recreation Area|California|37.81,-122.47|nil",
            "GRTE|Grand Teton National Park|Wyoming|43.79,-110.68|nil",
            "YELL|Yellowstone National Park|Wyoming, Montana, Idaho|44.60,-110.55|nil",
            "YOSE|Yosemite National Park|California|37.85,-119.55|nil",
        ] {
            #expect(rows.contains(row), "\(row)")
        }
    }

    @Test func ctxParksIsReadOnlyAndHoldsNoFlows() throws {
        let write = try probeFlow("ctx.parks[1].name = 'Mine'; return { title = 'x', sections = {} }")
        #expect(write.error?.description.contains("ctx.parks and the parks in it are read-only") == true)
        let fields = try probeFlow(
            """
            local keys = {}
            for k in pairs(ctx.parks[3]) do keys[#keys + 1] = k end
            table.sort(keys)
            return { title = table.concat(keys, ","), sections = {} }
            """, park: "GRTE")
        #expect(fields.title == "code,lat,lon,name,state")
    }

    @Test func aParkThatDoesNotLoadIsLeftOutAndAnAddressIsLines() throws {
        let p = try TestProject(files: [
            "parks/BROK/park.lua": "error('broken on purpose')",
            "parks/GRTE/park.lua": "return { name = 'Grand Teton', center = { lat = 43.79, lon = -110.68 }, address = 'PO Box 170, Moose, WY 83012' }",
            "flows/probe.lua": """
            flow.register("probe", function(ctx)
              local out = {}
              for _, p in ipairs(ctx.parks) do out[#out + 1] = p.code .. (p.address and ":" .. table.concat(p.address, "/") or "") end
              return { title = table.concat(out, " "), sections = {} }
            end)
            """,
        ])
        let listed = try p.runtime("GOGA").run(FlowRequest(flow: "probe")).title.split(separator: " ").map(String.init)
        #expect(!listed.contains { $0.hasPrefix("BROK") })
        #expect(listed.contains("GRTE:PO Box 170, Moose, WY 83012") || listed.joined(separator: " ").contains("GRTE:PO Box 170, Moose, WY 83012"))
        #expect(listed.contains("GOGA") && listed.contains("YELL") && listed.contains("YOSE"))
    }

    @Test func theParksFlowIsAlphabeticalWithoutAPositionAndNearestFirstWithOne() throws {
        let runtime = try runtime()
        func rows(_ screen: Screen) -> [String] {
            for case .list(let list) in screen.sections {
                return list.items.map { "\($0.title)|\($0.detail ?? "-")|\($0.badge ?? "-")" }
            }
            return []
        }
        let byName = rows(try runtime.run(FlowRequest(flow: "parks")))
        #expect(byName.count == 64)
        #expect(Array(byName.prefix(3)) == ["Acadia National Park|-|-", "Arches National Park|-|-", "Badlands National Park|-|-"])
        #expect(byName.contains("Golden Gate National Recreation Area|-|current"))
        let oldFaithful = Coordinate(latitude: 44.4605, longitude: -110.8281)
        let nearest = rows(try runtime.run(FlowRequest(flow: "parks", at: oldFaithful)))
        #expect(Array(nearest.prefix(2)) == ["Yellowstone National Park|27 km|-", "Grand Teton National Park|75 km|-"])
        #expect(nearest.contains("Golden Gate National Recreation Area|1224 km|current"))
    }

    @Test func followingAGoToAnotherParkHandsItsRequestOver() throws {
        let runtime = try runtime()
        let oldFaithful = Coordinate(latitude: 44.4605, longitude: -110.8281)
        let parks = try runtime.run(FlowRequest(flow: "parks", at: oldFaithful))
        let first = try #require(parks.actions.first)
        #expect(first.action.target == .go(flow: "home", park: "YELL"))
        guard case .park(let code, let request) = try runtime.follow(first.action.id ?? "", from: parks, at: oldFaithful) else {
            Issue.record("expected a switch of park"); return
        }
        #expect(code == "YELL" && request.flow == "home" && request.at == oldFaithful)
        let home = try FlowRuntime(root: repository, park: code, time: fixedTime).run(request)
        #expect(home.park == "YELL" && home.title == "Yellowstone National Park")
        // A go naming this park runs here.
        let own = try #require(parks.actions.first { $0.action.target == .go(flow: "home", park: "GOGA") })
        guard case .screen(let goga) = try runtime.follow(own.action.id ?? "", from: parks, at: nil) else {
            Issue.record("expected GOGA's home"); return
        }
        #expect(goga.park == "GOGA")
    }

    @Test func aGoToAnUnknownParkIsAnInvalidScreenAtItsLine() throws {
        let result = try probeFlow(
            """
            local ui = require("lib.ui")
            return ui.screen("x", { ui.button("Yellowstone", ui.go_park("YELLO")) })
            """)
        #expect(result.error?.description.contains("flows/probe.lua:3: sections[1].action.park: unknown park 'YELLO'; did you mean 'YELL'?") == true)
        #expect(result.error?.exitCode == 1)
        // Another park's flows are not this park's to check: geysers is YELL's own.
        let geysers = try probeFlow(
            """
            local ui = require("lib.ui")
            return ui.screen("x", { ui.button("Geysers", ui.go_park("YELL", "geysers")) })
            """)
        #expect(geysers.error == nil)
    }
}
