import Testing
@testable import FlowKit

/// What a hostile script's screen costs to report: a short message, whatever the size of
/// what it returned.
@Suite struct HostileContentTests {
    @Test func anInvalidScreenListsTwentyIssuesThenCountsTheRest() throws {
        let p = try TestProject(files: ["parks/GRTE/flows/home.lua": """
            flow.register('home', function()
              local sections = {}
              for i = 1, 5000 do
                sections[i] = { type = 'button', label = 'b', action = { kind = 'go', flow = string.rep('x', 1000) .. i } }
              end
              return { title = 't', sections = sections }
            end)
            """])
        let error = flowError { try p.runtime("GRTE").run(FlowRequest(flow: "home")) }
        guard case .invalidScreen(_, _, let issues)? = error else { Issue.record("expected an invalid screen, got \(String(describing: error))"); return }
        #expect(issues.count == 21)
        #expect(issues.first == "sections[0].action.flow: unknown flow '\(String(repeating: "x", count: 60))…' (1,001 characters); known flows: ar, geofence, home, map, onboarding, sites")
        #expect(issues.last == "and 4,980 more issues")
    }
}
