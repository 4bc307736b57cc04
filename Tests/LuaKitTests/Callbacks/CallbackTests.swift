import Testing
@testable import LuaKit

final class Counter: LuaObject {
    static let luaTypeName = "test.Counter"
    var value = 0
    nonisolated(unsafe) static var released = 0
    deinit { Counter.released += 1 }
}

@Suite(.serialized) struct CallbackTests {
    @Test func nativeFunctionArgumentsAndResults() throws {
        let lua = try LuaState()
        lua.register(
            module: "m",
            functions: [
                "add": { call in call.push(try call.number(1) + call.number(2)) },
                "pair": { call in
                    call.push(try call.string(1).uppercased()); call.push(call.argumentCount)
                },
            ])
        #expect(try lua.run("return m.add(2, 3.5), m.pair('ab', nil, 4)", chunkName: "t.lua") == [5.5, "AB", 3])
    }

    @Test func badArgumentMessageNamesCallerLine() throws {
        let lua = try LuaState()
        lua.register(module: "geo", functions: ["distance": { call in call.push(try call.number(1)) }])
        let error = luaError { try lua.run("local a = 1\nreturn geo.distance('x')", chunkName: "flows/x.lua") }
        #expect(error?.runtimeMessage == "flows/x.lua:2: bad argument #1 to 'distance' (number expected, got string)")
    }

    /// A result that cannot be pushed fails the call: never fewer results than were pushed.
    @Test func aFullStackOrADeepResultIsAnErrorNeverADrop() throws {
        let lua = try LuaState()
        lua.register(
            module: "m",
            functions: [
                "many": { call in for i in 0..<2_000_000 { call.push(i) } },
                "deep": { call in
                    var value: LuaValue = 1
                    for _ in 0..<200 { value = .table(LuaTable(sequence: [value])) }
                    call.push(value)
                },
            ])
        let many = luaError { try lua.run("local n = select('#', m.many())\nreturn n", chunkName: "t.lua") }
        #expect(many?.runtimeMessage?.hasPrefix("t.lua:1: many: too many results for Lua's stack") == true, "\(String(describing: many))")
        let deep = luaError { try lua.run("return m.deep()", chunkName: "t.lua") }
        #expect(deep?.runtimeMessage == "t.lua:1: deep: result 1 is nested deeper than 100 levels, or too large for Lua's stack")
        #expect(try lua.run("return pcall(m.deep)", chunkName: "t.lua").first == false)
    }

    /// DESIGN rule 1: a Swift error inside nested pcalls must leave the state consistent.
    @Test func swiftErrorsInsideNestedPcallsKeepStateConsistent() throws {
        let lua = try LuaState()
        lua.register("fail") { call in throw LuaCallError("swift says no: \(try call.integer(1))") }
        let script = try lua.load(
            """
            local n = 0
            for i = 1, 5000 do
              local ok, err = pcall(function()
                local ok2, err2 = pcall(fail, i)
                assert(not ok2 and err2:find("swift says no: " .. i, 1, true), err2)
                return fail(i + 1)
              end)
              if not ok and err:find("swift says no", 1, true) then n = n + 1 end
            end
            return n
            """, chunkName: "t.lua")
        let before = lua.memoryUsed
        for _ in 0..<4 {
            #expect(try lua.call(script) == [5000])
        }
        #expect(lua.memoryUsed < before + 512 * 1024)
        // And the state still works normally afterwards.
        #expect(try lua.run("return 1 + 1", chunkName: "t.lua") == [2])
    }

    @Test func objectsAreReleasedByGC() throws {
        Counter.released = 0
        do {
            let lua = try LuaState()
            lua.defineType(
                Counter.self,
                methods: [
                    "inc": { counter, call in
                        counter.value += 1; call.push(counter.value)
                    }
                ])
            lua.register("counter") { call in call.push(object: Counter()) }
            #expect(try lua.run("local c = counter(); c:inc(); return c:inc()", chunkName: "t.lua") == [2])
            #expect(try lua.run("collectgarbage(); collectgarbage(); return 0", chunkName: "t.lua") == [0])
            #expect(Counter.released == 1)
            _ = try lua.run("keep = counter()", chunkName: "t.lua")
        }
        #expect(Counter.released == 2)  // the state's close collected the last one
    }

    @Test func methodOnWrongTypeIsAnError() throws {
        let lua = try LuaState()
        lua.defineType(Counter.self, methods: ["inc": { counter, call in counter.value += 1 }])
        lua.register("counter") { call in call.push(object: Counter()) }
        #expect(throws: LuaError.self) {
            try lua.run("local c = counter(); local inc = c.inc; inc({})", chunkName: "t.lua")
        }
        #expect(try lua.run("return getmetatable(counter())", chunkName: "t.lua") == [false])
    }
}
