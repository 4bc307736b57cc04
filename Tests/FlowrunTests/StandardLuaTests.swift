import Foundation
import Testing

/// What the sandbox allows behaves as Lua 5.4 (issue 20). Each Fixtures/standard-lua/NAME.lua
/// is run with `flowrun lua` and its standard output compared, byte for byte, with
/// NAME.expected: what stock Lua 5.4.4 prints for the same file. Where stock `lua5.4` is
/// installed (.ci/run installs it), the test runs it too, so an expectation cannot drift
/// from stock. The deliberate differences are in SandboxDifferenceTests.
@Suite struct StandardLuaTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/standard-lua")
    static let stockLua = "/usr/bin/lua5.4"

    static let cases: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func everyIssueItemHasACase() {
        #expect(Self.cases.count >= 11)
    }

    @Test(arguments: cases)
    func flowrunPrintsWhatStockLuaPrints(_ name: String) throws {
        let expected = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).expected"))
        let ours = try runBytes(flowrunBinary.path, ["lua", "\(name).lua"], in: Self.folder)
        #expect(ours.status == 0, "\(ours.stderr)")
        #expect(ours.stdout == expected, "flowrun lua \(name).lua:\n\(String(decoding: ours.stdout, as: UTF8.self))")
        if FileManager.default.isExecutableFile(atPath: Self.stockLua) {
            let stock = try runBytes(Self.stockLua, ["\(name).lua"], in: Self.folder)
            #expect(stock.stdout == expected, "\(name).expected is not what stock Lua prints")
        }
    }

    /// A flow runs inside the host's coroutine and its own environment; neither shows.
    @Test func insideAFlowTheSameHolds() throws {
        let project = try ProjectCopy()
        try project.write(
            "flows/probe.lua",
            """
            flow.register("probe", function(ctx)
              x = 1; load("x = 2")()
              local _, main = coroutine.running()
              local ok, err = pcall(coroutine.yield)
              local copies = 0
              for _, v in pairs(_G) do if v == print then copies = copies + 1 end end
              local seen = {x, main, coroutine.isyieldable(), ok, err, rawget(_G, "print") == print, copies, getmetatable(_G)}
              for i = 1, 8 do seen[i] = tostring(seen[i]) end
              return {title = table.concat(seen, " "), sections = {}}
            end)
            """)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "probe"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("2 true false false attempt to yield from outside a coroutine true 1 nil\n"), "\(result.stdout)")
    }
}

/// Where the sandbox differs from stock on purpose: Fixtures/sandbox-differences, each
/// difference explained in the sandbox table of docs/authoring/sandbox.md.
@Suite struct SandboxDifferenceTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/sandbox-differences")

    @Test func theDeliberateDifferencesAreTheDocumentedOnes() throws {
        let expected = try Data(contentsOf: Self.folder.appendingPathComponent("differences.expected"))
        let result = try runBytes(flowrunBinary.path, ["lua", "differences.lua"], in: Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected, "\(String(decoding: result.stdout, as: UTF8.self))")
        #expect(result.stderr == "Lua warning: shown on standard error\n")
    }
}

/// Lua strings are bytes; where flowrun needs text it says so with the place, and never
/// replaces bytes (issue 20, item 3).
@Suite struct TextBoundaryTests {
    @Test func aLatin1FlowFileIsRefusedAtItsFirstByte() throws {
        let project = try ProjectCopy()
        let latin1: [UInt8] =
            Array("flow.register('cafe', function(ctx)\n  return {title = 'Caf".utf8) + [0xE9]
            + Array("'}\nend)\n".utf8)
        try project.write("flows/cafe.lua", "")
        try Data(latin1).write(to: project.url.appendingPathComponent("flows/cafe.lua"))
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "cafe"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\n  flows/cafe.lua:2:23: not UTF-8 text (byte 0xE9); project files are UTF-8"), "\(result.stderr)")
    }

    @Test func bytesThatAreNotTextCannotReachAScreen() throws {
        let project = try ProjectCopy()
        try project.write(
            "flows/bytes.lua",
            """
            flow.register("bytes", function(ctx)
              return {title = "ok", sections = {{type = "text", text = "caf\\xE9"}}}
            end)
            """)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "bytes"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("sections[1].text: string is not UTF-8 text (byte 0xE9 at position 4)"), "\(result.stderr)")
    }

    @Test func aNativeFunctionNamesTheArgumentThatIsNotText() throws {
        let project = try ProjectCopy()
        try project.write(
            "flows/bytes.lua",
            """
            flow.register("bytes", function(ctx)
              geofence.monitor{regions = {{id = "\\xFF", lat = 37.8, lon = -122.4, radius = 100}}}
              return {title = "ok", sections = {}}
            end)
            """)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "bytes"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("flows/bytes.lua:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("not UTF-8 text (byte 0xFF at position 1)"), "\(result.stderr)")
    }
}

/// `flowrun lua FILE`: a plain file in the sandbox, as a user would try it.
@Suite struct LuaCommandTests {
    func script(_ text: String, name: String = "try.lua") throws -> ProjectCopy {
        let folder = try ProjectCopy([])
        try folder.write(name, text)
        return folder
    }

    @Test func printsToStandardOutputAndPassesArguments() throws {
        let folder = try script("#!/usr/bin/env lua\nprint(select('#', ...), ...)\nprint(1, nil, true)\n")
        let result = try flowrun(["lua", "try.lua", "a", "--b"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2\ta\t--b\n1\tnil\ttrue\n")
    }

    @Test func requireFindsModulesBesideTheScript() throws {
        let folder = try script("local m = require('lib.m')\nprint(m.name, require('lib.m') == m)\n")
        try folder.write("lib/m.lua", "return {name = 'm'}\n")
        let result = try flowrun(["lua", "try.lua"], in: folder.url)
        #expect(result.stdout == "m\ttrue\n", "\(result.stderr)")
    }

    @Test func errorsNameTheFileAndLine() throws {
        let folder = try script("local x = 1\nerror('boom')\n")
        let result = try flowrun(["lua", "try.lua"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("flowrun: try.lua:2: boom\nstack traceback:"), "\(result.stderr)")
        let bad = try script("x = = 1\n", name: "bad.lua")
        let syntax = try flowrun(["lua", "bad.lua"], in: bad.url)
        #expect(syntax.status == 1)
        #expect(syntax.stderr.hasPrefix("flowrun: bad.lua:1: unexpected symbol near '='"), "\(syntax.stderr)")
    }

    @Test func theLimitsHoldAndCanBeAFlows() throws {
        let folder = try script("while true do end\n")
        let result = try flowrun(["lua", "--max-instructions", "100000", "try.lua"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("flowrun: try.lua:1: instruction budget of 100000 instructions exceeded"), "\(result.stderr)")
        let hungry = try script("local t = {} for i = 1, 1e8 do t[i] = i end\n")
        let memory = try flowrun(["lua", "--max-memory", "16", "try.lua"], in: hungry.url)
        #expect(memory.status == 1)
        #expect(memory.stderr.contains("memory cap of 16384 KiB exceeded"), "\(memory.stderr)")
    }

    @Test func badUsageExitsTwo() throws {
        let missing = try flowrun(["lua", "/nonexistent/try.lua"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "flowrun: FILE: /nonexistent/try.lua: cannot read file: No such file or directory\n")
        let range = try flowrun(["lua", "--max-memory", "0", "x.lua"])
        #expect(range.status == 2)
        #expect(range.stderr.contains("--max-memory: 0 out of range"))
    }
}
