import Testing
@testable import LuaKit

@Suite struct SandboxTests {
    let lua: LuaState
    init() throws { lua = try LuaState() }

    func run(_ source: String) throws -> [LuaValue] { try lua.run(source, chunkName: "flows/evil.lua") }

    func message(_ source: String) -> String {
        guard let error = luaError({ try lua.run(source, chunkName: "flows/evil.lua") }) else { return "no error" }
        return error.runtimeMessage ?? error.description
    }

    @Test(arguments: [
        "io", "debug", "package", "dofile", "loadfile", "require_native", "string.dump",
        "os.execute", "os.exit", "os.getenv", "os.remove", "os.rename", "os.tmpname", "os.setlocale",
    ])
    func dangerousThingsAreAbsent(name: String) throws {
        let path = name.split(separator: ".").joined(separator: "\"][\"")
        #expect(try run("return _ENV[\"\(path)\"] == nil") == [true])
    }

    @Test func allowedLibrariesArePresent() throws {
        #expect(
            try run(
                "return type(string.format), type(table.sort), type(math.floor), type(utf8.char), type(coroutine.wrap), type(os.time), type(os.clock), type(os.date), type(pcall)"
            )
                == ["function", "function", "function", "function", "function", "function", "function", "function", "function"])
    }

    @Test func ioOpenIsAnErrorWithLocation() {
        #expect(message("local x = 1\nio.open('/etc/passwd')") == "flows/evil.lua:2: attempt to index a nil value (global 'io')")
        #expect(message("os.execute('ls')") == "flows/evil.lua:1: attempt to call a nil value (field 'execute')")
    }

    @Test func binaryChunksAreRefused() throws {
        let out = try run("return load('\\27Lua\\84\\0', 'x', 'b')")
        #expect(out[0] == .nil)
        #expect(out[1].stringValue?.contains("binary chunks are not allowed") == true)
        let sneaky = try run("return load('\\27LuaT\\0\\25\\147\\r\\n\\26\\n')")
        #expect(sneaky[0] == .nil)
        #expect(sneaky[1].stringValue?.contains("binary chunk") == true)
    }

    @Test func loadOfTextWorksInASandboxedEnvironment() throws {
        #expect(try run("return load('return 1 + 2')()") == [3])
        #expect(try run("return load('return io')()") == [.nil])
        #expect(try run("local env = {x = 5}; return load('return x', 'chunk', 't', env)()") == [5])
    }

    @Test func stringMetatableIsLocked() throws {
        #expect(try run("return getmetatable('')") == [false])
        #expect(message("setmetatable('', {})").contains("bad argument"))
    }

    @Test func oneChunkCannotChangeAnothersLibraries() throws {
        _ = try run("string.format = function() return 'pwned' end; string.upper = nil; x_global = 1")
        #expect(try lua.run("return string.format('%d', 7), ('a'):upper(), x_global", chunkName: "flows/other.lua") == ["7", "A", .nil])
        #expect(message("rawset(getmetatable(_ENV) or {}, '__index', {})") == "no error")
        #expect(try lua.run("return string.format('%d', 8)", chunkName: "flows/other.lua") == ["8"])
    }

    @Test func globalsTheHostSetsLaterReachLaterChunks() throws {
        // Environments are made from a template of the globals: each change the host makes
        // must reach the chunks loaded after it, and only those.
        #expect(try run("return geo, answer") == [.nil, .nil])
        lua.register(module: "geo", functions: ["twice": { call in call.push(try call.integer(1) * 2) }], values: ["version": 1])
        lua.setGlobal("answer", 42)
        lua.register("shout") { call in call.push(try call.string(1).uppercased()) }
        #expect(try run("return geo.twice(21), geo.version, answer, shout('hi')") == [42, 1, 42, "HI"])
        // Each chunk still gets its own copy of the new module's table.
        _ = try run("geo.twice = nil; geo.extra = true")
        #expect(try run("return type(geo.twice), geo.extra, rawget(_G, 'geo') == geo") == ["function", .nil, true])
    }

    @Test func requireRefusesPathsAndUnknownModules() throws {
        lua.moduleResolver = { name in name == "lib.ui" ? LuaModuleSource(source: "return {ok = true}", path: "flows/lib/ui.lua") : nil }
        lua.moduleSearchDescription = "flows/lib"
        #expect(try run("return require('lib.ui').ok") == [true])
        #expect(message("require('../../etc/passwd')").contains("is not a module name"))
        #expect(message("require('/etc/passwd')").contains("is not a module name"))
        #expect(message("local x\nrequire('socket')") == "flows/evil.lua:2: require: module 'socket' not found (looked in flows/lib)")
    }

    @Test func collectgarbageSettingsEndWithTheRun() throws {
        #expect(try run("collectgarbage('stop') return collectgarbage('isrunning')") == [false])
        #expect(try run("return collectgarbage('isrunning')") == [true])
        #expect(try run("return collectgarbage('generational')") == ["incremental"])
        #expect(try run("return collectgarbage('incremental')") == ["incremental"])
        #expect(message("collectgarbage('nooption')") == "flows/evil.lua:1: bad argument #1 to 'collectgarbage' (invalid option 'nooption')")
    }

    @Test func printGoesToTheHandlerWithLocation() throws {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        lua.printHandler = { lines.all.append($0) }
        _ = try run("\nprint('hello', 1, nil, true)")
        #expect(lines.all == ["flows/evil.lua:2: hello\t1\tnil\ttrue"])
    }

    /// What a run prints is bounded: past `outputLimit` bytes (as written) the rest is
    /// dropped, said once; the next run has its own allowance.
    @Test func printStopsAtTheOutputLimitSayingSoOnce() throws {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let small = try LuaState(options: LuaOptions(outputLimit: 100))
        small.printHandler = { lines.all.append($0) }
        let chunk = try small.load("for i = 1, 50 do print(string.rep('x', 20)) end", chunkName: "flows/loud.lua")
        _ = try small.call(chunk)
        // Each line is 38 bytes and a newline: two fit in 100.
        #expect(lines.all.count == 3)
        #expect(lines.all.prefix(2).allSatisfy { $0 == "flows/loud.lua:1: " + String(repeating: "x", count: 20) })
        #expect(lines.all.last == "flows/loud.lua:1: output limit reached: 100 bytes of print and warn per run; the rest of this run's output is dropped")
        _ = try small.call(chunk)
        #expect(lines.all.count == 6)
    }

    /// Escaped control characters count as written: a line that would grow past the limit
    /// is dropped whole, never escaped in full first.
    @Test func escapedOutputCountsAsWritten() throws {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        let small = try LuaState(options: LuaOptions(outputLimit: 1_000))
        small.printHandler = { lines.all.append($0) }
        _ = try small.run("print(string.rep('\\27', 10000000))", chunkName: "flows/esc.lua")
        #expect(lines.all == ["flows/esc.lua:1: output limit reached: 1000 bytes of print and warn per run; the rest of this run's output is dropped"])
    }

    /// Results may be held to a limit of text, each string counted once per reference.
    @Test func resultsBeyondTheTextLimitAreRefused() throws {
        let f = try lua.load("local s = string.rep('y', 1000) local t = {} for i = 1, 100 do t[i] = s end return t", chunkName: "t.lua")
        #expect(throws: LuaError.self) { try lua.call(f, arguments: [], textLimit: 50_000) { _ -> Int? in nil } }
        #expect(try lua.call(f, arguments: [], textLimit: 100_000) { _ -> Int? in nil }.results.count == 1)
    }

    @Test func fixedClock() throws {
        let fixed = try LuaState(options: LuaOptions(fixedTime: 1_780_000_000))
        #expect(try fixed.run("return os.time(), os.date('!%Y-%m-%d', os.time())", chunkName: "t.lua") == [1_780_000_000, "2026-05-28"])
    }
}
