import Foundation
import Testing

/// Flows a park switches off leave no dangling links, and one broken flow file takes down
/// only its own flows (issue 13, items 4 and 5).
@Suite struct FlowAvailabilityTests {
    /// A copy of the project where GOGA switches off `flows`.
    func project(disabling flows: [String]) throws -> ProjectCopy {
        let project = try ProjectCopy()
        let park = project.url.appendingPathComponent("parks/GOGA/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        let off = flows.map { "\($0) = false" }.joined(separator: ", ")
        try project.write("parks/GOGA/park.lua", text.replacingOccurrences(of: "  home = {", with: "  flows = { \(off) },\n  home = {"))
        return project
    }

    @Test func defaultFlowsDoNotLinkToADisabledFlow() throws {
        let project = try project(disabling: ["sites", "map", "ar"])
        for flow in ["home", "geofence", "onboarding"] {
            let result = try flowrun([
                "--root", project.url.path, "--park", "GOGA", flow, "--at", "37.8270,-122.4230",
                "--time", fixedTime, "--format", "json",
            ])
            #expect(result.status == 0, "\(flow): \(result.stderr)")
            #expect(!result.stdout.contains(#""flow" : "sites""#), "\(flow) links to the disabled sites flow")
        }
        let home = try flowrun(["--root", project.url.path, "--park", "GOGA", "home"])
        #expect(!home.stdout.contains("All 433 sites"))
        #expect(home.stdout.contains("Visitor services"))  // the collections stay, as text
        let check = try flowrun(["--root", project.url.path, "check", "--park", "GOGA", "--time", fixedTime])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// Home's shortcuts (map, AR, favorites, pins, alerts, all parks, emergency) list only the flows the park runs.
    @Test func homesShortcutsLinkOnlyWhatTheParkRuns() throws {
        let all = try flowrun(["--park", "GOGA", "home", "--time", fixedTime])
        let project = try project(disabling: ["ar", "favorites", "parks", "emergency"])
        let home = try flowrun(["--root", project.url.path, "--park", "GOGA", "home", "--time", fixedTime])
        #expect(home.status == 0, "\(home.stderr)")
        for (flow, title) in [("map", "Map"), ("pins", "Your pins"), ("geofence", "Alerts near you")] {
            #expect(all.stdout.contains("• \(title)\n") && home.stdout.contains("• \(title)\n"), "\(flow)")
        }
        for (flow, title) in [("ar", "AR view"), ("favorites", "Favorites"), ("parks", "All parks"), ("emergency", "Emergency")] {
            #expect(all.stdout.contains("• \(title)\n") && !home.stdout.contains("• \(title)\n"), "\(flow)")
            #expect(!home.stdout.contains("→ go \(flow)\n"), "\(flow)")
        }
    }

    @Test func aHandWrittenLinkToADisabledFlowIsReported() throws {
        let project = try project(disabling: ["map"])
        try project.write(
            "parks/GOGA/flows/trails.lua",
            """
            flow.register("trails", function(ctx)
              return { title = "Trails", sections = {
                { type = "button", label = "Map", action = { kind = "go", flow = "map" } } } }
            end)
            """)
        let check = try flowrun(["--root", project.url.path, "check", "--park", "GOGA", "--time", fixedTime])
        #expect(check.status == 1)
        #expect(
            check.stderr.contains(
                """
                GOGA trails: parks/GOGA/flows/trails.lua: flow 'trails' returned an invalid screen:
                  parks/GOGA/flows/trails.lua:3: sections[1].action.flow: flow 'map' is disabled for this park (flows.map = false); leave the link out
                """), "\(check.stderr)")
        #expect(check.stderr.components(separatedBy: "GOGA trails:").count == 2, "listed once")
    }

    @Test func aConfiguredLinkToAnUnknownFlowIsBadInput() throws {
        let project = try ProjectCopy()
        let park = project.url.appendingPathComponent("parks/GOGA/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try project.write(
            "parks/GOGA/park.lua",
            text.replacingOccurrences(
                of: "  home = { highlight_categories", with: "  home = { links = { { label = \"Geysers\", flow = \"geofense\" } }, highlight_categories"))
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "home"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: parks/GOGA/park.lua:45: home.links[1].flow: unknown flow 'geofense'; did you mean 'geofence'?\n")
    }

    @Test func oneBrokenFileTakesDownOnlyItsOwnFlows() throws {
        let project = try ProjectCopy()
        try project.write("parks/GOGA/flows/sites.lua", "local x = nil\nx.y = 1\n")
        try project.write("parks/GOGA/flows/trails.lua", "flow.register('trails', function(ctx)\n  return {title = 'x'\nend)\n")
        let warning = """
            flowrun: warning: parks/GOGA/flows/sites.lua did not load, so its flows are unavailable (flowrun check lists why)
            flowrun: warning: parks/GOGA/flows/trails.lua did not load, so its flows are unavailable (flowrun check lists why)

            """

        let home = try flowrun(["--root", project.url.path, "--park", "GOGA", "home", "--format", "json"])
        #expect(home.status == 0)
        #expect(home.stderr == warning)
        #expect(!home.stdout.contains(#""flow" : "sites""#))  // no links to the broken flow

        // The park's sites.lua replaces the default: its flow fails with its own error,
        // never falling back to the default silently.
        let sites = try flowrun(["--root", project.url.path, "--park", "GOGA", "sites"])
        #expect(sites.status == 1)
        #expect(
            sites.stderr.hasPrefix(
                warning + """
                    flowrun: flow 'sites' of park GOGA is unavailable: its file did not load:
                      parks/GOGA/flows/sites.lua:2: attempt to index a nil value (local 'x')
                    """), "\(sites.stderr)")

        let other = try flowrun(["--root", project.url.path, "--park", "GRTE", "sites"])
        #expect(other.status == 0 && other.stderr.isEmpty, "another park is untouched")

        let check = try flowrun(["--root", project.url.path, "check", "--park", "GOGA", "--time", fixedTime])
        #expect(check.status == 1)
        #expect(check.stdout.hasSuffix(": 2 problems\n"), "\(check.stdout)")
        #expect(check.stderr.hasPrefix("GOGA: parks/GOGA/flows/sites.lua:2: attempt to index a nil value (local 'x')"))
        // Last of the problems; luacheck's warnings, when it is installed, follow them.
        #expect(check.stderr.contains("GOGA: parks/GOGA/flows/trails.lua:3: '}' expected (to close '{' at line 2) near 'end'\n"))
    }

    @Test func aFileThatIsNotTextIsBadInputInCheck() throws {
        let project = try ProjectCopy()
        try project.write("parks/GOGA/flows/extra.lua", "")
        try Data([0x2D, 0x2D, 0x20, 0xE9, 0x0A]).write(to: project.url.appendingPathComponent("parks/GOGA/flows/extra.lua"))
        let check = try flowrun(["--root", project.url.path, "check", "--park", "GOGA", "--time", fixedTime])
        #expect(check.status == 2)
        #expect(check.stderr.contains("parks/GOGA/flows/extra.lua:1:4: not UTF-8 text (byte 0xE9)"), "\(check.stderr)")
    }
}
