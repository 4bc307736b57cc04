import Foundation
import Testing
@testable import FlowKit

/// A word that names data (a category, a site, a collection, a flow) is checked where it is
/// written, in park.lua or in a flow, with its line and the nearest known word: a mistake
/// in one would otherwise make a list shorter or a button vanish, without a word.
@Suite struct DataWordsTests {
    /// GOGA with `park.lua`'s text changed by `edit`.
    func goga(_ edit: (String) -> String, files: [String: String] = [:]) throws -> TestProject {
        let text = try repository.read("parks/GOGA/park.lua")
        var all = files
        all["parks/GOGA/park.lua"] = edit(text)
        return try TestProject(files: all)
    }

    func sitesError(_ project: TestProject) throws -> FlowError? {
        let runtime = try project.runtime("GOGA")
        return flowError { try runtime.sites() }
    }

    @Test func aMisspeltCategoryInASettingsListIsAnErrorAtItsLine() throws {
        let p = try goga {
            $0.replacingOccurrences(of: #"highlight_categories = { "viewpoint""#, with: #"highlight_categories = { "viewpiont""#)
        }
        let error = try sitesError(p)
        #expect(
            error?.description
                == "parks/GOGA/park.lua:45: home.highlight_categories[1]: unknown category 'viewpiont': no site in parks/GOGA/sites.geojson has it, "
                + "and sites.categories does not name it; did you mean 'viewpoint'?")
        #expect(error?.exitCode == 2)
        // Every flow that reads the sites meets it: home does not show a shorter carousel.
        let home = flowError { try p.runtime("GOGA").run(FlowRequest(flow: "home")) }
        #expect(home?.description.contains("home.highlight_categories[1]: unknown category 'viewpiont'") == true)
    }

    @Test func everyCategoryListAndTheParksOwnCategoryNamesAreChecked() throws {
        let p = try goga {
            $0.replacingOccurrences(
                of: "\n  sites = {\n",
                with: """

                      emergency = { categories = { "entrance", "trailhed" } },
                      onboarding = { art = { relief = { "peek" } } },
                      sites = { categories = { picnc_area = { name = "Picnic spot", plural = "Picnic spots" } },
                        collections = { { id = "fun", title = "Fun", categories = { "beech" } } },

                    """)
        }
        let lines = try sitesError(p)?.description.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 4, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "parks/GOGA/park.lua:51: sites.categories.picnc_area: no site in parks/GOGA/sites.geojson has category 'picnc_area'; did you mean 'picnic_area'?"
                )
            })
        #expect(
            lines.contains {
                $0.hasPrefix("parks/GOGA/park.lua:49: emergency.categories[2]: unknown category 'trailhed'") && $0.hasSuffix("did you mean 'trailhead'?")
            })
        #expect(lines.contains { $0.hasPrefix("parks/GOGA/park.lua:52: sites.collections[1].categories[1]: unknown category 'beech'") })
        #expect(
            lines.contains { $0.hasPrefix("parks/GOGA/park.lua:50: onboarding.art.relief[1]: unknown category 'peek'") && $0.hasSuffix("did you mean 'peak'?") }
        )
    }

    @Test func aMisspeltFlowInParkLuaIsAnErrorButDefaultsMayNameFlowsAProjectLacks() throws {
        let p = try goga { $0.replacingOccurrences(of: "\n  home = {", with: "\n  flows = { mapp = false },\n  home = {") }
        let error = flowError { try p.runtime("GOGA") }
        #expect(error?.description == "parks/GOGA/park.lua:45: flows.mapp: unknown flow 'mapp'; did you mean 'map'?")
        // A project without the AR flow: defaults.lua switching it on is no mistake.
        let trimmed = try TestProject()
        try FileManager.default.removeItem(at: trimmed.url.appendingPathComponent("flows/ar.lua"))
        #expect(throws: Never.self) { try trimmed.runtime("GOGA") }
    }

    @Test func aLinkToAFlowNoFileHasIsAnErrorAtTheLineThatMakesIt() throws {
        let p = try TestProject(files: [
            "parks/GOGA/flows/trails.lua": """
            local ui = require("lib.ui")
            flow.register("trails", function(ctx)
              return ui.screen("Trails", {
                ui.button("Map", ui.go("mapp")) })
            end)
            """
        ])
        let error = flowError { try p.runtime("GOGA").run(FlowRequest(flow: "trails")) }
        #expect(
            error?.description.hasPrefix("parks/GOGA/flows/trails.lua:4: link to 'mapp': no flow has that name; did you mean 'map'?") == true,
            "\(String(describing: error))")
        #expect(error?.exitCode == 1)
    }

    @Test func aLinkToAFlowTheParkSwitchedOffStaysSilent() throws {
        let p = try goga(
            { $0.replacingOccurrences(of: "\n  home = {", with: "\n  flows = { map = false },\n  home = {") },
            files: [
                "parks/GOGA/flows/trails.lua": """
                local ui = require("lib.ui")
                flow.register("trails", function(ctx)
                  return ui.screen("Trails", { ui.text("Trails"), ui.button("Map", ui.go("map")), ui.button("Act", ui.act("map")) })
                end)
                """
            ])
        let screen = try p.runtime("GOGA").run(FlowRequest(flow: "trails"))
        #expect(screen.sections.count == 1, "both buttons left out")
    }

    @Test func aLinksArgumentsAreCheckedAgainstWhatTheFlowDeclares() throws {
        func error(_ args: String) throws -> String? {
            let p = try TestProject(files: [
                "parks/GOGA/flows/trails.lua": """
                local ui = require("lib.ui")
                flow.register("trails", function(ctx)
                  return ui.screen("Trails", {
                    ui.button("Go", ui.go("sites", \(args))) })
                end)
                """
            ])
            return flowError { try p.runtime("GOGA").run(FlowRequest(flow: "trails")) }?.description
        }
        #expect(
            try error(#"{ catgory = "viewpoint" }"#)?.hasPrefix(
                "parks/GOGA/flows/trails.lua:4: link to 'sites': flow 'sites' takes no argument 'catgory'; did you mean 'category'? it takes: ") == true)
        #expect(
            try error(#"{ category = "viewpiont" }"#)?.hasPrefix(
                "parks/GOGA/flows/trails.lua:4: link to 'sites' argument category: no category 'viewpiont' in GOGA; did you mean 'viewpoint'?") == true)
        #expect(
            try error(#"{ collection = "view" }"#)?.hasPrefix(
                "parks/GOGA/flows/trails.lua:4: link to 'sites' argument collection: no collection 'view' in GOGA; did you mean 'views'?") == true)
        #expect(try error(#"{ id = "nps-poi:goga:99999" }"#) == nil, "a site id may outlive the data: the flow says not found")
        #expect(
            try error(#"{ favorite = "ad" }"#)?.hasPrefix(
                "parks/GOGA/flows/trails.lua:4: link to 'sites' argument favorite: unknown value 'ad'; did you mean 'add'? one of: add, remove") == true)
        #expect(try error(#"{ category = "viewpoint", zoom = 14 }"#) == nil, "a view value is any flow's")
    }

    @Test func aRequestsArgumentsAreCheckedAsBadInput() throws {
        let runtime = try repository.runtime("GOGA")
        let error = flowError { try runtime.run(FlowRequest(flow: "sites", args: ["category": "viewpiont"])) }
        #expect(error?.description == "--arg category: no category 'viewpiont' in GOGA; did you mean 'viewpoint'?")
        #expect(error?.exitCode == 2)
    }

    @Test func aCategoryAFlowAsksTheCatalogForIsCheckedAtTheFlowsLine() throws {
        let p = try TestProject(files: [
            "parks/GOGA/flows/views.lua": """
            local ui = require("lib.ui")
            local sites = require("lib.sites")
            flow.register("views", function(ctx)
              local list = sites.in_categories(ctx, { "viewpoint", "lighthous" })
              return ui.screen("Views", { ui.text(#list .. " views") })
            end)
            """
        ])
        let error = flowError { try p.runtime("GOGA").run(FlowRequest(flow: "views")) }
        #expect(
            error?.description.hasPrefix(
                "parks/GOGA/flows/views.lua:4: in_categories: unknown category 'lighthous': no site of GOGA has it, "
                    + "and sites.categories does not name it; did you mean 'lighthouse'?") == true, "\(String(describing: error))")
    }

    @Test func aDeclarationNamesKindsThatExist() throws {
        let p = try TestProject(files: [
            "parks/GOGA/flows/trails.lua": #"flow.register("trails", function() end, { args = { id = "sites" } })"#
        ])
        let failures = try p.runtime("GOGA").loadFailures.map(\.description)
        #expect(
            failures == [
                "parks/GOGA/flows/trails.lua:1: flow.register('trails', ...): args.id: unknown kind 'sites'; did you mean 'site'? "
                    + "kinds: site, category, collection, flow, park, number, text, or a list of words"
            ])
    }
}

extension ProjectRoot {
    /// A runtime of `park` at the fixed clock.
    func runtime(_ park: String) throws -> FlowRuntime { try FlowRuntime(root: self, park: park, time: fixedTime) }
}
