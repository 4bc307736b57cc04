import Foundation
import Testing

/// `flowrun test`: scenarios that set what the device knows of where it is and of the
/// network (`location`, `accuracy`, `moment`, `offline`), as --location, --accuracy, --until
/// and --offline do, with the same checks named by the scenario's line.
@Suite struct ScenarioDeviceTests {
    func project() throws -> ProjectCopy { try .withoutScenarios(["GOGA", "YOSE"]) }

    @Test func scenariosSetTheLocationStateAccuracyAMomentOfATrackAndOffline() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/device.lua",
            """
            scenario {
              name = "denied",
              flow = "sites",
              location = "denied",
              expect = function(screen) expect.text("Allow location to see what is near you") end,
            }
            scenario {
              name = "offline",
              flow = "home",
              offline = true,
              expect = function(screen) expect.text("You are offline: this runs from the park's files") end,
            }
            scenario {
              name = "online by default",
              flow = "home",
              expect = function(screen) expect.no_text("You are offline") end,
            }
            scenario {
              name = "accuracy",
              flow = "sites",
              at = { 37.8078, -122.4750 },
              accuracy = 35,
              expect = function(screen) expect.text("±35 m") end,
            }
            """)
        try FileManager.default.createDirectory(at: copy.url.appendingPathComponent("parks/YOSE/tests"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("parks/YOSE/tests/valley-to-el-portal.gpx"),
            to: copy.url.appendingPathComponent("parks/YOSE/tests/valley-to-el-portal.gpx"))
        try copy.write(
            "parks/YOSE/tests/until.lua",
            """
            scenario {
              name = "a minute into the track",
              flow = "sites",
              track = "valley-to-el-portal.gpx",
              moment = 60,
              expect = function(screen) expect.text("Ranked from 37.7399, -119.6114") end,
            }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("PASS parks/GOGA/tests/device.lua:1 denied"))
        #expect(result.stdout.contains("PASS parks/GOGA/tests/device.lua:7 offline"))
        #expect(result.stdout.contains("PASS parks/GOGA/tests/device.lua:18 accuracy"))
        #expect(result.stdout.contains("PASS parks/YOSE/tests/until.lua:1 a minute into the track"))
    }

    @Test func badDeviceFieldsAreNamedWithTheScenariosLine() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/bad.lua",
            """
            scenario { flow = "sites", location = "lost", expect = function() end }
            scenario { flow = "sites", location = "denied", at = { 37.8, -122.47 }, expect = function() end }
            scenario { flow = "home", offline = "yes", expect = function() end }
            scenario { flow = "sites", moment = 30, expect = function() end }
            scenario { flow = "sites", at = { 37.8, -122.47 }, accuracy = -3, expect = function() end }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status != 0)
        let out = result.stdout + result.stderr
        #expect(out.contains("parks/GOGA/tests/bad.lua:1: location: unknown state 'lost'"), "\(out)")
        #expect(out.contains("parks/GOGA/tests/bad.lua:2: location: says there is no position"))
        #expect(out.contains("parks/GOGA/tests/bad.lua:3: offline: expected true or false, got string"))
        #expect(out.contains("parks/GOGA/tests/bad.lua:4: moment:"))
        #expect(out.contains("parks/GOGA/tests/bad.lua:5: accuracy: expected a number of metres ≥ 0"))
    }
}
