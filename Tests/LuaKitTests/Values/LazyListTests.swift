import Testing
@testable import LuaKit

/// Lazy lists (LuaState.lazyList, CLuaSandbox's lazylist.c): a read-only list whose element i
/// is made by a native function on its first read, kept while anything holds it; views list
/// elements of one by position, and hand out the same tables.
@Suite struct LazyListTests {
    static let message = "the list is read-only"

    /// Runs `body` (a chunk whose `...` are a lazy list of `count` sites named "site i", a
    /// view of it at `view`, and a function returning how many elements were made so far).
    static func run(_ body: String, count: Int = 5, view: [Int] = [3, 1], options: LuaOptions = LuaOptions()) throws -> [LuaValue] {
        let lua = try LuaState(options: options)
        let made = Counter()
        let make = lua.function("make") { call in
            let i = try call.integer(1)
            made.value += 1
            var site = LuaTable()
            site["name"] = .string("site \(i)")
            site["i"] = .integer(Int64(i))
            call.pushReadOnlyElement(site, message: Self.message)
        }
        let list = try #require(lua.lazyList(count: count, make: make, message: Self.message))
        let lists = lua.function("lists") { call in
            call.push(list)
            call.pushLazyView(of: list, positions: view, message: Self.message)
        }
        let positions = lua.function("positions") { call in
            switch try call.positions(1, in: list, name: "list") {
            case .all(let n): call.push("all \(n)")
            case .positions(let p): call.push(p.map(String.init).joined(separator: ","))
            }
        }
        let counted = lua.function("made") { call in call.push(made.value) }
        let chunk = try lua.load("local t, v = (...)()\nlocal made, positions = select(2, ...)\n" + body, chunkName: "test/lazy.lua")
        return try lua.call(chunk, [.function(lists), .function(counted), .function(positions)])
    }

    final class Counter { var value = 0 }

    @Test func readsSeeAListOfItsLength() throws {
        let out = try Self.run(
            """
            local names, n = {}, 0
            for i, site in ipairs(t) do names[i] = site.name end
            for k, v in pairs(t) do n = n + 1 end
            return #t, table.concat(names, ","), n, next(t), rawget(t, 2).name, rawlen(t), t.name, t[0], t[6],
                   type(t), getmetatable(t), select(2, next(t, 4)).name, next(t, 5), table.concat({ table.unpack(t, 4, 5) } and { t[4].name, t[5].name }, ",")
            """)
        #expect(out == [5, "site 1,site 2,site 3,site 4,site 5", 5, 1, "site 2", 5, .nil, .nil, .nil, "table", false, "site 5", .nil, "site 4,site 5"])
    }

    @Test func anElementIsMadeOnceOnItsFirstReadAndIsTheSameTableWhileHeld() throws {
        let out = try Self.run(
            """
            local before = made()
            local a = t[2]
            local b = t[2]
            return before, made(), rawequal(a, b), rawequal(v[2], t[1]), rawequal(v[1], t[3]), made()
            """)
        #expect(out == [0, 1, true, true, true, 3])
    }

    @Test(arguments: [
        ("t[1] = {}", 1), ("t[6] = {}", 1), ("t.x = 1", 1), ("t[1].name = 'x'", 1), ("rawset(t, 1, {})", 1),
        ("table.insert(t, {})", 1), ("v[1] = {}", 1), ("table.insert(v, {})", 1), ("setmetatable(t, nil)", 1),
    ])
    func changesFailAtTheirLine(change: String, line: Int) throws {
        let error = #expect(throws: LuaError.self) { try Self.run(change) }
        guard case .runtime(let message, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message == "test/lazy.lua:\(line + 2): \(Self.message)")
    }

    @Test func aViewReadsAsTheListOfItsPositions() throws {
        let out = try Self.run(
            """
            local names = {}
            for i, site in ipairs(v) do names[i] = site.name end
            return #v, table.concat(names, ","), rawlen(v), next(v), v[3], made()
            """)
        #expect(out == [2, "site 3,site 1", 2, 1, .nil, 2])
    }

    @Test func aNativeFunctionTellsWhereAListsElementsAre() throws {
        let out = try Self.run("return positions(t), positions(v), positions({ t[4], {}, v[1] }), positions({})")
        #expect(out == ["all 5", "3,1", "4,0,3", ""])
    }

    @Test func aViewOutsideItsListIsRefused() throws {
        #expect(throws: LuaError.self) { try Self.run("return #v", view: [6]) }
    }

    @Test func copyingAListToSwiftMakesEveryElement() throws {
        let lua = try LuaState()
        let make = lua.function("make") { call in call.push(try call.integer(1) * 10) }
        let list = try #require(lua.lazyList(count: 3, make: make, message: Self.message))
        let read = lua.function("read") { call in
            let table = try call.table(1)
            call.push(table.sequence.count)
            call.push(LuaValue.table(table))
        }
        let give = lua.function("give") { call in call.push(list) }
        let chunk = try lua.load("local n, copy = (...)((select(2, ...))()) return n, copy[3]", chunkName: "test/copy.lua")
        #expect(try lua.call(chunk, [.function(read), .function(give)]) == [3, 30])
    }

    /// Elements nobody holds are collected: reading every element of a list far larger than
    /// the memory cap, one at a time, stays within it.
    @Test func readingAHugeListOneElementAtATimeStaysWithinTheCap() throws {
        var options = LuaOptions()
        options.memoryLimit = 8 << 20
        options.instructionLimit = 200_000_000
        options.timeLimit = 30
        let out = try Self.run(
            """
            local total = 0
            for i = 1, #t do total = total + t[i].i end
            return total, made()
            """, count: 100_000, view: [], options: options)
        #expect(out == [.integer(5_000_050_000), 100_000])
    }
}
