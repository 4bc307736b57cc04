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
        let result = try flowrun(checkEveryPark + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok   ") }.count == 64)
        #expect(result.stdout.contains("screens: 0 problems"))
    }

    /// A theme whose text does not read fails check at the line that sets the colour.
    @Test func checkFailsAThemeWhoseTextDoesNotRead() throws {
        let copy = try ProjectCopy()
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/ZION/park.lua"), encoding: .utf8)
        var lines = park.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.hasPrefix("  name = ") })
        lines.insert("  theme = { primary = \"#9CC5A1\" },", at: at + 1)
        try copy.write("parks/ZION/park.lua", lines.joined(separator: "\n"))
        let result = try flowrun(["check", "--park", "ZION", "--time", fixedTime], in: copy.url)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                "parks/ZION/park.lua:\(at + 2): theme.primary: headings, links and secondary buttons (primary) on the background "
                    + "has a contrast of 1.7:1, below the 4.5:1 WCAG AA asks of text (#9CC5A1 on #F7F4EC)"), "\(result.stderr)")
        #expect(result.stderr.contains("\(at + 2) |   theme = { primary = \"#9CC5A1\" },") || result.stderr.contains("| theme = { primary"), "\(result.stderr)")
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
