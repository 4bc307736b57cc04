import Foundation
import Testing

/// `flowrun check` on a park seeded with the content mistakes of issue 13: each is listed
/// once, with its file, line and path, and the line quoted. park.lua's own mistakes come first (all at once, since the
/// park cannot run with them); fixed, the flows' and data's mistakes show.
@Suite struct SeededMistakesTests {
    func check(_ project: ProjectCopy) throws -> CLIResult {
        try flowrun(["--root", project.url.path, "check", "--park", "GRTE", "--time", fixedTime])
    }

    @Test func everyMistakeOfParkLuaIsListedOnce() throws {
        let project = try ProjectCopy()
        let park = project.url.appendingPathComponent("parks/GRTE/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try project.write(
            "parks/GRTE/park.lua",
            text
                .replacingOccurrences(of: #"timezone = "America/Denver","#, with: #"timezone = "America/Denvr","#)
                .replacingOccurrences(
                    of: "\n}",
                    with: """

                          map = { cluster = { minPoints = 3, max_zoom = 40 } },
                          geofence = { radus = 50 },
                        }
                        """))
        let result = try check(project)
        #expect(result.status == 2)
        let problems = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            problems == [
                "GRTE: does not load: parks/GRTE/park.lua:37: map.cluster.minPoints: unknown setting; did you mean 'min_points'?",
                "    37 | map = { cluster = { minPoints = 3, max_zoom = 40 } },",
                "parks/GRTE/park.lua:38: geofence.radus: unknown setting; did you mean 'radius'?",
                "    38 | geofence = { radus = 50 },",
                "parks/GRTE/park.lua:6: timezone: unknown time zone 'America/Denvr'; did you mean 'America/Denver'?",
                "    6 | timezone = \"America/Denvr\",",
                "parks/GRTE/park.lua:37: map.cluster: options: maxZoom 40 out of range [0, 30]",
                "    37 | map = { cluster = { minPoints = 3, max_zoom = 40 } },",
            ], "\(result.stderr)")
    }

    @Test func everyMistakeOfFlowsAndDataIsListedOnceWithItsPlace() throws {
        let project = try ProjectCopy()
        let park = project.url.appendingPathComponent("parks/GRTE/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try project.write(
            "parks/GRTE/park.lua",
            text.replacingOccurrences(
                of: "\n}",
                with: """

                      flows = { ar = false },
                    }
                    """))
        let data = try String(contentsOf: project.url.appendingPathComponent("parks/GRTE/sites.geojson"), encoding: .utf8)
        try project.write("parks/GRTE/sites.geojson", data.replacingOccurrences(of: #""category":"bench""#, with: #""category":"moraine""#))
        // A broken file, a link to a switched-off flow, a link to a collection nobody configured,
        // a cluster option in supercluster's spelling, and a list with a hole (which is fine).
        try project.write("parks/GRTE/flows/broken.lua", "flow.register('broken', function(ctx)\n  return {title = 'x'\nend)\n")
        try project.write(
            "parks/GRTE/flows/extras.lua",
            """
            local ui = require("lib.ui")
            flow.register("extras", function(ctx)
              local idx = cluster.index({ { lat = 43.7, lon = -110.7 } }, ctx.args.bad and { minPoints = 2 } or nil)
              return ui.screen("Extras", {
                ui.text("first"), ctx.args.missing and ui.text("never") or nil, ui.text("third"),
                { type = "button", label = "Bad", action = { kind = "go", flow = "extras", args = { bad = "1" } } },
              })
            end)
            """)
        try project.write(
            "parks/GRTE/flows/camera.lua",
            """
            flow.register("camera", function(ctx)
              return { title = "Camera", sections = {
                { type = "button", label = "AR", action = { kind = "go", flow = "ar" } },
                { type = "button", label = "Nope", action = { kind = "go", flow = "sites", args = { collection = "nope" } } } } }
            end)
            """)
        let result = try check(project)
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix(": 4 problems\n"), "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("GRTE: parks/GRTE/flows/broken.lua:3: '}' expected (to close '{' at line 2) near 'end'"))
        #expect(result.stderr.contains("parks/GRTE/sites.geojson: category 'moraine' (1 site) has no name"))
        #expect(
            result.stderr.contains(
                "GRTE camera: parks/GRTE/flows/camera.lua: flow 'camera' returned an invalid screen:\n  parks/GRTE/flows/camera.lua:3: sections[1].action.flow: flow 'ar' is disabled for this park (flows.ar = false); leave the link out"
            ))
        // The link's argument is checked against what the sites flow declares, on the linking screen.
        #expect(
            result.stderr.contains(
                "  parks/GRTE/flows/camera.lua:4: sections[2].action.args.collection: no collection 'nope' in GRTE; did you mean 'more'? "
                    + "collections: services, views, history, water, outdoors, more"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "parks/GRTE/flows/extras.lua:3: bad argument #2 to 'index' (cluster options: minPoints: unknown option; did you mean 'min_points'?)"),
            "\(result.stderr)")
        for line in ["broken.lua:3", "'moraine'", "flow 'ar' is disabled", "no collection 'nope'", "minPoints: unknown option"] {
            #expect(result.stderr.components(separatedBy: line).count == 2, "\(line) is listed once")
        }

        // The list with a hole kept its items in order.
        let extras = try flowrun(["--root", project.url.path, "--park", "GRTE", "extras", "--format", "json"])
        #expect(extras.stdout.contains(#""text" : "first""#) && extras.stdout.contains(#""text" : "third""#))
    }

    /// A shared library that does not compile is one mistake: every flow file that requires it,
    /// in every park, is counted under it, not listed with a traceback each.
    @Test func aBrokenSharedLibraryIsOneProblemForEveryPark() throws {
        let project = try ProjectCopy()
        let library = try String(contentsOf: project.url.appendingPathComponent("flows/lib/ranking.lua"), encoding: .utf8)
        try project.write("flows/lib/ranking.lua", library.replacingOccurrences(of: "local ranking = {}", with: "local ranking = {"))
        let result = try flowrun(["--root", project.url.path, "check", "--time", fixedTime, "--deadline", "300"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix(" screens: 1 problem\n"), "\(result.stdout)\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // Lua meets the mistake at the first `local` after the unclosed table.
        let sourceLines = library.split(separator: "\n", omittingEmptySubsequences: false)
        let opened = try #require(sourceLines.firstIndex { $0 == "local ranking = {}" })
        let met = try #require(sourceLines[(opened + 1)...].firstIndex { $0.hasPrefix("local ") })
        #expect(
            lines.first { $0.hasSuffix(": flows/lib/ranking.lua:\(met + 1): unexpected symbol near 'local'") }?.hasPrefix("ACAD, ARCH and ") == true,
            "\(result.stderr)"
        )
        #expect(lines.contains(String(format: "%6d | ", met + 1) + sourceLines[met]), "\(result.stderr)")
        #expect(lines.contains { $0.hasPrefix("  7 flow files did not load because of it: flows/ar.lua, flows/emergency.lua,") })
        #expect(result.stderr.components(separatedBy: "unexpected symbol near 'local'").count == 2, "GOGA's own scoring meets it too")
        #expect(!result.stderr.contains("stack traceback"))
    }
}
