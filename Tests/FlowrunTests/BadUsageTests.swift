import Foundation
import Testing

/// Bad usage and bad input: exact message on stderr, nothing on stdout, exit code 2;
/// a failing flow exits 1.
@Suite struct BadUsageTests {
    @Test(arguments: [
        (
            ["--park", "XXXX", "home"],
            "flowrun: unknown park 'XXXX'; parks here: ACAD, ARCH, BADL, BIBE, BISC, BLCA, BRCA, CANY, CARE, CAVE, CHIS, CONG, CRLA, CUVA, DENA, DEVA, DRTO, EVER, GAAR, GLAC and 44 more\n"
        ),
        (
            ["--park", "GOGA", "nope"],
            "flowrun: unknown flow 'nope' for park GOGA; flows: ar, emergency, exhibits, favorites, geofence, home, map, onboarding, parks, party, pins, sites\n"
        ),
        (["--park", "GOGA", "sites", "--at", "137.8,-122.4"], "flowrun: --at: latitude 137.8 out of range [-90, 90]\n"),
        (["--park", "GOGA", "sites", "--at", "abc"], "flowrun: --at: expected LAT,LON such as 37.8078,-122.4750, got 'abc'\n"),
        (["--park", "GOGA", "sites", "--arg", "nokey"], "flowrun: --arg: expected KEY=VALUE such as category=viewpoint, got 'nokey'\n"),
        (["--park", "GOGA", "home", "--time", "yesterday"], "flowrun: --time: expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got 'yesterday'\n"),
        (["--park", "GOGA", "home", "--follow", "99", "--time", fixedTime], nil),
        (["--park", "GOGA", "home", "--format", "xml"], nil),
        (["--park", "GOGA", "home", "--bogus"], nil),
        (["home"], nil),
        (
            ["--root", "/nonexistent", "--park", "GOGA"],
            "flowrun: --root: '/nonexistent' has no flows/ and parks/ folders (run flowrun from the project folder or pass --root DIR)\n"
        ),
    ])
    func exitsTwoWithAClearMessage(arguments: [String], message: String?) throws {
        let result = try flowrun(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout == "")
        if let message { #expect(result.stderr == message) } else { #expect(!result.stderr.isEmpty) }
    }

    @Test func aFailingFlowExitsOneWithItsLocation() throws {
        let copy = try ProjectCopy()
        try copy.write("parks/GRTE/flows/home.lua", "flow.register('home', function(ctx)\n  return ctx.nothing.here\nend)\n")
        let result = try flowrun(["--park", "GRTE", "home"], in: copy.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("flowrun: parks/GRTE/flows/home.lua:2: attempt to index a nil value (field 'nothing')\nstack traceback:\n"))
        let check = try flowrun(checkEveryPark, in: copy.url)
        #expect(check.status == 1)
        #expect(check.stdout.contains("FAIL GRTE"))
        #expect(check.stderr.contains("parks/GRTE/flows/home.lua:2:"))
    }

    @Test func aParkFolderWithoutParkLuaIsReported() throws {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua", "parks/GRTE"])
        try FileManager.default.createDirectory(at: copy.url.appendingPathComponent("parks/ZION"), withIntermediateDirectories: true)
        let result = try flowrun(["parks"], in: copy.url)
        #expect(result.status == 2)
        #expect(result.stdout.contains("GRTE  Grand Teton National Park"))
        #expect(
            result.stderr
                == "flowrun: parks/ZION: not a park yet: it has no park.lua; make one from what the folder holds with 'flowrun new park ZION --name \"Its Name\"' (docs/authoring/adding-a-park.md)\n"
        )
    }

    @Test func helpExitsZero() throws {
        let result = try flowrun(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes: 0 success, 1 flow or runtime error, 2 bad usage or bad input."))
    }

    /// The root's help is rendered without parsing the command line, and is the help
    /// ArgumentParser prints when it parses (`--root . --help` goes through the parse).
    @Test(arguments: [["-h"], ["help"], ["--help"]])
    func rootHelpIsArgumentParsersHelp(arguments: [String]) throws {
        let parsed = try flowrun(["--root", ".", "--help"])
        let fast = try flowrun(arguments)
        #expect(fast.status == 0 && parsed.status == 0)
        #expect(fast.stdout == parsed.stdout && fast.stderr.isEmpty)
        #expect(fast.stdout.contains("SUBCOMMANDS:") && fast.stdout.contains("  check "))
    }

    /// The root's help is kept between runs under the binary and the width: a kept text is
    /// the one rendered, another width renders anew (and wraps as ArgumentParser does), and
    /// with the caches off nothing is kept.
    @Test func rootHelpIsKeptPerWidth() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-help-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let first = try flowrun(["--help"], environment: ["XDG_CACHE_HOME": cache.path])
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.path + "/flowrun/help")
        #expect(kept.count == 1 && kept[0].hasSuffix(".txt"))
        let second = try flowrun(["--help"], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(second.stdout == first.stdout && second.status == 0)

        let narrow = try flowrun(["--help"], environment: ["XDG_CACHE_HOME": cache.path, "COLUMNS": "50"])
        let parsed = try flowrun(["--root", ".", "--help"], environment: ["COLUMNS": "50"])
        #expect(narrow.stdout == parsed.stdout && narrow.stdout != first.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path + "/flowrun/help").count == 2)

        let off = cache.appendingPathComponent("off")
        _ = try flowrun(["--help"], environment: ["XDG_CACHE_HOME": off.path, "FLOWRUN_COMPILED_CACHE": "off"])
        #expect(!FileManager.default.fileExists(atPath: off.path + "/flowrun/help"))
    }
}
