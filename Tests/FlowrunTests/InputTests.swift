import Foundation
import Testing

/// Flow inputs are typed: camera and AR options are checked once by the CLI (exit 2 with
/// the option's name), flows get them as `ctx.view` and `ctx.ar`, a `go` action carries a
/// view as text args the host parses the same way, options may come before a subcommand,
/// and option values may be negative.
@Suite struct InputTests {
    static let map = ["--park", "GOGA", "map"]
    static let ar = ["--park", "GOGA", "ar", "--at", "37.8078,-122.4750"]

    @Test(arguments: [
        (map + ["--size", "1e3x844"], "flowrun: --size: width '1e3' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)\n"),
        (map + ["--size", "390.5x844"], "flowrun: --size: width '390.5' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)\n"),
        (map + ["--size", "390x-844"], "flowrun: --size: height '-844' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)\n"),
        (map + ["--size", "390x"], "flowrun: --size: expected WIDTHxHEIGHT in points such as 390x844, got '390x'\n"),
        (map + ["--size", "390"], "flowrun: --size: expected WIDTHxHEIGHT in points such as 390x844, got '390'\n"),
        (map + ["--size", "390x844x2"], "flowrun: --size: expected WIDTHxHEIGHT in points such as 390x844, got '390x844x2'\n"),
        (map + ["--size", "0x10"], "flowrun: --size: width 0 out of range [1, 10000]\n"),
        (map + ["--size", "390x10001"], "flowrun: --size: height 10001 out of range [1, 10000]\n"),
        (map + ["--size", "99999999999999999999999x1"], "flowrun: --size: width 99999999999999999999999 out of range [1, 10000]\n"),
        (map + ["--zoom", "31"], "flowrun: --zoom: 31 out of range [0, 30]\n"),
        (map + ["--zoom", "-1"], "flowrun: --zoom: -1 out of range [0, 30]\n"),
        (map + ["--zoom", "abc"], "flowrun: --zoom: expected a number such as 12, got 'abc'\n"),
        (map + ["--zoom", "inf"], "flowrun: --zoom: expected a number such as 12, got 'inf'\n"),
        (map + ["--center", "-95,10"], "flowrun: --center: latitude -95 out of range [-90, 90] (expected LAT,LON; are the two swapped?)\n"),
        (map + ["--center", "37.8"], "flowrun: --center: expected LAT,LON such as 37.8078,-122.4750, got '37.8'\n"),
        (map + ["--bbox", "-122.5,37.7,-122.4"], "flowrun: --bbox: expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '-122.5,37.7,-122.4'\n"),
        (map + ["--bbox", "a,b,c,d"], "flowrun: --bbox: expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got 'a,b,c,d'\n"),
        (map + ["--bbox", "-190,37.7,-122.4,37.8"], "flowrun: --bbox: west -190 out of range [-180, 180]\n"),
        (map + ["--bbox", "-122.5,-91,-122.4,37.8"], "flowrun: --bbox: south -91 out of range [-90, 90]\n"),
        (map + ["--bbox", "-122.5,37.8,-122.4,37.8"], "flowrun: --bbox: south 37.8 is not below north 37.8\n"),
        (map + ["--center", "37.8,-122.4", "--bbox", "-122.5,37.7,-122.4,37.8"], "flowrun: --bbox: give either --bbox or --center/--zoom, not both\n"),
        (map + ["--arg", "zoom=3"], "flowrun: --arg: zoom is an option of its own: use --zoom 3\n"),
        (map + ["--arg", "size=600x400"], "flowrun: --arg: size is an option of its own: use --size 600x400\n"),
        (ar + ["--heading", "400"], "flowrun: --heading: 400 out of range [0, 360)\n"),
        (ar + ["--heading", "360"], "flowrun: --heading: 360 out of range [0, 360)\n"),
        (ar + ["--heading", "-90"], "flowrun: --heading: -90 out of range [0, 360)\n"),
        (ar + ["--heading", "east"], "flowrun: --heading: expected a number such as 90, got 'east'\n"),
        (ar + ["--heading", "90", "--pitch", "-91"], "flowrun: --pitch: -91 out of range [-90, 90]\n"),
        (ar + ["--heading", "90", "--fov", "180"], "flowrun: --fov: 180 out of range (0, 180)\n"),
        (
            ar + ["--heading", "90", "--size", "1e3x844"],
            "flowrun: --size: width '1e3' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)\n"
        ),
    ])
    func badValuesExitTwoNamingTheOption(arguments: [String], message: String) throws {
        let result = try flowrun(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test(arguments: [
        (map + ["--center", "-33.9,18.4", "--zoom", "3"], "No sites in this view."),
        (map + ["--bbox", "-122.52,37.74,-122.40,37.82"], "in view."),
        (ar + ["--heading", "90", "--pitch", "-10"], "AR view"),
    ])
    func negativeValuesAreValues(arguments: [String], expected: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(expected))
    }

    // MARK: - Options before the subcommand

    /// Runs from an empty folder, so only `--root` can find the project.
    static func elsewhere(_ arguments: [String]) throws -> CLIResult {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        return try flowrun(arguments, in: empty)
    }

    @Test func rootBeforeParks() throws {
        let result = try Self.elsewhere(["--root", repositoryRoot.path, "parks"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/parks.txt"), encoding: .utf8)))
    }

    @Test func rootBeforeCheck() throws {
        let result = try Self.elsewhere(["--root", repositoryRoot.path, "check", "--park", "GRTE", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok   GRTE: "))
    }

    @Test func rootBeforeTheDefaultCommand() throws {
        let result = try Self.elsewhere(["--root", repositoryRoot.path, "--park", "GOGA", "home", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "goga-home.txt")
    }

    @Test func rootAfterTheSubcommandStillWorks() throws {
        let result = try Self.elsewhere(["parks", "--root", repositoryRoot.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("GOGA  Golden Gate National Recreation Area"))
    }

    @Test func aBadRootBeforeTheSubcommandIsNamed() throws {
        let result = try Self.elsewhere(["--root", "/nonexistent", "check"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --root: '/nonexistent' has no flows/ and parks/ folders (run flowrun from the project folder or pass --root DIR)\n")
    }

    // MARK: - What a flow sees

    /// A project whose GRTE has `echo`: it prints `ctx.view`, `ctx.ar` and `ctx.args` with
    /// each number's Lua type, and offers a `go` action with the view args `actionArgs`.
    static func echoProject(actionArgs: String = #"{ center = "-33.9,18.4", zoom = 14, mode = "near" }"#) throws -> ProjectCopy {
        let copy = try ProjectCopy()
        try copy.write(
            "parks/GRTE/flows/echo.lua",
            """
            local ui = require("lib.ui")
            flow.register("echo", function(ctx)
              local function n(x) return x == nil and "nil" or (math.type(x) .. ":" .. tostring(x)) end
              local v, a = ctx.view, ctx.ar
              local args = {}
              for k, value in pairs(ctx.args) do args[#args + 1] = k .. "=" .. value end
              table.sort(args)
              local lines = {
                "view.center " .. (v.center and (n(v.center.lat) .. " " .. n(v.center.lon)) or "nil"),
                "view.zoom " .. n(v.zoom),
                "view.bbox " .. (v.bbox and (n(v.bbox.west) .. " " .. n(v.bbox.south) .. " " .. n(v.bbox.east) .. " " .. n(v.bbox.north)) or "nil"),
                "view.size " .. n(v.size.width) .. " " .. n(v.size.height),
                "ar " .. n(a.heading) .. " " .. n(a.pitch) .. " " .. n(a.fov),
                "ar.size " .. n(a.size.width) .. " " .. n(a.size.height),
                "args " .. table.concat(args, " "),
              }
              local sections = {}
              for _, line in ipairs(lines) do sections[#sections + 1] = ui.text(line) end
              sections[#sections + 1] = ui.button("Go", ui.go("echo", \(actionArgs)))
              return ui.screen("echo", sections)
            end)

            """)
        return copy
    }

    /// The echo lines of a text screen, without the heading and the action.
    static func lines(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            ["view.", "ar ", "ar.", "args"].contains { line.hasPrefix($0) }
        }
    }

    @Test func aFlowGetsTheOptionsTyped() throws {
        let copy = try Self.echoProject()
        let result = try flowrun(
            [
                "--park", "GRTE", "echo", "--center", "-33.9,18.4", "--zoom", "12.5", "--size", "600x400",
                "--heading", "90", "--pitch", "-10", "--fov", "45", "--arg", "mode=far",
            ], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.lines(result.stdout) == [
                "view.center float:-33.9 float:18.4",
                "view.zoom float:12.5",
                "view.bbox nil",
                "view.size integer:600 integer:400",
                "ar integer:90 integer:-10 integer:45",
                "ar.size integer:600 integer:400",
                "args mode=far",
            ])
    }

    @Test func withoutOptionsAFlowGetsTheParksSizes() throws {
        let copy = try Self.echoProject()
        try copy.write(
            "parks/GRTE/park.lua",
            try String(contentsOf: copy.url.appendingPathComponent("parks/GRTE/park.lua"), encoding: .utf8)
                .replacingOccurrences(of: "  zoom = 9,\n", with: "  zoom = 9,\n  map = { size = \"1024x768\" },\n  ar = { size = \"844x390\" },\n"))
        let result = try flowrun(["--park", "GRTE", "echo"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.lines(result.stdout) == [
                "view.center nil", "view.zoom nil", "view.bbox nil", "view.size integer:1024 integer:768",
                "ar nil nil nil", "ar.size integer:844 integer:390", "args",
            ])
    }

    @Test func aBoxArrivesAsATable() throws {
        let copy = try Self.echoProject()
        let result = try flowrun(["--park", "GRTE", "echo", "--bbox", "-122.52,37.74,-122.40,37.82"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.lines(result.stdout).prefix(4) == [
                "view.center nil", "view.zoom nil", "view.bbox float:-122.52 float:37.74 float:-122.4 float:37.82", "view.size integer:390 integer:844",
            ])
    }

    @Test func followingAnActionParsesItsViewArgsAndKeepsTheSize() throws {
        let copy = try Self.echoProject()
        let result = try flowrun(
            [
                "--park", "GRTE", "echo", "--bbox", "-122.52,37.74,-122.40,37.82", "--size", "600x400",
                "--arg", "mode=far", "--follow", "1",
            ], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.lines(result.stdout) == [
                "view.center float:-33.9 float:18.4",
                "view.zoom integer:14",
                "view.bbox nil",
                "view.size integer:600 integer:400",
                "ar nil nil nil",
                "ar.size integer:600 integer:400",
                "args mode=near",
            ])
    }

    @Test func aBadViewInAnActionMakesTheScreenInvalid() throws {
        let copy = try Self.echoProject(actionArgs: #"{ zoom = 99, size = "390x", mode = "x" }"#)
        let result = try flowrun(["--park", "GRTE", "echo"], in: copy.url)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                flowrun: parks/GRTE/flows/echo.lua: flow 'echo' returned an invalid screen:
                  parks/GRTE/flows/echo.lua:19: sections[8].action.args.size: expected WIDTHxHEIGHT in points such as 390x844, got '390x'

                """)
        let check = try flowrun(["check", "--park", "GRTE"], in: copy.url)
        #expect(check.status == 1)
        #expect(check.stderr.contains("sections[8].action.args.size: expected WIDTHxHEIGHT"))
    }

    @Test func aBadSizeSettingIsNamed() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "parks/GRTE/park.lua",
            try String(contentsOf: copy.url.appendingPathComponent("parks/GRTE/park.lua"), encoding: .utf8)
                .replacingOccurrences(of: "  zoom = 9,\n", with: "  zoom = 9,\n  ar = { size = \"390x8.44\" },\n"))
        let result = try flowrun(["--park", "GRTE", "home"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stderr == "flowrun: parks/GRTE/park.lua:14: ar.size: height '8.44' is not a whole number of points (expected WIDTHxHEIGHT such as 390x844)\n"
        )
    }

    // MARK: - The map's zoom-in

    @Test func followingAClusterKeepsTheSize() throws {
        let base = Self.map + ["--center", "37.80,-122.46", "--zoom", "12", "--size", "600x400", "--time", fixedTime, "--format", "json"]
        let result = try flowrun(base + ["--follow", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let map = try #require((screen["sections"] as? [[String: Any]])?.first)
        #expect(map["size"] as? [String: Int] == ["width": 600, "height": 400])
        #expect(((map["camera"] as? [String: Any])?["zoom"] as? Int ?? 0) > 12)
    }
}
