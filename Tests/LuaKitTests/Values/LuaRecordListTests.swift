import Testing
@testable import LuaKit

/// A LuaRecordList reaches Lua as the same tables its LuaValue form would build: floats,
/// integers, and absent fields left out.
@Suite struct LuaRecordListTests {
    static let records = LuaRecordList(fields: [.init("lat"), .init("time"), .init("ele"), .init("line", .integer)], count: 3) { i, j in
        switch j {
        case 0: return 37.5 + Double(i)
        case 1: return 1_000 + Double(i)
        case 2: return i == 1 ? nil : 12.25
        default: return Double(i + 10)
        }
    }

    @Test func luaSeesTheTablesOfItsLuaValueForm() throws {
        let lua = try LuaState()
        let f = try lua.load(
            """
            local list = ...
            local kinds = {}
            for i, r in ipairs(list) do kinds[i] = math.type(r.time) .. "/" .. math.type(r.line) .. "/" .. tostring(r.ele) end
            return list, #list, table.concat(kinds, " ")
            """, chunkName: "t.lua")
        let out = try lua.call(f, arguments: [.records(Self.records)])
        #expect(out.first == Self.records.tableValue)
        #expect(out.dropFirst() == [3, "float/integer/12.25 float/integer/nil float/integer/12.25"])
        #expect(Self.records.tableValue.tableValue?[2]["line"] == .integer(11) && Self.records.count == 3)
    }

    @Test func anEmptyListIsAnEmptyTable() throws {
        let lua = try LuaState()
        let none = LuaRecordList(fields: [.init("lat")], count: 0) { _, _ in 0 }
        let out = try lua.call(try lua.load("local t = ...; return #t, next(t) == nil", chunkName: "t.lua"), arguments: [.records(none)])
        #expect(out == [0, true])
    }
}
