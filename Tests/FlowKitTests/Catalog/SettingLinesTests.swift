import Testing
@testable import FlowKit

/// Where park.lua writes each setting, read from its source: what a setting's error names.
@Suite struct SettingLinesTests {
    static let source = """
        -- A park. { not = "a table" } in a comment, and --[[ a long
        comment = { over = "lines" } ]]
        local park = {
          name = "A [[park]]",
          center = { lat = 1,
                     lon = 2 },
          home = {
            sections = { "welcome",
              "links" },
            links = { { label = "Map", flow = "map" } },
          },
          sites = {
            names = { ["nps-poi:x:1"] = "One", [ [[two]] ] = "Two" },
            hidden = cond and { "a" } or { "b",
              "c" },
          },
          budgets = (function() local a, b = 1, 2 return { instructions = a } end)(),
        }
        park.theme = { primary = "#000000" }
        park.map["size"] = "390x844"
        for i = 1, 2 do park.zoom = i end
        return park
        """

    let lines = SettingLines(source: Self.source)

    @Test(arguments: [
        ("name", 4), ("center", 5), ("center.lat", 5), ("center.lon", 6), ("home.sections[1]", 8), ("home.sections[2]", 9),
        ("home.links[1].flow", 10), ("sites.names.nps-poi:x:1", 13), ("sites.names.two", 13), ("sites.hidden[2]", 15),
        ("theme.primary", 19), ("map.size", 20), ("zoom", 21), ("budgets", 17),
    ])
    func aSettingIsAtTheLineThatWritesIt(path: String, line: Int) {
        #expect(lines.line(of: path)?.line == line)
    }

    @Test func aSettingNotWrittenHasTheLineOfTheNearestAroundIt() {
        #expect(lines.line(of: "center.alt")?.line == 5)
        #expect(lines.line(of: "center.alt")?.depth == 1)
        #expect(lines.line(of: "home.links[1].args.x")?.line == 10)
        #expect(lines.line(of: "budgets.instructions")?.line == 17, "a computed value: its field's line")
        #expect(lines.line(of: "ar.fov") == nil)
        #expect(lines.line(of: "not") == nil, "nothing from comments")
        #expect(lines.line(of: "comment") == nil)
    }

    @Test func aFileThatDoesNotParseGivesWhatItWroteBefore() {
        let broken = SettingLines(source: "return {\n  zoom = 3,\n  home = { sections = { 'a'\n")
        #expect(broken.line(of: "zoom")?.line == 2)
        #expect(broken.line(of: "home.sections[1]")?.line == 3)
        #expect(SettingLines(source: "").line(of: "zoom") == nil)
        #expect(SettingLines(source: "return 'unterminated").line(of: "zoom") == nil)
    }
}
