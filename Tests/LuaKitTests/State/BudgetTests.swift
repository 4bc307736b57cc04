import Testing
@testable import LuaKit
import CLuaSandbox

@Suite struct BudgetTests {
    func small() throws -> LuaState {
        try LuaState(options: LuaOptions(instructionLimit: 2_000_000, memoryLimit: 8 << 20))
    }

    func expectBudget(_ lua: LuaState, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = luaError { try lua.run(source, chunkName: "flows/loop.lua") }
        guard case .instructionBudget(let limit, let location, _)? = error else {
            Issue.record("expected the instruction budget to stop it, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(limit == 2_000_000, sourceLocation: sourceLocation)
        #expect(location.hasPrefix("flows/loop.lua:"), sourceLocation: sourceLocation)
    }

    @Test func endlessLoopIsStopped() throws {
        let lua = try small()
        expectBudget(lua, "while true do end")
        #expect(try lua.run("return 1", chunkName: "t.lua") == [1])  // the host keeps running
    }

    @Test func pcallCannotSwallowTheBudget() throws {
        let lua = try small()
        expectBudget(lua, "while true do pcall(function() while true do end end) end")
        expectBudget(lua, "while true do pcall(string.gsub, 'aaa', 'a', function() while true do end end) end")
        expectBudget(lua, "local co = coroutine.wrap(function() while true do end end)\nwhile true do pcall(co) end")
        expectBudget(lua, "while true do local co = coroutine.create(function() while true do end end); coroutine.resume(co) end")
        expectBudget(lua, "local t = setmetatable({}, {__index = function() while true do end end})\nwhile true do pcall(function() return t.x end) end")
    }

    @Test func memoryCapStopsEndlessAllocation() throws {
        let lua = try small()
        for source in [
            "local t = {} while true do t[#t + 1] = {} end",
            "local s = 'x' while true do s = s .. s end",
            "return string.rep('x', 1 << 30)",
        ] {
            let error = luaError { try lua.run(source, chunkName: "flows/hog.lua") }
            guard case .memoryCap(let limit, _, _)? = error else {
                Issue.record("expected the memory cap for \(source), got \(String(describing: error))")
                continue
            }
            #expect(limit == 8 << 20)
        }
        #expect(lua.memoryUsed < 2 << 20)  // everything was collected; the state goes on
        #expect(try lua.run("return #string.rep('y', 1000)", chunkName: "t.lua") == [1000])
    }

    /// Arguments are pushed with the cap lifted (Swift allocations may not raise); ones that
    /// do not fit are refused before the function runs, with the sizes, not left to fail the
    /// function's first allocation with no location.
    @Test func argumentsOverTheCapAreRefusedBeforeTheCall() throws {
        let lua = try small()
        let function = try lua.load("local t = ... return #t", chunkName: "flows/count.lua")
        let big = LuaValue.table(LuaTable(sequence: (0..<200_000).map { .string("item \($0)") }))
        let error = luaError { try lua.call(function, [big]) }
        guard case .argumentsTooLarge(let argumentBytes, let heldBytes, let limitBytes)? = error else {
            Issue.record("expected the arguments to be refused, got \(String(describing: error))")
            return
        }
        #expect(limitBytes == 8 << 20)
        #expect(argumentBytes + heldBytes > limitBytes)
        #expect(argumentBytes > 8 << 20)
        #expect(error?.description.hasPrefix("the arguments take ") == true)
        #expect(error?.description.hasSuffix("KiB the state holds is over its memory cap of 8192 KiB") == true)
        #expect(lua.memoryUsed < 2 << 20)  // collected; the state goes on
        #expect(try lua.call(function, [LuaValue.table(LuaTable(sequence: [1, 2, 3]))]) == [3])
    }

    @Test func memoryCapAppliesAfterSwiftCallbacks() throws {
        let lua = try small()
        lua.register("big") { call in call.push(String(repeating: "z", count: 16 << 20)) }
        #expect(throws: LuaError.self) { try lua.run("local s = big() return #s", chunkName: "t.lua") }
    }

    /// The matcher charges its steps to the budget (patterns.c), so a pattern that would
    /// backtrack for hours ends the run like an endless loop; PatternTests has more.
    @Test func catastrophicPatternsAreStopped() throws {
        let lua = try small()
        expectBudget(lua, "return string.find(('a'):rep(26), ('a?'):rep(26) .. ('a'):rep(26))")
        expectBudget(lua, "while true do pcall(string.find, ('a'):rep(26), ('a?'):rep(26) .. ('a'):rep(26)) end")
        // Ordinary patterns keep working, as methods too.
        #expect(try lua.run("return ('  hello  '):match('^%s*(.-)%s*$'), select(2, ('a,b,c'):gsub(',', ';'))", chunkName: "t.lua") == ["hello", 2])
        #expect(try lua.run("return ('x'):rep(300):find('x.-y')", chunkName: "t.lua") == [.nil])
    }

    /// Finalizers run with hooks off, so a looping __gc could never be stopped: scripts may not set one.
    @Test func finalizersAreRefused() throws {
        let lua = try small()
        for source in [
            "setmetatable({}, {__gc = function() while true do end end})",
            "local mt = {__gc = false}; setmetatable({}, mt); mt.__gc = function() while true do end end",
        ] {
            let message = luaError { try lua.run(source, chunkName: "flows/gc.lua") }?.runtimeMessage
            #expect(message == "flows/gc.lua:1: setmetatable: __gc metamethods are not allowed in the sandbox")
        }
        // Setting __gc after setmetatable does not mark the object: collecting it runs nothing.
        #expect(
            try lua.run(
                "local mt = {}; setmetatable({}, mt); mt.__gc = function() while true do end end; collectgarbage(); return 1",
                chunkName: "flows/gc.lua") == [1])
    }
}
