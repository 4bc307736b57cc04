import Foundation
import Testing

/// `flowrun new flow`: a documented flow that runs for every park or one, and its refusals.
@Suite struct NewFlowTests {
    @Test func aFlowForEveryParkRunsAndLinksHome() throws {
        let copy = try ProjectCopy()
        let result = try flowrun(["--root", copy.url.path, "new", "flow", "trail_walks"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote flows/trail_walks.lua\nnext: flowrun --park ACAD trail_walks\n")
        let text = try String(contentsOf: copy.url.appendingPathComponent("flows/trail_walks.lua"), encoding: .utf8)
        #expect(text.hasPrefix("-- trail_walks: written by `flowrun new flow`. Run it, then change it and run it again:\n"))
        #expect(text.contains("flow.register(\"trail_walks\", function(ctx)\n"))

        for park in ["GOGA", "GRTE", "YELL", "YOSE"] {
            let run = try flowrun(["--park", park, "trail_walks", "--time", fixedTime], in: copy.url)
            #expect(run.status == 0, "\(park): \(run.stderr)")
            #expect(run.stdout.hasPrefix("Trail walks\n═══════════\n"))
            #expect(run.stdout.contains("It is "))
        }
        // Nearest first from a position, one category, each item opening the sites flow.
        let near = try flowrun(
            [
                "--park", "GOGA", "trail_walks", "--at", "37.8078,-122.4750", "--arg", "category=viewpoint",
                "--time", fixedTime,
            ], in: copy.url)
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stdout.contains("Viewpoints, nearest first\n"))
        #expect(near.stdout.contains("[1] Open → go sites id="))
        // The last action goes back home.
        let actions = near.stdout.split(separator: "\n").filter { $0.contains("→ go home") }
        #expect(actions == ["▷ [11] Back to home → go home"])
        let home = try flowrun(["--park", "GOGA", "trail_walks", "--follow", "11", "--time", fixedTime, "--format", "json"], in: copy.url)
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout.contains("\"flow\" : \"home\"") || home.stdout.contains("\"flow\":\"home\""))
        let check = try flowrun(checkEveryPark + ["--time", fixedTime], in: copy.url)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aFlowForOnePark() throws {
        let copy = try ProjectCopy()
        let result = try flowrun(["new", "flow", "hello", "--park", "grte"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote parks/GRTE/flows/hello.lua\nnext: flowrun --park GRTE hello\n")
        let text = try String(contentsOf: copy.url.appendingPathComponent("parks/GRTE/flows/hello.lua"), encoding: .utf8)
        #expect(text.contains("--   flowrun --park GRTE hello\n"))
        let run = try flowrun(["--park", "GRTE", "hello"], in: copy.url)
        #expect(run.status == 0, "\(run.stderr)")
        let elsewhere = try flowrun(["--park", "GOGA", "hello"], in: copy.url)
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.hasPrefix("flowrun: unknown flow 'hello' for park GOGA"))
    }

    @Test(arguments: [
        (
            ["new", "flow", "9lives"],
            "flowrun: NAME: '9lives' is not a flow name: start with a letter, then use only letters, digits, '_' and '-' (e.g. trails)\n"
        ),
        (
            ["new", "flow", "../escape"],
            "flowrun: NAME: '../escape' is not a flow name: start with a letter, then use only letters, digits, '_' and '-' (e.g. trails)\n"
        ),
        (
            ["new", "flow", "trail walks"],
            "flowrun: NAME: 'trail walks' is not a flow name: start with a letter, then use only letters, digits, '_' and '-' (e.g. trails)\n"
        ),
        (["new", "flow", "lib"], "flowrun: NAME: 'lib' is the folder of shared modules (flows/lib/), not a flow name\n"),
        (
            ["new", "flow", "home"],
            "flowrun: flows/home.lua: already exists; flowrun new never overwrites (choose another name or remove the file)\n"
        ),
        (
            ["new", "flow", "HOME"],
            "flowrun: flows/home.lua: already exists; flowrun new never overwrites (choose another name or remove the file)\n"
        ),
        (
            ["new", "flow", "geysers", "--park", "YELL"],
            "flowrun: parks/YELL/flows/geysers.lua: already exists; flowrun new never overwrites (choose another name or remove the file)\n"
        ),
        (
            ["new", "flow", "trails", "--park", "NOPE"],
            "flowrun: unknown park 'NOPE'; did you mean 'NOCA'? parks here: ACAD, ARCH, BADL, BIBE, BISC, BLCA, BRCA, CANY, CARE, CAVE, CHIS, CONG, CRLA, CUVA, DENA, DEVA, DRTO, EVER, GAAR, GLAC and 44 more\n"
        ),
    ])
    func refusesBadInputAndWritesNothing(arguments: [String], message: String) throws {
        let copy = try ProjectCopy()
        let before = fileTree(copy.url)
        let result = try flowrun(arguments, in: copy.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(fileTree(copy.url) == before)
    }

    @Test func helpNamesTheCommands() throws {
        let result = try flowrun(["new", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("SUBCOMMANDS:\n  park                    Write a new park folder, parks/CODE, that passes\n"))
        #expect(result.stdout.contains("\n  flow                    Write a new flow that runs: flows/NAME.lua, or\n"))
    }
}
