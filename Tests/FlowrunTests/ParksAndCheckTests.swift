import Foundation
import Testing

@Suite struct ParksAndCheckTests {
    @Test func parksListsEveryParkFolder() throws {
        let result = try flowrun(["parks"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks.txt")
    }

    @Test func parksAtAPositionSortsByDistance() throws {
        let result = try flowrun(["parks", "--at", "44.4605,-110.8281"])  // Old Faithful
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks-at-old-faithful.txt")
        let codes = result.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(4)) }
        #expect(codes.count == 20)  // the nearest 20 (--limit)
        #expect(Array(codes.prefix(3)) == ["YELL", "GRTE", "GLAC"])
    }

    @Test func parksAsJSON() throws {
        let result = try flowrun(["parks", "--format", "json", "--at", "37.8078,-122.4750"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks-at-golden-gate.json")
    }

    @Test func checkPassesOnTheRepository() throws {
        let result = try flowrun(["check", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok   ") }.count == 64)
        #expect(result.stdout.contains("screens: 0 problems"))
    }

    /// An act's flow is checked as the act runs it (`ctx.acting`), on a store in memory.
    @Test func checkPerformsActActions() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "parks/GRTE/flows/acttest.lua",
            """
            local ui = require("lib.ui")
            flow.register("acttest", function(ctx)
              if ctx.acting then
                store.add_favorite(ctx.args.site)
                if #store.favorites() > 0 then error("fails only when acting") end
              end
              return ui.screen("Act test", { ui.button("Keep it", ui.act("acttest", { site = ctx.sites[1].id }, "Keep")) })
            end)
            """)
        let data = copy.url.appendingPathComponent("data")
        let check = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], in: copy.url, environment: ["XDG_DATA_HOME": data.path])
        #expect(check.status == 1)
        #expect(
            check.stderr.contains("GRTE: following 'sections[1].action' of acttest: parks/GRTE/flows/acttest.lua:5: fails only when acting"), "\(check.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.path), "the visitor's default profile is not touched")
    }

    @Test func stubsAreCurrent() throws {
        let result = try flowrun(["stubs", "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
