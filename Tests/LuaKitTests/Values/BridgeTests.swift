import Testing
@testable import LuaKit

@Suite struct BridgeTests {
    let lua: LuaState
    init() throws { lua = try LuaState() }

    @Test func scalarsRoundTrip() throws {
        let values: [LuaValue] = [.nil, true, false, 42, -7, 3.5, .number(1e300), "héllo", ""]
        let identity = try lua.load("return ...", chunkName: "test/identity.lua")
        let back = try lua.call(identity, values)
        #expect(back == values)
    }

    @Test func nestedTablesRoundTrip() throws {
        let value: LuaValue = [
            "name": "Alcatraz", "tags": ["island", "prison"], "pos": ["lat": 37.8267, "lon": -122.423],
            "deep": ["a": ["b": ["c": [1, 2, 3]]]],
        ]
        let identity = try lua.load("return ...", chunkName: "test/identity.lua")
        #expect(try lua.call(identity, [value]) == [value])
    }

    @Test func luaSeesSwiftTables() throws {
        let f = try lua.load("local t = ...; return #t.tags, t.pos.lat, t.tags[2]", chunkName: "t.lua")
        let out = try lua.call(f, [["tags": ["a", "b"], "pos": ["lat": 1.5]]])
        #expect(out == [2, 1.5, "b"])
    }

    @Test func floatKeysNormalizeToIntegers() throws {
        let out = try lua.run("return {[1.0] = 'a', [2] = 'b'}", chunkName: "t.lua")
        #expect(out.first?.tableValue?.sequence == ["a", "b"])
    }

    /// Keys Lua cannot hold must never reach lua_rawset (it would raise across Swift frames).
    @Test func nilNaNAndOpaqueKeysAreDropped() throws {
        var table = LuaTable()
        table[.nil] = 1
        table[.number(.nan)] = 2
        table["ok"] = 3
        table[.opaque("userdata")] = 4
        let identity = try lua.load("local t = ...; local n = 0; for _ in pairs(t) do n = n + 1 end; return n, t.ok", chunkName: "t.lua")
        #expect(try lua.call(identity, [.table(table)]) == [1, 3])
    }

    @Test func cyclicTableIsAConversionError() {
        #expect(throws: LuaError.self) { try lua.run("local t = {}; t.self = t; return t", chunkName: "t.lua") }
    }

    struct Site: Codable, Equatable {
        var id: String
        var name: String
        var lat: Double
        var tags: [String]
        var rating: Int?
        var nested: [String: [Int]]
    }

    @Test func codableRoundTrip() throws {
        let site = Site(id: "a1", name: "Fort Point", lat: 37.81, tags: ["fort", "historic"], rating: nil, nested: ["x": [1, 2]])
        let encoded = try LuaValueEncoder().encode(site)
        let identity = try lua.load("local s = ...; s.name = s.name .. '!'; return s", chunkName: "t.lua")
        let back = try LuaValueDecoder().decode(Site.self, from: try lua.call(identity, [encoded])[0])
        var expected = site
        expected.name += "!"
        #expect(back == expected)
    }

    /// `{ a, cond and b or nil, c }` is a list of its items in order, never an empty list.
    @Test func aListWithHolesKeepsItsItemsInOrder() throws {
        let lua = try LuaState()
        let value = try lua.run("return { 10, nil, 30, nil, nil, 60 }", chunkName: "t.lua")[0]
        #expect(try LuaValueDecoder().decode([Int].self, from: value) == [10, 30, 60])
        let keyed = try lua.run("return { 10, x = 1 }", chunkName: "t.lua")[0]
        #expect(throws: LuaDecodingError.self) { try LuaValueDecoder().decode([Int].self, from: keyed) }
    }

    @Test func decodingErrorsNameTheFieldPath() throws {
        struct Outer: Decodable { var items: [Inner] }
        struct Inner: Decodable { var title: String }
        let value = try lua.run("return { items = { {title = 'a'}, {title = 3} } }", chunkName: "t.lua")[0]
        do {
            _ = try LuaValueDecoder().decode(Outer.self, from: value)
            Issue.record("expected an error")
        } catch {
            #expect(LuaDecodingError.describe(error).description == "items[2].title: expected string, got number 3")
        }
        let missing = try lua.run("return { items = { {} } }", chunkName: "t.lua")[0]
        #expect(throws: (any Error).self) { try LuaValueDecoder().decode(Outer.self, from: missing) }
        do { _ = try LuaValueDecoder().decode(Outer.self, from: missing) } catch {
            #expect(LuaDecodingError.describe(error).description == "items[1].title: missing (required)")
        }
    }

    @Test func emptyTableDecodesAsEmptyListOrObject() throws {
        struct Holder: Decodable { var list: [Int]; var map: [String: Int] }
        let value = try lua.run("return { list = {}, map = {} }", chunkName: "t.lua")[0]
        let holder = try LuaValueDecoder().decode(Holder.self, from: value)
        #expect(holder.list.isEmpty && holder.map.isEmpty)
    }

    @Test func syntaxErrorNamesFileAndLine() {
        #expect(throws: LuaError.syntax(message: "flows/bad.lua:2: unexpected symbol near '='")) {
            try lua.load("local x = 1\n= 2", chunkName: "flows/bad.lua")
        }
    }

    @Test func runtimeErrorHasLocationAndTraceback() throws {
        let f = try lua.load("local function inner() error('boom') end\nlocal function outer() inner() end\nouter()", chunkName: "flows/crash.lua")
        guard case .runtime(let message, let traceback)? = luaError({ try lua.call(f) }) else {
            Issue.record("expected a runtime error")
            return
        }
        #expect(message == "flows/crash.lua:1: boom")
        #expect(traceback.contains("flows/crash.lua:2: in "))
        #expect(traceback.contains("stack traceback"))
    }
}
