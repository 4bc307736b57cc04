import Testing
@testable import LuaKit

/// `LuaCall.push(pairLists:)` gives Lua the tables a LuaValue of the same lists of pairs
/// would: one list per ring, one `{x, y}` per pair, floats throughout.
@Suite struct PairListsTests {
    @Test func luaSeesAListOfPairsPerList() throws {
        let lua = try LuaState()
        let rings = lua.function("rings") { call in
            call.push(pairLists: [[-122.5, 37.8, -122.4, 37.9, -122.5, 37.8], [], [1, 2, 3]])
        }
        let out = try lua.call(
            try lua.load(
                """
                local rings = ...
                local t = rings()
                return t, #t, #t[1], #t[2], #t[3], math.type(t[3][1][1])
                """, chunkName: "t.lua"), arguments: [.value(.function(rings))])
        let expected: LuaValue = [
            [[-122.5, 37.8], [-122.4, 37.9], [-122.5, 37.8]],
            [],
            [[1.0, 2.0]],  // an odd count leaves the last number out
        ]
        #expect(out.first == expected)
        #expect(Array(out.dropFirst()) == [3, 3, 0, 1, "float"])
    }

    @Test func itCountsAsOneResult() throws {
        let lua = try LuaState()
        let f = lua.function("f") { call in
            call.push(pairLists: [[0, 0]])
            call.push("after")
        }
        let out = try lua.call(
            try lua.load("local f = ...; return select('#', f()), select(2, f())", chunkName: "t.lua"),
            arguments: [.value(.function(f))])
        #expect(out == [2, "after"])
    }
}
