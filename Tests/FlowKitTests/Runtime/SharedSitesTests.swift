import Testing
import ScreenModel
@testable import FlowKit

/// `ctx.sites` is built once per runtime and handed to every run, read-only: a flow that
/// changes it fails with a clear error, and no run sees another's change.
@Suite struct SharedSitesTests {
    /// A project whose flow `probe` runs `body` and returns a screen titled with its result.
    static func project(_ body: String) throws -> TestProject {
        try TestProject(files: [
            "flows/probe.lua": """
            local first   -- kept between runs, as any file's locals are
            flow.register("probe", function(ctx)
              first = first or ctx.sites
            \(body)
            end)
            """
        ])
    }

    @Test(arguments: [
        "ctx.sites[1].name = 'Renamed'",
        "ctx.sites[1].properties.source = 'me'",
        "table.insert(ctx.sites, { name = 'New' })",
        "table.sort(ctx.sites, function(a, b) return a.name > b.name end)",
        "rawset(ctx.sites, 1, nil)",
    ])
    func changingTheSitesFailsAndTheNextRunSeesThemUnchanged(change: String) throws {
        let p = try Self.project(
            """
              if ctx.args.change then \(change) end
              return { title = ctx.sites[1].name .. " " .. #ctx.sites .. " " .. tostring(rawequal(first, ctx.sites)), sections = {} }
            """)
        let runtime = try p.runtime("GOGA")
        let before = try runtime.run(FlowRequest(flow: "probe"))
        let error = flowError { try runtime.run(FlowRequest(flow: "probe", args: ["change": "yes"])) }
        #expect(error?.description.hasPrefix("flows/probe.lua:4: \(ModuleContext.readOnlySitesMessage)") == true, "\(String(describing: error))")
        let after = try runtime.run(FlowRequest(flow: "probe"))
        #expect(after.title == before.title)
        #expect(after.title == "14th Avenue Gate 369 true")
    }

    @Test func aCopiedSiteCanBeChanged() throws {
        let p = try Self.project(
            """
              local mine = {}
              for k, v in pairs(ctx.sites[1]) do mine[k] = v end
              mine.name = mine.name .. "!"
              return { title = mine.name .. " / " .. ctx.sites[1].name, sections = {} }
            """)
        #expect(try p.runtime("GOGA").run(FlowRequest(flow: "probe")).title == "14th Avenue Gate! / 14th Avenue Gate")
    }

    /// A site handed to a native function, or put into a screen, reads as its content.
    @Test func sitesCrossTheBridgeAsTheirContent() throws {
        let p = try Self.project(
            """
              local s = ctx.sites[1]
              local view = ar.project({ lat = s.lat, lon = s.lon - 0.001, heading = 90, sites = { s } })
              return { title = view.pins[1].name, sections = { { type = "text", text = s.properties.source } } }
            """)
        let screen = try p.runtime("GOGA").run(FlowRequest(flow: "probe"))
        #expect(screen.title == "14th Avenue Gate")
        guard case .text(let text)? = screen.sections.first else { Issue.record("\(screen.sections)"); return }
        #expect(text.text == "NPS Public POIs/Buildings")
    }

    /// `ctx.park` is shared the same way: read as a table, changed nowhere.
    @Test(arguments: [
        "ctx.park.name = 'Renamed'",
        "ctx.park.home.highlights = 1",
        "table.insert(ctx.park.home.sections, 'links')",
    ])
    func changingTheParkFailsAndTheNextRunSeesItUnchanged(change: String) throws {
        let p = try TestProject(files: [
            "flows/probe.lua": """
            local first
            flow.register("probe", function(ctx)
              first = first or ctx.park
              if ctx.args.change then \(change) end
              return { title = ctx.park.name .. " " .. ctx.park.code .. " " .. ctx.park.home.highlights .. " "
                               .. #ctx.park.home.sections .. " " .. tostring(rawequal(first, ctx.park)), sections = {} }
            end)
            """
        ])
        let runtime = try p.runtime("GOGA")
        let before = try runtime.run(FlowRequest(flow: "probe"))
        let error = flowError { try runtime.run(FlowRequest(flow: "probe", args: ["change": "yes"])) }
        #expect(error?.description.hasPrefix("flows/probe.lua:4: \(FlowRuntime.readOnlyParkMessage)") == true, "\(String(describing: error))")
        let after = try runtime.run(FlowRequest(flow: "probe"))
        #expect(after.title == before.title)
        #expect(after.title == "Golden Gate National Recreation Area GOGA 5 6 true")
    }
}
