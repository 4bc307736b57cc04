import FlowAuthoring
import FlowKit
import Foundation
import Testing
@testable import FlowrunCommands

/// `flowrun check` lints flows/ and parks/ with luacheck when it is installed (bin/test
/// installs Debian's lua-check, so CI always lints), and says so when it is not.
@Suite struct LintTests {
    static let luacheckMissing = "luacheck is not installed (apt install lua-check; bin/test installs it)"

    @Test(.enabled(if: Luacheck.executable() != nil, Comment(rawValue: luacheckMissing)))
    func undefinedNamesAreReportedWithFileAndLine() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "flows/hello.lua",
            """
            flow.register("hello", function(ctx)
              local far = geo.distanse(0, 0, 1, 1)
              return { title = titel, sections = { { type = "text", text = tostring(far) } } }
            end)

            """)
        let result = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], in: copy.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("\nlint: 51 files, 2 warnings (luacheck)\nchecked 1 park, "), "\(result.stdout)")
        #expect(
            result.stderr.hasSuffix(
                """
                flows/hello.lua:2:15: (W143) accessing undefined field 'distanse' of global 'geo'
                flows/hello.lua:3:20: (W113) accessing undefined variable 'titel'

                """), "\(result.stderr)")
    }

    /// What the sandbox lacks is undefined for luacheck too, and a global a file sets is flagged.
    @Test(.enabled(if: Luacheck.executable() != nil, Comment(rawValue: luacheckMissing)))
    func whatTheSandboxLacksIsUndefined() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "parks/GRTE/flows/lib/extra.lua",
            """
            count = 0
            local function read(path) return io.open(path), os.exit, dofile end
            return { read = read }

            """)
        let result = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], in: copy.url)
        #expect(result.status == 1)
        let lint = result.stderr.split(separator: "\n").filter { $0.hasPrefix("parks/GRTE/flows/lib/extra.lua:") }
        #expect(
            lint == [
                "parks/GRTE/flows/lib/extra.lua:1:1: (W111) setting non-standard global variable 'count'",
                "parks/GRTE/flows/lib/extra.lua:2:34: (W113) accessing undefined variable 'io'",
                "parks/GRTE/flows/lib/extra.lua:2:49: (W143) accessing undefined field 'exit' of global 'os'",
                "parks/GRTE/flows/lib/extra.lua:2:58: (W113) accessing undefined variable 'dofile'",
            ], "\(result.stderr)")
    }

    @Test(.enabled(if: Luacheck.executable() != nil, Comment(rawValue: luacheckMissing)))
    func theRepositoryLintsClean() throws {
        let result = try flowrun(["check", "--park", "YELL", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nlint: 51 files, 0 warnings (luacheck)\n"), "\(result.stdout)")
    }

    @Test(.enabled(if: Luacheck.executable() != nil, Comment(rawValue: luacheckMissing)))
    func aBrokenLuacheckrcIsBadInput() throws {
        let copy = try ProjectCopy()
        try copy.write(".luacheckrc", "std = \n")
        let result = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], in: copy.url)
        #expect(result.status == 2)
        #expect(result.stdout.contains("\nlint: failed\n"))
        #expect(result.stderr.hasPrefix("luacheck failed (exit "), "\(result.stderr)")
        #expect(result.stderr.contains(".luacheckrc"), "\(result.stderr)")
    }

    @Test func withoutLuacheckTheCheckSaysItSkippedLint() throws {
        let result = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\nlint: skipped: luacheck is not installed (Debian: apt install lua-check)\nchecked 1 park, "))
    }

    /// A project without .luacheckrc is linted with the repository's settings.
    @Test func theFallbackConfigurationHasTheRepositorysOptions() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        let settings = text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.hasPrefix("stds.") }
        #expect(settings.joined(separator: "\n") + "\n" == Luacheck.options)
        #expect(text.contains("stds.flowrun = dofile(\"\(LuacheckGlobals.file)\")\n"))
    }

    /// The standard lists what the sandbox gives and nothing it takes away.
    @Test func theGeneratedGlobalsAreTheSandboxes() throws {
        let text = try LuacheckGlobals.text()
        #expect(text.contains("    flow = { fields = { \"available\", \"exists\", \"link\", \"register\", \"setting_error\" } },\n"))
        #expect(text.contains("    geo = { fields = { \"bearing\", \"direct\", \"distance\", \"inverse\" } },\n"))
        #expect(text.contains("    os = { fields = { \"clock\", \"date\", \"difftime\", \"time\" } },\n"))
        #expect(text.contains("    \"require\",\n"))
        for absent in ["io", "debug", "package", "dofile", "loadfile"] {
            #expect(!text.contains("    \(absent) =") && !text.contains("    \"\(absent)\","), "\(absent)")
        }
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent(LuacheckGlobals.file), encoding: .utf8)
        #expect(file == text, "meta/luacheck.gen.lua is stale: run 'flowrun stubs'")
    }
}
