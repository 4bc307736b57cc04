import Testing
@testable import LuaKit

/// Hostile scripts of each class the containment review found, each with its exact
/// outcome: which limit stops it and where, and the state runs the next script after it.
/// (How fast each one stops is measured by `flowbench containment`, not here.)
@Suite struct ContainmentTests {
    enum Limit { case instructions, time, memory, conversion }

    func state(instructions: Int = 2_000_000) throws -> LuaState {
        try LuaState(options: LuaOptions(instructionLimit: instructions, memoryLimit: 48 << 20, timeLimit: 1))
    }

    func expect(_ limit: Limit, _ source: String, on lua: LuaState? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Attacks on the clock get the default instruction budget, so time runs out first.
        let lua = try lua ?? state(instructions: limit == .time ? 20_000_000 : 2_000_000)
        let error = luaError { try lua.run(source, chunkName: "flows/attack.lua") }
        switch (limit, error) {
        case (.instructions, .instructionBudget(_, let location, _)?):
            #expect(location.hasPrefix("flows/attack.lua:"), "\(location)", sourceLocation: sourceLocation)
        case (.time, .timeLimit(let seconds, let location, _)?):
            #expect(seconds == 1, sourceLocation: sourceLocation)
            #expect(location.hasPrefix("flows/attack.lua:"), "\(location)", sourceLocation: sourceLocation)
        case (.memory, .memoryCap(let bytes, _, _)?):
            #expect(bytes == 48 << 20, sourceLocation: sourceLocation)
        case (.conversion, .conversion(let message)?):
            #expect(message.hasPrefix("value too large to copy out of Lua"), sourceLocation: sourceLocation)
        default:
            Issue.record("expected the \(limit) limit to stop it, got \(String(describing: error))", sourceLocation: sourceLocation)
        }
        // The host goes on: the same state runs the next script, with its memory given back.
        #expect(try lua.run("return #string.rep('y', 1000)", chunkName: "next.lua") == [1000], sourceLocation: sourceLocation)
        #expect(lua.memoryUsed < 8 << 20, sourceLocation: sourceLocation)
    }

    // MARK: - 1. One budget across every coroutine

    @Test func aTreeOfCoroutinesSharesOneBudget() throws {
        try expect(
            .instructions,
            """
            local function w(d) if d == 0 then while true do end end
              while true do coroutine.resume(coroutine.create(w), d - 1) end end
            w(6)
            """)
        try expect(
            .instructions,
            """
            local function w(d) if d == 0 then while true do end end
              while true do pcall(coroutine.wrap(w), d - 1) end end
            w(6)
            """)
    }

    @Test func shortCoroutinesAreCountedToo() throws {
        // Each thread runs less than a hook interval and finishes: creation is charged.
        try expect(.instructions, "for i = 1, 1e9 do coroutine.wrap(function() for j = 1, 90 do end end)() end")
        try expect(.instructions, "for i = 1, 1e9 do local co = coroutine.create(function() end) coroutine.resume(co) end")
    }

    @Test func onceSpentNoCoroutineResumes() throws {
        // The inner loop is stopped; its resume returns to the outer loop, which must not go on.
        try expect(
            .instructions,
            """
            local n = 0
            while true do
              local ok = coroutine.resume(coroutine.create(function() while true do end end))
              n = n + 1
              coroutine.close(coroutine.create(function() end))
            end
            """)
        try expect(
            .instructions,
            """
            local t = setmetatable({}, {__lt = function() while true do end end})
            while true do pcall(table.sort, {t, t, t}) end
            """)
    }

    // MARK: - 2. Loops inside the C library

    @Test func libraryLoopsOverHugeRangesAreRefused() throws {
        try expect(.instructions, "table.move({}, 1, 2^50, 2)")
        try expect(.instructions, "table.concat(setmetatable({}, {__len = function() return 2^50 end, __index = function() return '' end}))")
        try expect(.instructions, "table.insert(setmetatable({}, {__len = function() return 2^50 end}), 1, 1)")
        try expect(.instructions, "table.remove(setmetatable({}, {__len = function() return 2^50 end}), 1)")
        try expect(.instructions, "local t = {} while true do local x = {table.unpack(t, 1, 900000)} end")
    }

    @Test func repeatingNothingIsInstant() throws {
        let lua = try state()
        #expect(try lua.run("return string.rep('', 2^62), string.rep('', 2^62, '')", chunkName: "t.lua") == ["", ""])
    }

    // MARK: - 3. Work hidden in one instruction or one library call

    @Test func copiesAreChargedByTheBytesTheyMake() throws {
        try expect(.instructions, "while true do local s = string.rep('x', 3e7) end")
        try expect(.instructions, "local a = string.rep('x', 1e7) while true do local b = a .. 'y' end")
        try expect(.instructions, "local a = string.rep('x', 1e7) while true do local b = a:upper() end")
    }

    @Test func loadIsChargedByTheBytesItParses() throws {
        try expect(.instructions, "local src = '--[[' .. string.rep('x', 2e7) .. ']]' while true do load(src) end")
    }

    @Test func scansOfLongStringsMeetTheTimeLimit() throws {
        // Comparisons and scans that allocate nothing: the CPU time limit stops them.
        try expect(.time, "local a = string.rep('x', 1e7) .. 'a' local b = string.rep('x', 1e7) .. 'b' for i = 1, 1e8 do local _ = (a == b) end")
        try expect(.time, "local s = string.rep('x', 2e7) while true do utf8.len(s) end")
        try expect(.time, "local s = string.rep(' ', 2e7) while true do tonumber(s) end")
    }

    @Test func sortChargesItsComparisons() throws {
        try expect(.instructions, "local a = string.rep('x', 1e7) local t = {} for i = 1, 2000 do t[i] = a end table.sort(t)")
    }

    @Test func collectingIsChargedByTheHeap() throws {
        try expect(.instructions, "local t = {} for i = 1, 2e5 do t[i] = {i} end while true do collectgarbage() end")
    }

    // MARK: - 6. Copies out of Lua are bounded

    @Test func sharedTablesCannotExpandWhenCopied() throws {
        try expect(.conversion, "local t = {} for i = 1, 41 do t = {t, t} end return t")
        try expect(.conversion, "local s = string.rep('x', 1e7) local t = {} for i = 1, 1000 do t[i] = s end return t")
    }

    @Test func nativeArgumentsAreBoundedToo() throws {
        let lua = try state()
        lua.register("count") { call in call.push((try call.table(1)).count) }
        let error = luaError { try lua.run("local t = {} for i = 1, 41 do t = {t, t} end return count(t)", chunkName: "flows/attack.lua") }
        #expect(error?.runtimeMessage?.contains("bad argument #1 to 'count' (value too large to copy out of Lua") == true, "\(String(describing: error))")
        // Copying arguments is work: a big table passed again and again spends the budget.
        try expect(.instructions, "local t = {} for i = 1, 1e5 do t[i] = i end while true do pcall(count, t) end", on: lua)
    }

    // MARK: - Budget charged by native functions

    @Test func nativeFunctionsChargeTheirWork() throws {
        let lua = try state()
        lua.register("work") { call in try call.charge(100_000) }
        try expect(.instructions, "while true do work() end", on: lua)
        try expect(.instructions, "while true do pcall(work) end", on: lua)
    }

    @Test func aNestedRunSharesTheBudget() throws {
        let lua = try state()
        // A native function that runs a script of its own cannot hand it a fresh budget.
        lua.register("again") { [unowned lua] call in
            let f = try call.function(1)
            _ = try lua.call(f)
        }
        try expect(.instructions, "while true do pcall(again, function() for i = 1, 1000 do end end) end", on: lua)
    }

    // MARK: - The flow's coroutine plays the main thread

    @Test func theFlowsCoroutineIsMain() throws {
        let lua = try state()
        let out = try lua.run(
            """
            local co, main = coroutine.running()
            local ok, err = pcall(coroutine.yield, 1)
            return main, coroutine.isyieldable(), ok, err
            """, chunkName: "flows/main.lua")
        #expect(out[0] == true)
        #expect(out[1] == false)
        #expect(out[2] == false)
        #expect(out[3].stringValue == "attempt to yield from outside a coroutine")
    }
}
