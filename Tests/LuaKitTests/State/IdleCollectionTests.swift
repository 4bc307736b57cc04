import Testing
@testable import LuaKit

/// Idle collection (``LuaState/collectIfDue()``): the collector's work done between runs.
/// It must free what runs left, skip when nothing is due, and change nothing a script can
/// see: `collectgarbage` answers as in stock Lua, and the memory cap holds as before.
@Suite struct IdleCollectionTests {
    func small() throws -> LuaState {
        try LuaState(options: LuaOptions(instructionLimit: 20_000_000, memoryLimit: 8 << 20))
    }

    func count(_ lua: LuaState) throws -> Double {
        guard case .number(let kib)? = try lua.run("return collectgarbage('count')", chunkName: "flows/count.lua").first else {
            Issue.record("collectgarbage('count') did not answer a number")
            return 0
        }
        return kib
    }

    /// A run's garbage, ~1.6 MB of small tables, is gone after the idle collection: by the
    /// flow's own collectgarbage("count") and by the budget's accounting.
    @Test func collectingFreesWhatRunsLeft() throws {
        let lua = try small()
        lua.collectIfDue()
        _ = try lua.run("local t = {} for i = 1, 20000 do t[i] = {i, i} end return #t", chunkName: "flows/garbage.lua")
        let before = try count(lua), usedBefore = lua.memoryUsed
        #expect(lua.collectIfDue())
        let after = try count(lua)
        #expect(after < before - 1000, "count \(before) KiB before, \(after) KiB after")
        #expect(lua.memoryUsed < usedBefore - 1_000_000, "\(usedBefore) bytes before, \(lua.memoryUsed) after")
    }

    /// Right after a collection a small run leaves the next cycle far off: nothing to do.
    /// (The function is loaded once, as a flow is: each load makes a sandbox environment.)
    @Test func notDueDoesNothing() throws {
        let lua = try small()
        let small = try lua.load("return 1 + 1", chunkName: "flows/small.lua")
        #expect(lua.collectIfDue())  // the first call always collects
        #expect(try lua.call(small) == [2])
        #expect(!lua.collectIfDue())
        let used = lua.memoryUsed
        #expect(!lua.collectIfDue())
        #expect(lua.memoryUsed == used)
    }

    /// Runs that allocate more than the heap holds bring the cycle near: due again.
    @Test func dueOnceRunsAllocate() throws {
        let lua = try small()
        lua.collectIfDue()
        _ = try lua.run("local t = {} for i = 1, 40000 do t[i] = {i} end return 1", chunkName: "flows/garbage.lua")
        #expect(lua.collectIfDue())
    }

    /// From a native function, inside a run, it does nothing.
    @Test func insideARunItDoesNothing() throws {
        let lua = try small()
        lua.register("idle") { [unowned lua] call in call.push(lua.collectIfDue()) }
        #expect(try lua.run("return idle()", chunkName: "flows/nested.lua") == [false])
    }

    /// Whatever idle collection did between runs, collectgarbage answers a flow as stock Lua
    /// 5.4 does: running, incremental with the default pause (200) and step multiplier
    /// (100), a step that finishes a cycle when asked for enough, a count in KiB.
    @Test func collectgarbageAnswersAsStockLua() throws {
        let lua = try small()
        for _ in 0..<3 {
            _ = try lua.run("local t = {} for i = 1, 20000 do t[i] = {i} end", chunkName: "flows/garbage.lua")
            lua.collectIfDue()
            let answers = try lua.run(
                """
                local running = collectgarbage('isrunning')
                local pause = collectgarbage('setpause', 200)
                local stepmul = collectgarbage('setstepmul', 100)
                local mode = collectgarbage('incremental')
                local kib = collectgarbage('count')
                local finished = collectgarbage('step', 100000)
                collectgarbage('stop')
                local stopped = collectgarbage('isrunning')
                collectgarbage('restart')
                return running, pause, stepmul, mode, math.type(kib), kib > 0, finished, stopped, collectgarbage('isrunning'), collectgarbage()
                """, chunkName: "flows/gc.lua")
            #expect(answers == [true, 200, 100, "incremental", "float", true, true, false, true, 0])
        }
    }

    /// The memory cap holds with idle collection between runs: a flow that keeps what it
    /// allocates fails with the cap; one that makes more garbage than the cap in one run
    /// succeeds, since the collector still runs inside runs when they need it.
    @Test func memoryCapHoldsAndGarbageIsStillCollectedInsideRuns() throws {
        let lua = try small()
        for _ in 0..<3 {
            lua.collectIfDue()
            let error = luaError { try lua.run("local t = {} while true do t[#t + 1] = {} end", chunkName: "flows/hog.lua") }
            guard case .memoryCap(let limit, let location, _)? = error else {
                Issue.record("expected the memory cap, got \(String(describing: error))")
                return
            }
            #expect(limit == 8 << 20)
            #expect(location.hasPrefix("flows/hog.lua:1:"))
            lua.collectIfDue()
            let churn = try lua.run(
                "local n = 0 for i = 1, 400 do local s = string.rep('x', 50000) .. i n = n + #s end return n",
                chunkName: "flows/churn.lua")
            #expect(churn.count == 1)
        }
    }
}
