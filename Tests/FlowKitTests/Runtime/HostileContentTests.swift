import Testing
@testable import FlowKit

/// What a hostile script's screen or park.lua costs to report: a short message naming
/// the file, whatever the size of what it returned.
@Suite struct HostileContentTests {
    @Test func anInvalidScreenListsTwentyIssuesThenCountsTheRest() throws {
        let p = try TestProject(files: [
            "parks/GRTE/flows/home.lua": """
            flow.register('home', function()
              local sections = {}
              for i = 1, 5000 do
                sections[i] = { type = 'button', label = 'b', action = { kind = 'go', flow = string.rep('x', 1000) .. i } }
              end
              return { title = 't', sections = sections }
            end)
            """
        ])
        let error = flowError { try p.runtime("GRTE").run(FlowRequest(flow: "home")) }
        guard case .invalidScreen(_, _, let issues)? = error else { Issue.record("expected an invalid screen, got \(String(describing: error))"); return }
        #expect(issues.count == 21)
        #expect(
            issues.first
                == "sections[1].action.flow: unknown flow '\(String(repeating: "x", count: 60))…' (1,001 characters); known flows: ar, emergency, exhibits, favorites, geofence, home, map, onboarding, parks, party, pins, sites"
        )
        #expect(issues.last == "and 4,980 more issues")
    }

    @Test(arguments: [
        ("local t = {} for i = 1, 40 do t = {t, t} end return t", "parks/GRTE/park.lua: value too large to copy out of Lua"),
        ("error('boom', 0)", "parks/GRTE/park.lua: boom"),
        ("error('boom')", "parks/GRTE/park.lua:1: boom"),
        ("while true do end", "parks/GRTE/park.lua:1: instruction budget of 20000000 instructions exceeded"),
    ])
    func aParkLuaThatFailsIsNamed(source: String, message: String) throws {
        let p = try TestProject(files: ["parks/GRTE/park.lua": source])
        let error = flowError { try ParkConfig.load(code: "GRTE", root: p.root) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
        #expect(error?.exitCode == 2)
    }
}
