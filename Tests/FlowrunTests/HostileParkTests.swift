import Foundation
import Testing

/// A broken or hostile park does not stop `parks` or `check` from serving the others, and
/// content never drives the terminal: control characters show as `\u{1B}`.
@Suite struct HostileParkTests {
    /// GRTE as it is, plus parks whose park.lua loops, throws, or returns a table that
    /// doubles at every level (40 levels: 2^40 nodes if copied naively).
    static let broken = [
        ("AAAA", "while true do end", "parks/AAAA/park.lua:1: instruction budget of 20000000 instructions exceeded (an endless loop?)"),
        ("BBBB", "error(\"boom\")", "parks/BBBB/park.lua:1: boom"),
        (
            "CCCC", "local t = {} for i = 1, 40 do t = {t, t} end return t",
            "parks/CCCC/park.lua: value too large to copy out of Lua: more than 1000000 values (a table referenced from several places is copied once per reference)"
        ),
    ]

    private func projectWithBrokenParks() throws -> ProjectCopy {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua", "parks/GRTE"])
        for (code, source, _) in Self.broken { try copy.write("parks/\(code)/park.lua", source) }
        return copy
    }

    @Test func parksListsTheGoodParkAndReportsTheBadOnes() throws {
        let copy = try projectWithBrokenParks()
        let result = try flowrun(["parks"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                CODE  NAME                       STATE    SITES
                GRTE  Grand Teton National Park  Wyoming    415
                \(Self.broken.map { "\($0.0)  does not load: \($0.2)" }.joined(separator: "\n"))

                """)
        for (code, _, message) in Self.broken {
            #expect(result.stderr.contains("flowrun: park \(code) does not load: \(message)"), "\(result.stderr)")
        }
    }

    @Test func parksAsJSONGiveTheError() throws {
        let copy = try projectWithBrokenParks()
        let result = try flowrun(["parks", "--format", "json", "--at", "43.79,-110.68"], in: copy.url)
        #expect(result.status == 2)
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.map { $0["code"] as? String } == ["GRTE", "AAAA", "BBBB", "CCCC"])
        #expect(rows[0]["error"] == nil && rows[0]["sites"] as? Int == 415)
        #expect(rows[2]["error"] as? String == "parks/BBBB/park.lua:1: boom")
    }

    @Test func checkReportsTheBadParksAndStillChecksTheGoodOne() throws {
        let copy = try projectWithBrokenParks()
        let result = try flowrun(["check", "--time", fixedTime], in: copy.url)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["FAIL AAAA: does not load", "FAIL BBBB: does not load", "FAIL CCCC: does not load"])
        #expect(lines.contains { $0.hasPrefix("ok   GRTE: 12 flows, 415 sites, ") })
        #expect(lines.last?.hasPrefix("checked 4 parks, ") == true && lines.last?.hasSuffix(" screens: 3 problems") == true)
        for (code, _, message) in Self.broken {
            #expect(result.stderr.contains("\(code): does not load: \(message)"), "\(result.stderr)")
        }
    }

    @Test func checkStopsAtItsTimeLimitAndSaysWhatItDidNotReach() throws {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua", "parks/GRTE"])
        // Sorted first: 16 runs that each spend a CPU second (the instruction budget raised past
        // it, here and in the park's budgets): AAAA is begun well within 4 s, even on a loaded
        // machine, and never finished.
        try copy.write(
            "parks/AAAA/park.lua", "return { name = 'Slow', center = { lat = 43.79, lon = -110.68 }, budgets = { instructions = 1000000000 } }")
        try copy.write("parks/AAAA/flows/slow.lua", "for i = 1, 8 do flow.register('slow' .. i, function() while true do end end) end")
        let result = try flowrun(["check", "--deadline", "4", "--max-instructions", "1000000000"], in: copy.url)
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("FAIL AAAA: 20 flows, 0 sites, ") == true)
        #expect(lines.first?.contains("; not reached: ") == true)
        #expect(lines.dropFirst().first == "SKIP GRTE: not reached before the time limit")
        #expect(lines.last?.hasPrefix("checked 1 of 2 parks, ") == true && lines.last?.hasSuffix("; stopped at the time limit of 4 s") == true)
        #expect(result.stderr.hasSuffix("check stopped at its time limit of 4 s; not reached: the rest of AAAA, GRTE\n"), "\(result.stderr)")
    }

    @Test func checkRefusesANonPositiveDeadline() throws {
        let result = try flowrun(["check", "--deadline", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("Error: --deadline must be a positive number of seconds, got 0\n"))
    }

    /// check runs each flow under the limits runs take: lowered here, every flow of a park
    /// runs out of instructions; out of range, a usage error.
    @Test func checkRunsUnderTheLimitsItIsGiven() throws {
        let tight = try flowrun(["check", "--park", "GRTE", "--max-instructions", "1000"])
        #expect(tight.status == 1)
        #expect(tight.stderr.contains("instruction"), "\(tight.stderr)")
        let bad = try flowrun(["check", "--park", "GRTE", "--max-memory", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--max-memory"))
    }

    @Test func contentCannotDriveTheTerminal() throws {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua", "parks/GRTE"])
        try copy.write("parks/EVIL/park.lua", "return { name = 'Evil\\27[2J\\0Park', state = '\\226\\128\\174x', center = { lat = 43.79, lon = -110.68 } }")
        try copy.write(
            "parks/EVIL/flows/home.lua",
            """
            flow.register('home', function(ctx)
              print('\\27]0;owned\\7')
              return { title = ctx.park.name, sections = { { type = 'text', text = 'a\\27[31mred\\tand\\rback' } } }
            end)
            flow.register('boom', function() error('\\27[31mboom\\194\\155') end)
            """)
        let parks = try flowrun(["parks"], in: copy.url)
        #expect(parks.stdout.contains(#"EVIL  Evil\u{1B}[2J\u{00}Park"#))
        #expect(parks.stdout.contains(#"\u{202E}x"#))
        let home = try flowrun(["--park", "EVIL", "home"], in: copy.url)
        #expect(home.status == 0)
        #expect(home.stdout == "Evil\\u{1B}[2J\\u{00}Park\n\(String(repeating: "═", count: 23))\n\na\\u{1B}[31mred and\\u{0D}back\n")
        #expect(home.stderr == "parks/EVIL/flows/home.lua:2: \\u{1B}]0;owned\\u{07}\n")
        let boom = try flowrun(["--park", "EVIL", "boom"], in: copy.url)
        #expect(boom.status == 1)
        #expect(boom.stderr.hasPrefix("flowrun: parks/EVIL/flows/home.lua:5: \\u{1B}[31mboom\\u{9B}\nstack traceback:\n\t"))
        for output in [parks.stdout, parks.stderr, home.stdout, home.stderr, boom.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0 || $0.value == 0x9B || $0.value == 0x202E })
        }
    }
}
