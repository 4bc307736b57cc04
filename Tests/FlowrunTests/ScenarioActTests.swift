import Foundation
import Testing

/// Scenarios that change the visitor's store: `act = true` runs the flow as an act run,
/// `follow` follows actions as `--follow` does (performing acts), each scenario starts with
/// an empty store in memory, and the mistakes a scenario can make with them.
@Suite struct ScenarioActTests {
    func project() throws -> ProjectCopy { try .withoutScenarios(["GOGA"]) }

    @Test func actsWriteAStoreThatEachScenarioStartsEmpty() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/acts.lua",
            """
            scenario {
              name = "an act run adds a favorite",
              flow = "favorites", act = true, args = { add = "nps-poi:goga:0144" },
              expect = function(screen) expect.section("list", { title = "Favorites (1)" }) end,
            }
            scenario {
              name = "the next scenario's store is empty again",
              flow = "favorites",
              expect = function(screen) expect.section("list", { title = "Favorites (0)" }) end,
            }
            scenario {
              name = "following an act performs it; a view run writes nothing",
              flow = "sites", args = { id = "nps-poi:goga:0144", favorite = "add" },
              follow = { 2, "4" },
              expect = function(screen) expect.section("pin", { layer = "favorites" }) end,
            }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("3 passed, 0 failed\n"))
    }

    @Test func badActsAndFollowsAreNamedByFileAndLine() throws {
        let copy = try project()
        try copy.write(
            "parks/GOGA/tests/bad.lua",
            """
            scenario { flow = "favorites", act = "yes", expect = function() end }
            scenario { flow = "home", follow = {}, expect = function() end }
            scenario { flow = "home", follow = { 0 }, expect = function() end }
            scenario { flow = "home", follow = { 99 }, expect = function() end }
            scenario { flow = "home", follow = { 20 }, expect = function() end }
            scenario { flow = "favorites", act = true, args = { add = "nps-poi:goga:01444" }, expect = function() end }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stdout.hasPrefix(
                """
                ERROR parks/GOGA/tests/bad.lua:1 favorites
                  parks/GOGA/tests/bad.lua:1: act: expected true or false, got string
                ERROR parks/GOGA/tests/bad.lua:2 home
                  parks/GOGA/tests/bad.lua:2: follow: expected action ids in order, such as {3, 1}
                ERROR parks/GOGA/tests/bad.lua:3 home
                  parks/GOGA/tests/bad.lua:3: follow[1]: expected an action id such as 3 or "favorite", got 0
                ERROR parks/GOGA/tests/bad.lua:4 home
                  parks/GOGA/tests/bad.lua:4: follow[1]: screen 'home' has no action '99'; its actions: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 and 2 more
                ERROR parks/GOGA/tests/bad.lua:5 home
                  parks/GOGA/tests/bad.lua:5: follow[1]: action '20' is a url action (the app opens https://www.nps.gov/goga/index.htm); a scenario follows go and act actions only
                FAIL parks/GOGA/tests/bad.lua:6 favorites
                  flows/favorites.lua:21: store.add_favorite: unknown site 'nps-poi:goga:01444' in park GOGA (site ids are ctx.sites[i].id); did you mean 'nps-poi:goga:0144'?

                """), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 passed, 6 failed\n"))
    }
}
