import Testing
import Foundation
import GeoKit
import ScreenModel
@testable import FlowKit

/// The default flows on the repository's real parks.
@Suite struct FlowRuntimeTests {
    func run(_ park: String, _ flow: String, args: [String: String] = [:], at: Coordinate? = nil) throws -> Screen {
        try FlowRuntime(root: repository, park: park, time: fixedTime).run(FlowRequest(flow: flow, args: args, at: at))
    }

    static func titles(_ screen: Screen) -> [String] {
        screen.sections.compactMap { component in
            switch component {
            case .text(let t): t.text
            case .card(let c): c.title
            case .list(let l): l.title
            case .carousel(let c): c.title
            case .button(let b): b.label
            default: nil
            }
        }
    }

    @Test func gogaHomeIsTheDefaultPlusTheParksCard() throws {
        let home = try run("GOGA", "home")
        #expect(home.title == "Golden Gate National Recreation Area")
        #expect(home.park == "GOGA" && home.flow == "home" && home.schema == Screen.schemaID)
        let titles = Self.titles(home)
        #expect(titles.first == "Good morning from Golden Gate National Recreation Area.")  // 09:30 in San Francisco
        #expect(titles[2] == "Visiting Alcatraz")  // the override's card, after the welcome texts
        #expect(titles.contains("Highlights") && titles.contains("Explore"))
        let targets = home.actions.map(\.action.target)
        #expect(targets.contains(.url("https://www.nps.gov/goga/index.htm")))
        #expect(targets.contains(.call(phone: "+1 415-561-4700")))
        #expect(home.actions.map(\.action.id) == (1...home.actions.count).map { "\($0)" })
    }

    @Test func otherParksUseTheDefaultHome() throws {
        let yell = try run("YELL", "home")
        #expect(!Self.titles(yell).contains("Visiting Alcatraz"))
        #expect(yell.actions.contains { $0.action.target == .go(flow: "geysers", args: [:]) })  // the park's own link
    }

    @Test func parkWithoutSitesGetsAnEmptyState() throws {
        // Big Bend as a new park is before its sites are published.
        let project = try TestProject()
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("parks/BIBE/sites.geojson"))
        func run(_ park: String, _ flow: String) throws -> Screen { try project.runtime(park).run(FlowRequest(flow: flow)) }
        let home = try run("BIBE", "home")
        guard case .list(let explore)? = home.sections.first(where: { if case .list = $0 { true } else { false } }) else {
            Issue.record("no list on BIBE home"); return
        }
        #expect(explore.items.isEmpty)
        #expect(explore.empty == "No sites have been published for this park yet. Check back soon.")
        let sites = try run("BIBE", "sites")
        #expect(Self.titles(sites) == ["Sites"])
    }

    @Test func onboardingCarriesPagesAndLayers() throws {
        let screen = try run("GRTE", "onboarding")
        guard case .onboarding(let onboarding)? = screen.sections.first else { Issue.record("no onboarding"); return }
        #expect(onboarding.pages.count == 2)
        #expect(
            onboarding.pages[0].background.map(\.image) == ["onboarding/sky.svg", "onboarding/far.svg", "onboarding/near.svg", "onboarding/foreground.svg"])
        #expect(onboarding.pages[0].background[3].depth == 0.8)
        #expect(onboarding.pages.last?.action?.target == .go(flow: "home", args: [:]))
    }

    @Test func sitesAreGroupedIntoCollections() throws {
        let screen = try run("GOGA", "sites")
        let lists = Self.titles(screen).filter { $0.hasSuffix(")") }
        #expect(lists == ["Visitor services (48)", "Views (26)", "History (197)", "Water (17)", "Outdoors (81)"])
    }

    @Test func sitesAtAPositionAreRankedNearestFirst() throws {
        let screen = try run("GRTE", "sites", args: ["collection": "views"], at: Coordinate(latitude: 43.7904, longitude: -110.6818))
        guard case .list(let list)? = screen.sections.first(where: { if case .list = $0 { true } else { false } }) else {
            Issue.record("no list"); return
        }
        let metres = list.items.compactMap(\.detail).map { detail -> Double in
            let number = Double(detail.split(separator: " ")[0]) ?? -1
            return detail.contains("km") ? number * 1000 : number
        }
        #expect(metres.count == 10)
        #expect(metres == metres.sorted())
    }

    @Test func aParkOverridesTheScoringModule() throws {
        let p = try TestProject(files: [
            "flows/probe.lua": """
            flow.register("probe", function(ctx)
              local s = require("lib.scoring")
              return { title = s.score({ category = "viewpoint" }, ctx, 1000) .. "/" .. s.score({ category = "food" }, ctx, 1000), sections = {} }
            end)
            """
        ])
        #expect(try p.runtime("GOGA").run(FlowRequest(flow: "probe")).title == "500.0/1000")  // parks/GOGA/flows/lib/scoring.lua
        #expect(try p.runtime("GRTE").run(FlowRequest(flow: "probe")).title == "1000/1000")  // flows/lib/scoring.lua
    }

    @Test func categoryFilterAndSiteDetail() throws {
        let screen = try run("GOGA", "sites", args: ["category": "lighthouse"])
        #expect(screen.title == "Lighthouses")
        let detailAction = try #require(screen.actions.first { if case .go(_, let args, _) = $0.action.target { args["id"] != nil } else { false } })
        let runtime = try FlowRuntime(root: repository, park: "GOGA", time: fixedTime)
        guard case .screen(let detail) = try runtime.follow(detailAction.action.id ?? "", from: screen, at: nil) else {
            Issue.record("expected a screen"); return
        }
        // The badge names the collection (parks/defaults.lua: lighthouses are Views), not the raw category id.
        #expect(detail.sections.contains { if case .card(let c) = $0 { c.badges == ["Views"] } else { false } })
        #expect(detail.sections.contains { if case .text(let t) = $0 { t.text.hasSuffix("° W") && t.text.contains("° N, ") } else { false } })
    }

    @Test func followingExternalActionsReturnsThem() throws {
        let runtime = try FlowRuntime(root: repository, park: "GOGA", time: fixedTime)
        let home = try runtime.run(FlowRequest(flow: "home"))
        let call = try #require(home.actions.first { $0.action.kind == "call" })
        guard case .external(let action) = try runtime.follow(call.action.id ?? "", from: home, at: nil) else {
            Issue.record("expected an external action"); return
        }
        #expect(action.target == .call(phone: "+1 415-561-4700"))
        #expect(flowError { try runtime.follow("999", from: home, at: nil) }?.exitCode == 2)
    }

    @Test func flowsSeeTheFixedClock() throws {
        let p = try TestProject(files: [
            "flows/clock.lua": """
            flow.register("clock", function(ctx)
              return { title = ctx.time.iso .. " " .. ctx.time.weekday .. " " .. os.time(), sections = {} }
            end)
            """
        ])
        #expect(try p.runtime("GOGA").run(FlowRequest(flow: "clock")).title == "2026-07-04T09:30:00-07:00 Saturday 1783182600")
    }
}
