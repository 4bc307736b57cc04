import Foundation
import Testing

/// `flowrun test`: scenarios with goldens and checks, their output lines, `--update`,
/// `--park`, and each kind of bad input, through the real binary.
@Suite struct ScenarioCommandTests {
    /// GOGA and YELL with no scenarios but the ones a test writes.
    func project() throws -> ProjectCopy { try .withoutScenarios(["GOGA", "YELL"]) }

    @Test func passingAndFailingScenariosPrintOneLineEachAndExitOne() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/home.lua",
            """
            scenario {
              name = "the Alcatraz card is there",
              flow = "home",
              expect = function(screen)
                local card = expect.section("card", { title = "Visiting Alcatraz" })
                expect.equal(card.action.kind, "url", "its action")
                expect.count("carousel", 1)
                expect.text("Highlights")
                expect.action { flow = "sites", args = { collection = "views" } }
              end,
            }
            scenario {
              name = "a card that is not there",
              flow = "home",
              expect = function(screen)
                expect.section("card", { title = "Visiting Angel Island" })
              end,
            }
            scenario {
              flow = "sites",
              at = { 37.8078, -122.4750 },
              expect = function(screen)
                expect.no_text("Golden Gate Bridge Pavilion")
              end,
            }
            scenario {
              flow = "home",
              expect = function(screen)
                expect.count("button", 2)
                expect.action { flow = "map" }
              end,
            }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout == """
                PASS parks/GOGA/tests/home.lua:1 the Alcatraz card is there
                FAIL parks/GOGA/tests/home.lua:12 a card that is not there
                  parks/GOGA/tests/home.lua:16: expect.section: no card with title = "Visiting Angel Island"; cards here: "Visiting Alcatraz"
                FAIL parks/GOGA/tests/home.lua:19 sites
                  parks/GOGA/tests/home.lua:23: expect.no_text: sections[3].items[1].title contains "Golden Gate Bridge Pavilion": "Golden Gate Bridge Pavilion"
                FAIL parks/GOGA/tests/home.lua:26 home
                  parks/GOGA/tests/home.lua:29: expect.count: button: 4, expected 2
                1 passed, 3 failed

                """)
    }

    @Test func updateWritesGoldensThatLaterRunsCompare() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/home.lua",
            """
            scenario { name = "home", flow = "home", golden = "home.json" }
            """)
        let missing = try flowrun(["test"], in: copy.url)
        #expect(missing.status == 2)
        #expect(
            missing.stdout == """
                ERROR parks/GOGA/tests/home.lua:1 home
                  parks/GOGA/tests/home.json: golden file not found; run flowrun test --update to write it, then review it
                0 passed, 1 failed

                """)

        let update = try flowrun(["test", "--update"], in: copy.url)
        #expect(update.status == 0)
        // The golden is the screen as app clients get it, at the scenarios' fixed time.
        let golden = try String(contentsOf: copy.url.appendingPathComponent("parks/GOGA/tests/home.json"), encoding: .utf8)
        let lines = golden.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(
            update.stdout
                == "PASS parks/GOGA/tests/home.lua:1 home (wrote parks/GOGA/tests/home.json)\n    new golden, \(lines) lines\n1 passed, 0 failed\n")
        let json = try flowrun(["--park", "GOGA", "home", "--format", "json", "--time", fixedTime], in: copy.url)
        #expect(golden == json.stdout)
        #expect(try flowrun(["test", "--update"], in: copy.url).stdout == "PASS parks/GOGA/tests/home.lua:1 home\n1 passed, 0 failed\n")
        #expect(try flowrun(["test"], in: copy.url).status == 0)

        try copy.write("parks/GOGA/tests/home.json", golden.replacingOccurrences(of: "\"Highlights\"", with: "\"Favourites\""))
        let differs = try flowrun(["test"], in: copy.url)
        #expect(differs.status == 1)
        let line = golden.components(separatedBy: "\n").firstIndex { $0.contains("\"Highlights\"") }.map { $0 + 1 } ?? 0
        #expect(
            differs.stdout == """
                FAIL parks/GOGA/tests/home.lua:1 home
                  parks/GOGA/tests/home.json:\(line): golden '"title" : "Favourites",', screen '"title" : "Highlights",' (flowrun test --update rewrites it, if the change is meant)
                0 passed, 1 failed

                """)

        // --update says what it changed, as a unified diff, to review before keeping it.
        let rewrite = try flowrun(["test", "--update"], in: copy.url)
        let shown = rewrite.stdout.split(separator: "\n").map(String.init)
        #expect(shown.first == "PASS parks/GOGA/tests/home.lua:1 home (wrote parks/GOGA/tests/home.json)")
        #expect(shown.dropFirst().first == "    @@ -\(line - 2),5 +\(line - 2),5 @@", "\(rewrite.stdout)")
        #expect(shown.contains("    -      \"title\" : \"Favourites\","))
        #expect(shown.contains("    +      \"title\" : \"Highlights\","))
        #expect(shown.count == 1 + 1 + 6 + 1, "the hunk: two lines of context either side of the change")
    }

    @Test func aFileWithASyntaxErrorIsReportedAndTheOthersStillRun() throws {
        let copy = try project()
        try copy.write("parks/GOGA/tests/a.lua", "scenario {\n  flow = \"home\"\n  golden = \"home.json\",\n}\n")
        try copy.write("parks/GOGA/tests/b.lua", "scenario { flow = \"home\", expect = function(screen) expect.section(\"carousel\") end }\n")
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                ERROR parks/GOGA/tests/a.lua
                  parks/GOGA/tests/a.lua:3: '}' expected (to close '{' at line 1) near 'golden'
                PASS parks/GOGA/tests/b.lua:1 home
                1 passed, 1 failed

                """)
    }

    @Test func badScenariosAreNamedByFileAndLine() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/bad.lua",
            """
            scenario { flow = "hom", expect = function() end }
            scenario { flow = "home", atx = { 37.8, -122.4 }, expect = function() end }
            scenario { flow = "map", zoom = 99, expect = function() end }
            scenario { flow = "sites", time = "yesterday", expect = function() end }
            scenario { flow = "home", golden = "../../../flows/home.json" }
            scenario { flow = "home" }
            scenario { flow = "home", expect = function() end }
            scenario { flow = "mapp" }
            scenario { flow = "sites", args = { catgory = "beach" }, expect = function() end }
            scenario { flow = "home", expect = function(screen) expect.txt("Golden Gate") end }
            """)
        try copy.write("parks/GOGA/tests/empty.lua", "local nothing = true\n")
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                ERROR parks/GOGA/tests/bad.lua:1 hom
                  parks/GOGA/tests/bad.lua:1: flow: unknown flow 'hom' for park GOGA; did you mean 'home'?
                ERROR parks/GOGA/tests/bad.lua:2 home
                  parks/GOGA/tests/bad.lua:2: unknown field 'atx'; did you mean 'at'?
                ERROR parks/GOGA/tests/bad.lua:3 map
                  parks/GOGA/tests/bad.lua:3: zoom: 99 out of range [0, 30]
                ERROR parks/GOGA/tests/bad.lua:4 sites
                  parks/GOGA/tests/bad.lua:4: time: expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got 'yesterday'
                ERROR parks/GOGA/tests/bad.lua:5 home
                  parks/GOGA/tests/bad.lua:5: golden: '../../../flows/home.json' must be a path inside parks/GOGA/tests/, relative to it (no '..', no leading '/')
                ERROR parks/GOGA/tests/bad.lua:6 home
                  parks/GOGA/tests/bad.lua:6: nothing to check: give golden = "name.json", expect = function(screen) ... end, or both
                PASS parks/GOGA/tests/bad.lua:7 home
                ERROR parks/GOGA/tests/bad.lua:8 mapp
                  parks/GOGA/tests/bad.lua:8: flow: unknown flow 'mapp' for park GOGA; did you mean 'map'?
                ERROR parks/GOGA/tests/bad.lua:9 sites
                  parks/GOGA/tests/bad.lua:9: args: flow 'sites' takes no argument 'catgory'; did you mean 'category'? it takes: category, collection, favorite, id, q, visited
                FAIL parks/GOGA/tests/bad.lua:10 home
                  parks/GOGA/tests/bad.lua:10: attempt to call a nil value (field 'txt'); expect has no 'txt': did you mean 'expect.text'?
                ERROR parks/GOGA/tests/empty.lua
                  parks/GOGA/tests/empty.lua: declares no scenario: a scenario file calls scenario{flow = "home", ...} (README, 'Testing flows')
                1 passed, 10 failed

                """)
    }

    @Test func aCheckThatLoopsIsStoppedByTheBudget() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/loop.lua",
            """
            scenario {
              name = "loops, even through pcall",
              flow = "home",
              expect = function(screen)
                while true do pcall(function() while true do end end) end
              end,
            }
            scenario { name = "still runs", flow = "home", expect = function(screen) expect.section("card") end }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                FAIL parks/GOGA/tests/loop.lua:1 loops, even through pcall
                  parks/GOGA/tests/loop.lua:5: instruction budget of 20000000 instructions exceeded (an endless loop?)
                PASS parks/GOGA/tests/loop.lua:8 still runs
                1 passed, 1 failed

                """)
    }

    @Test func parkFiltersTheParksOwnAndTheRootsScenarios() throws {
        let copy = try project()
        try copy.write(
            "tests/every-park.lua",
            """
            scenario {
              name = "home has a title",
              flow = "home",
              expect = function(screen) expect.that(#screen.title > 0, "an empty title") end,
            }
            scenario { name = "Yellowstone only", park = "YELL", flow = "geysers", expect = function() end }
            scenario { name = "golden per park", flow = "home", golden = "home-{park}.json" }
            scenario { name = "one golden for all", flow = "home", golden = "home.json" }
            """)
        try copy.write("parks/GOGA/tests/home.lua", "scenario { name = \"GOGA's own\", flow = \"home\", expect = function() end }\n")
        try copy.write("parks/YELL/tests/home.lua", "scenario { name = \"YELL's own\", flow = \"home\", expect = function() end }\n")

        let update = try flowrun(["test", "--update"], in: copy.url)
        #expect(update.status == 2)
        let written = update.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("    new golden, ") }
        #expect(
            written.joined(separator: "\n") == """
                PASS tests/every-park.lua:1 [GOGA] home has a title
                PASS tests/every-park.lua:1 [YELL] home has a title
                PASS tests/every-park.lua:6 [YELL] Yellowstone only
                PASS tests/every-park.lua:7 [GOGA] golden per park (wrote tests/home-GOGA.json)
                PASS tests/every-park.lua:7 [YELL] golden per park (wrote tests/home-YELL.json)
                ERROR tests/every-park.lua:8 [GOGA] one golden for all
                  tests/every-park.lua:8: golden: 'home.json' would be shared by every park; put {park} in its name (home-{park}.json) or give park = "CODE"
                ERROR tests/every-park.lua:8 [YELL] one golden for all
                  tests/every-park.lua:8: golden: 'home.json' would be shared by every park; put {park} in its name (home-{park}.json) or give park = "CODE"
                PASS parks/GOGA/tests/home.lua:1 GOGA's own
                PASS parks/YELL/tests/home.lua:1 YELL's own
                7 passed, 2 failed

                """)

        try copy.write(
            "tests/every-park.lua",
            """
            scenario { name = "home has a title", flow = "home", expect = function(screen) expect.that(#screen.title > 0) end }
            scenario { name = "Yellowstone only", park = "YELL", flow = "geysers", expect = function() end }
            """)
        let goga = try flowrun(["test", "--park", "goga"], in: copy.url)
        #expect(goga.status == 0)
        #expect(
            goga.stdout == """
                PASS tests/every-park.lua:1 [GOGA] home has a title
                PASS parks/GOGA/tests/home.lua:1 GOGA's own
                2 passed, 0 failed

                """)
        let yell = try flowrun(["test", "--park", "YELL"], in: copy.url)
        #expect(
            yell.stdout == """
                PASS tests/every-park.lua:1 [YELL] home has a title
                PASS tests/every-park.lua:2 [YELL] Yellowstone only
                PASS parks/YELL/tests/home.lua:1 YELL's own
                3 passed, 0 failed

                """)
        let unknown = try flowrun(["test", "--park", "ZZZZ"], in: copy.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "flowrun: unknown park 'ZZZZ'; parks here: GOGA, YELL\n")
    }

    @Test func scenariosReadTheirInputsAsTheCommandLineDoes() throws {
        let copy = try project()
        try copy.write(
            "parks/YELL/tests/inputs.lua",
            """
            scenario {
              name = "every input",
              flow = "ar",
              at = "44.4605,-110.8281",
              time = "2026-01-15T08:00:00-07:00",
              heading = 0, pitch = 5, fov = 60,
              size = { 390, 844 },
              args = { collection = "water" },
              golden = "ar.json",
            }
            """)
        #expect(try flowrun(["test", "--update"], in: copy.url).status == 0)
        let golden = try String(contentsOf: copy.url.appendingPathComponent("parks/YELL/tests/ar.json"), encoding: .utf8)
        let cli = try flowrun(
            [
                "--park", "YELL", "ar", "--at", "44.4605,-110.8281", "--time", "2026-01-15T08:00:00-07:00",
                "--heading", "0", "--pitch", "5", "--fov", "60", "--size", "390x844",
                "--arg", "collection=water", "--format", "json",
            ], in: copy.url)
        #expect(cli.status == 0)
        #expect(golden == cli.stdout)
    }

    /// The repository's own scenarios (parks/<CODE>/tests/) hold: CI runs them here.
    @Test func theRepositorysScenariosPass() throws {
        let result = try flowrun(["test"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") })
        #expect(lines.count > 8)
        #expect(lines.last == "\(lines.count - 1) passed, 0 failed")
    }
}
