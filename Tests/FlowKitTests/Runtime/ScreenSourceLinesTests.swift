import LuaKit
import Testing
@testable import FlowKit

/// An invalid screen's issues name the line of the flow that wrote the bad value, where that
/// can be known, and no line rather than a wrong one (issue 13, item 2).
@Suite struct ScreenSourceLinesTests {
    let source = """
        flow.register("x", function(ctx)
          local computed = "ma" .. "pp"
          return { title = "X", sections = {
            { type = "button", label = "Map", action = { kind = "go", flow = "mapp" } },
            { type = "button", label = "Again", action = { kind = "go", flow = "twice" } },
            { type = "button", label = "Twice", action = { kind = "go", flow = "twice" } },
            { type = "button", label = "Computed", action = { kind = "go", flow = computed } },
            { type = "list", items = { { title = "one" }, "stray" } },
          } }
        end)
        """

    func screen() throws -> LuaValue {
        let lua = try LuaState()
        return try lua.run(
            """
            return { title = "X", sections = {
              { type = "button", label = "Map", action = { kind = "go", flow = "mapp" } },
              { type = "button", label = "Again", action = { kind = "go", flow = "twice" } },
              { type = "button", label = "Twice", action = { kind = "go", flow = "twice" } },
              { type = "button", label = "Computed", action = { kind = "go", flow = "ma" .. "pp2" } },
              { type = "list", items = { { title = "one" }, "stray" } },
            } }
            """, chunkName: "x.lua")[0]
    }

    @Test func aLiteralWrittenOnceIsFound() throws {
        let lines = ScreenSourceLines(files: [(path: "flows/x.lua", text: source)])
        let value = try screen()
        #expect(lines.location(of: "sections[1].action.flow", in: value) == "flows/x.lua:4")
        #expect(lines.location(of: "sections[5].items[2]", in: value) == "flows/x.lua:8")
    }

    @Test func aLiteralWrittenTwiceOrAComputedValueGetsNoLine() throws {
        let lines = ScreenSourceLines(files: [(path: "flows/x.lua", text: source)])
        let value = try screen()
        #expect(lines.location(of: "sections[2].action.flow", in: value) == nil)
        #expect(lines.location(of: "sections[4].action.flow", in: value) == nil)
        #expect(lines.location(of: "sections[5]", in: value) == nil)  // a table
        #expect(lines.location(of: "sections[9].title", in: value) == nil)  // nothing there
    }
}
