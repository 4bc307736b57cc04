import Testing
@testable import LuaKit

/// Read-only tables (LuaCall.pushReadOnly, CLuaSandbox's readonly.c): every read a script can
/// make sees the content; every change fails with the table's message at the line that
/// tried it; one table is handed to every call, unchanged.
@Suite struct ReadOnlyTableTests {
    static let message = "shared is read-only"
    static let content: LuaTable = {
        var site = LuaTable()
        site["name"] = "Fort Point"
        site["tags"] = ["fort", "historic"]
        var t = LuaTable(sequence: [.table(site), ["name": "Alcatraz"]])
        t["park"] = "GOGA"
        return t
    }()

    let lua: LuaState
    var kept: LuaTableRef?

    init() throws { lua = try LuaState() }

    /// Runs `body` (a chunk whose `...` is the shared table) `times` times, the table made on
    /// the first call and handed out again after.
    func run(_ body: String, times: Int = 1) throws -> [[LuaValue]] {
        let box = Box()
        let shared = lua.function("shared") { call in
            if let table = box.table { call.push(table) } else { box.table = call.pushReadOnly(Self.content, message: Self.message) }
        }
        let chunk = try lua.load("local t = (...)()\n" + body, chunkName: "test/ro.lua")
        return try (0..<times).map { _ in try lua.call(chunk, [.function(shared)]) }
    }

    final class Box { var table: LuaTableRef? }

    @Test func readsSeeTheContent() throws {
        let out = try run(
            """
            local n = 0
            for k, v in pairs(t) do n = n + 1 end
            local names = {}
            for i, site in ipairs(t) do names[i] = site.name end
            return #t, t.park, t[1].tags[2], table.concat(names, ","), n, rawget(t, "park"), rawlen(t),
                   next(t) ~= nil, #t[1].tags, type(t), getmetatable(t), select(2, pairs(t)) == t
            """)
        #expect(out.first == [2, "GOGA", "historic", "Fort Point,Alcatraz", 3, "GOGA", 2, true, 2, "table", false, true])
    }

    @Test(arguments: [
        ("t.park = 'YELL'", 1),
        ("t[1].name = 'x'", 1),
        ("t[1].tags[3] = 'x'", 1),
        ("t.new = 1", 1),
        ("rawset(t, 'park', 'YELL')", 1),
        ("table.insert(t, {})", 1),
        ("table.sort(t, function(a, b) return a.name < b.name end)", 1),
        ("table.remove(t[1].tags)", 1),
        ("setmetatable(t, nil)", 1),
        ("local x = 1\nt[1].tags.x = x", 2),
    ])
    func changesFailAtTheirLine(change: String, line: Int) throws {
        let error = #expect(throws: LuaError.self) { try run(change) }
        guard case .runtime(let message, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(message == "test/ro.lua:\(line + 1): \(Self.message)")
    }

    @Test func pcallCatchesAChangeAndTheNextCallSeesTheSameTable() throws {
        let out = try run(
            """
            local ok = pcall(function() t[1].name = "changed" end)
            local id = tostring(t)
            return ok, t[1].name, id
            """, times: 2)
        #expect(out[0][0] == false && out[0][1] == "Fort Point")
        #expect(out[0] == out[1], "the same table, unchanged, on the second call")
    }

    @Test func aCopyMayBeChanged() throws {
        let out = try run(
            """
            local copy = {}
            for k, v in pairs(t[1]) do copy[k] = v end
            copy.name = "Mine"
            local proxy = setmetatable({}, { __index = t[1] })
            proxy.name = "Also mine"
            return copy.name, proxy.name, t[1].name
            """)
        #expect(out.first == ["Mine", "Also mine", "Fort Point"])
    }

    @Test func copiedToSwiftAsItsContent() throws {
        let out = try run("return t, t[1]")
        #expect(out.first?.first == .table(Self.content))
        #expect(out.first?.last == Self.content[1])
    }

    @Test func aReferenceOfAnotherStateFailsTheCall() throws {
        let other = try LuaState()
        let box = Box()
        let make = other.function("make") { call in box.table = call.pushReadOnly(Self.content, message: Self.message) }
        _ = try other.call(make)
        let table = try #require(box.table)
        let push = lua.function("push") { call in call.push(table) }
        let error = #expect(throws: LuaError.self) { try lua.call(push) }
        #expect(error?.description.contains("push: result 1 is a table of another Lua state") == true, "\(String(describing: error))")
    }
}
