import Foundation
import Testing

/// Every file and folder under `url`, hidden ones included, as sorted relative paths: what
/// a refused `flowrun new` must leave as it was.
func fileTree(_ url: URL) -> [String] {
    let base = url.standardizedFileURL.path + "/"
    let all = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [])?.allObjects ?? []
    return all.compactMap { ($0 as? URL)?.standardizedFileURL.path }.map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }.sorted()
}

/// `flowrun new park`: a park that passes `check` and runs, and every refusal (exit 2, nothing written).
@Suite struct NewParkTests {
    @Test func aParkFromARealBoundaryAndSitesPassesCheckAndRuns() throws {
        let copy = try ProjectCopy()
        // Grand Teton's real files, given from outside the project as an author would.
        let data = try ProjectCopy(["parks/GRTE"])
        let boundary = data.url.appendingPathComponent("parks/GRTE/boundary.geojson").path
        let sites = data.url.appendingPathComponent("parks/GRTE/sites.geojson").path
        // Grand Teton's file lists gateway places just outside the park: kept as asked.
        let result = try flowrun([
            "new", "park", "TETN", "--root", copy.url.path, "--name", "Teton Test Park", "--state", "Wyoming",
            "--timezone", "America/Denver", "--boundary", boundary, "--sites", sites, "--outside", "keep",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let notes = result.stdout.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(notes.count == 1 && notes[0].hasPrefix("note: kept ") && notes[0].contains(" that lie outside the park's boundary ("))
        #expect(
            result.stdout.split(separator: "\n").filter { !$0.hasPrefix("note: ") }.joined(separator: "\n") + "\n" == """
                wrote parks/TETN/park.lua
                wrote parks/TETN/boundary.geojson
                wrote parks/TETN/sites.geojson
                wrote parks/TETN/assets/onboarding/sky.svg
                wrote parks/TETN/assets/onboarding/dusk.svg
                wrote parks/TETN/assets/onboarding/far.svg
                wrote parks/TETN/assets/onboarding/near.svg
                wrote parks/TETN/assets/onboarding/foreground.svg
                wrote parks/TETN/tests/home.lua
                next: flowrun check --park TETN, flowrun test --park TETN, then flowrun --park TETN home

                """)
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/TETN/park.lua"), encoding: .utf8)
        #expect(park.contains("  name = \"Teton Test Park\",\n  state = \"Wyoming\",\n  timezone = \"America/Denver\",   -- IANA zone for ctx.time\n"))
        #expect(park.contains("  center = { lat = 43.81816, lon = -110.70545 },   -- the centroid of boundary.geojson's largest ring\n"))
        #expect(park.contains("  zoom = 9,   -- where boundary.geojson fits a 390x844 screen\n"))
        #expect(!park.contains("    categories = {"))  // defaults.lua names every GRTE category
        for file in ["boundary.geojson", "sites.geojson"] {
            let copied = try Data(contentsOf: copy.url.appendingPathComponent("parks/TETN/\(file)"))
            #expect(copied == (try Data(contentsOf: data.url.appendingPathComponent("parks/GRTE/\(file)"))))
        }

        let check = try flowrun(["check", "--park", "TETN", "--time", fixedTime], in: copy.url)
        #expect(check.status == 0, "\(check.stderr)")
        let points = try String(contentsOfFile: sites, encoding: .utf8).components(separatedBy: "\"Point\"").count - 1
        #expect(check.stdout.hasPrefix("ok   TETN: 12 flows, \(points) sites, "))
        #expect(check.stdout.hasSuffix(" screens: 0 problems\n"))
        let home = try flowrun(["--park", "TETN", "home", "--time", fixedTime], in: copy.url)
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout.hasPrefix("Teton Test Park\n═══════════════\nWyoming\n"))
        #expect(home.stdout.contains("Highlights"))
        let inside = try flowrun(["--park", "TETN", "sites", "--at", "43.81816,-110.70545", "--format", "json"], in: copy.url)
        #expect(inside.status == 0, "\(inside.stderr)")
        // The onboarding shows the layers drawn, and they are what `flowrun art` draws.
        #expect(park.contains("  onboarding = {\n    pages = {\n      { title = \"Welcome to Teton Test Park\",\n"))
        #expect(park.contains("{ image = \"onboarding/sky.svg\", position = { x = 0.5, y = 0.5 }, depth = 0.0, placeholder = \"#"))
        let art = try flowrun(["art", "--park", "TETN", "--check"], in: copy.url)
        #expect(art.status == 0 && art.stdout == "pictures are current\n", "\(art.stderr)")
        let onboarding = try flowrun(["--park", "TETN", "onboarding", "--format", "json"], in: copy.url)
        #expect(onboarding.status == 0 && onboarding.stdout.contains("onboarding/far.svg"), "\(onboarding.stderr)")
        // The first scenario passes as written, at 09:30 in the park's zone.
        let scenario = try String(contentsOf: copy.url.appendingPathComponent("parks/TETN/tests/home.lua"), encoding: .utf8)
        #expect(scenario.contains("  time = \"2026-07-04T09:30:00-06:00\",   -- 09:30 in America/Denver\n"))
        let test = try flowrun(["test", "--park", "TETN"], in: copy.url)
        #expect(test.status == 0 && test.stdout.hasSuffix("1 passed, 0 failed\n"), "\(test.stdout)\(test.stderr)")
    }

    @Test func aParkWithOnlyACenterPassesCheck() throws {
        let copy = try ProjectCopy()
        let result = try flowrun(["new", "park", "ZEST", "--name", "Zion National Park", "--center", "37.2982,-113.0263"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        let layers = ["sky", "dusk", "far", "near", "foreground"]
        #expect(
            result.stdout
                == "wrote parks/ZEST/park.lua\n" + layers.map { "wrote parks/ZEST/assets/onboarding/\($0).svg\n" }.joined()
                + "wrote parks/ZEST/tests/home.lua\n"
                + "note: no time zone derived (the park's state is not known here): park.lua keeps parks/defaults.lua's; set timezone there, or give --timezone\n"
                + "next: flowrun check --park ZEST, flowrun test --park ZEST, then flowrun --park ZEST home\n")
        #expect(
            fileTree(copy.url.appendingPathComponent("parks/ZEST"))
                == (["assets", "assets/onboarding"] + layers.sorted().map { "assets/onboarding/\($0).svg" } + ["park.lua", "tests", "tests/home.lua"]))
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/ZEST/park.lua"), encoding: .utf8)
        #expect(park.contains("  center = { lat = 37.29820, lon = -113.02630 },\n  -- zoom = 10,"))
        // Typed for LuaLS the way it honors: on a local, not on `return` (docs/authoring/editor-support.md).
        #expect(park.contains("\n--- @type flowrun.ParkFile\nlocal park = {\n  name = \"Zion National Park\",\n"))
        #expect(park.hasSuffix("\n}\n\nreturn park\n"))
        let check = try flowrun(["check", "--park", "ZEST", "--time", fixedTime], in: copy.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("ok   ZEST: 12 flows, 0 sites, "))
        let home = try flowrun(["--park", "ZEST", "home"], in: copy.url)
        #expect(home.status == 0, "\(home.stderr)")
    }

    /// Categories defaults.lua does not name would fail `check`: the scaffold names them, to review.
    @Test func sitesOfUnnamedCategoriesGetNamesToReview() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "in/sites.geojson",
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "z1", "geometry": {"type": "Point", "coordinates": [-112.95, 37.2]}, "properties": {"name": "Bench", "category": "wooden_bench"}},
              {"type": "Feature", "id": "z2", "geometry": {"type": "Point", "coordinates": [-113.05, 37.3]}, "properties": {"name": "Ferry", "category": "ferry"}},
              {"type": "Feature", "id": "z3", "geometry": {"type": "Point", "coordinates": [-113.0, 37.25]}, "properties": {"name": "Lookout", "category": "viewpoint"}}
            ]}
            """)
        let name = #"Zion "Test" \ Park"#  // quotes and a backslash survive into Lua
        let result = try flowrun(["new", "park", "ZEST", "--name", name, "--sites", "in/sites.geojson"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/ZEST/park.lua"), encoding: .utf8)
        #expect(park.contains("  center = { lat = 37.25000, lon = -113.00000 },   -- the middle of the sites in sites.geojson\n"))
        #expect(
            park.contains(
                """
                    categories = {
                      ferry = { name = "Ferry", plural = "Ferries" },
                      wooden_bench = { name = "Wooden bench", plural = "Wooden benches" },
                    },
                """))
        let check = try flowrun(["check", "--park", "ZEST", "--time", fixedTime], in: copy.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasSuffix(" screens: 0 problems\n"))
        let home = try flowrun(["--park", "ZEST", "home", "--format", "json"], in: copy.url)
        let screen = try JSONSerialization.jsonObject(with: Data(home.stdout.utf8)) as? [String: Any]
        #expect(screen?["title"] as? String == name)
    }

    @Test(arguments: [
        (
            ["new", "park", "yose", "--name", "X"],
            "flowrun: CODE: 'yose' is not a park code: use 4 capital letters A-Z, as NPS unit codes are (YOSE, GOGA); did you mean 'YOSE'?\n"
        ),
        (
            ["new", "park", "ZIONX", "--name", "X"],
            "flowrun: CODE: 'ZIONX' is not a park code: use 4 capital letters A-Z, as NPS unit codes are (YOSE, GOGA)\n"
        ),
        (
            ["new", "park", "../AB", "--name", "X", "--center", "1,2"],
            "flowrun: CODE: '../AB' is not a park code: use 4 capital letters A-Z, as NPS unit codes are (YOSE, GOGA)\n"
        ),
        (
            ["new", "park", "GOGA", "--name", "X", "--center", "1,2"],
            "flowrun: parks/GOGA: already exists; flowrun new never overwrites (choose another code or remove the folder)\n"
        ),
        (["new", "park", "ZEST", "--name", " ", "--center", "1,2"], "flowrun: --name: must not be empty\n"),
        (
            ["new", "park", "ZEST", "--name", "Two\nlines", "--center", "1,2"],
            "flowrun: --name: must be one line of text without control characters\n"
        ),
        (
            ["new", "park", "ZEST", "--name", "Zion"],
            "flowrun: --center: a park needs a center: give --center LAT,LON, or --boundary or --sites to derive it from\n"
        ),
        (
            ["new", "park", "ZEST", "--name", "Zion", "--center", "95,0"],
            "flowrun: --center: latitude 95 out of range [-90, 90] (expected LAT,LON; are the two swapped?)\n"
        ),
        (
            ["new", "park", "ZEST", "--name", "Zion", "--timezone", "America/Denevr"],
            "flowrun: --timezone: unknown time zone 'America/Denevr'; did you mean 'America/Denver'?\n"
        ),
        (["new", "park", "ZEST", "--name", "Zion", "--boundary", "nope.geojson"], "flowrun: --boundary: 'nope.geojson': file not found\n"),
        (["new", "park", "ZEST", "--name", "Zion", "--sites", "parks"], "flowrun: --sites: 'parks': cannot read file: it is a folder, not a regular file\n"),
        (
            ["new", "park", "ZEST", "--name", "Zion", "--boundary", "parks/GOGA/park.lua"],
            "flowrun: parks/GOGA/park.lua:1:1: malformed JSON: invalid number '--'\n"
        ),
        (
            ["new", "park", "ZEST", "--name", "Zion", "--boundary", "parks/GRTE/boundary.geojson", "--sites", "parks/GRTE/boundary.geojson"],
            "flowrun: parks/GRTE/boundary.geojson: feature 1: geometry must be a Point, got Polygon\n"
        ),
        (
            ["new", "park", "ZEST", "--root", "/nonexistent", "--name", "Zion", "--center", "1,2"],
            "flowrun: --root: '/nonexistent' has no flows/ and parks/ folders (run flowrun from the project folder or pass --root DIR)\n"
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

    /// A folder whose name differs only in case would be the same folder on a case-insensitive
    /// disk, and `--park` matches codes case-insensitively: refused too.
    @Test func refusesAFolderOfTheSameCodeInAnotherCase() throws {
        let copy = try ProjectCopy()
        try copy.write("parks/Zest/notes.txt", "mine\n")
        let before = fileTree(copy.url)
        let result = try flowrun(["new", "park", "ZEST", "--name", "Zion", "--center", "37.3,-113.0"], in: copy.url)
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: parks/Zest: already exists; flowrun new never overwrites (choose another code or remove the folder)\n")
        #expect(fileTree(copy.url) == before)
    }

    /// Data put in `parks/<CODE>/` first: `check` says what is missing and the command that
    /// makes it a park; that command makes it one where it is, the data files untouched.
    @Test func aFolderHoldingItsDataIsMadeAParkWhereItIs() throws {
        let copy = try ProjectCopy()
        let grte = try ProjectCopy(["parks/GRTE"])
        for file in ["boundary.geojson", "sites.geojson"] {
            try copy.write("parks/TETN/\(file)", try String(contentsOf: grte.url.appendingPathComponent("parks/GRTE/\(file)"), encoding: .utf8))
        }
        let check = try flowrun(["check", "--park", "TETN"], in: copy.url)
        #expect(check.status == 2)
        #expect(
            check.stderr
                == "flowrun: parks/TETN: not a park yet: it has no park.lua; make one from what the folder holds with 'flowrun new park TETN --name \"Its Name\" --boundary parks/TETN/boundary.geojson --sites parks/TETN/sites.geojson' (docs/authoring/adding-a-park.md)\n"
        )
        let before = try Data(contentsOf: copy.url.appendingPathComponent("parks/TETN/sites.geojson"))
        let inPlace = ["new", "park", "TETN", "--name", "Teton", "--boundary", "parks/TETN/boundary.geojson", "--sites", "parks/TETN/sites.geojson"]
        // Its points outside the boundary would be left out, and the file is never rewritten.
        let refused = try flowrun(inPlace, in: copy.url)
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("flowrun: parks/TETN/sites.geojson: "))
        #expect(
            refused.stderr.hasSuffix(
                " of its points lie outside the park's boundary, and flowrun new never rewrites a file: give --outside keep to keep them, or take them out of the file\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: copy.url.appendingPathComponent("parks/TETN/park.lua").path))
        let made = try flowrun(inPlace + ["--outside", "keep"], in: copy.url)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("wrote parks/TETN/park.lua\nwrote parks/TETN/assets/onboarding/sky.svg\n"))
        #expect(!made.stdout.split(separator: "\n").contains { $0.hasPrefix("wrote ") && $0.hasSuffix(".geojson") }, "the data files stay as they are")
        #expect(try Data(contentsOf: copy.url.appendingPathComponent("parks/TETN/sites.geojson")) == before)
        #expect(try flowrun(["check", "--park", "TETN"], in: copy.url).status == 0)
    }

    /// A data file in the folder that is not the one given is never written over.
    @Test func aDifferentDataFileInTheFolderIsNotReplaced() throws {
        let copy = try ProjectCopy()
        try copy.write("parks/TETN/sites.geojson", "{\"type\": \"FeatureCollection\", \"features\": []}\n")
        let before = fileTree(copy.url)
        let result = try flowrun(["new", "park", "TETN", "--name", "Teton", "--sites", "parks/GOGA/sites.geojson"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "flowrun: parks/TETN/sites.geojson: is already there and is not --sites's file; flowrun new never overwrites (give --sites parks/TETN/sites.geojson, or move one away)\n"
        )
        #expect(fileTree(copy.url) == before)
    }
}
