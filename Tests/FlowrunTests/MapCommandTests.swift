import Foundation
import Testing

/// The map flow from the command line: golden screens in every format, following a
/// cluster, and bad camera options.
@Suite struct MapCommandTests {
    @Test(arguments: [
        (["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12"], "goga-map-z12.txt"),
        (["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12", "--format", "json"], "goga-map-z12.json"),
        (["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12", "--format", "svg"], "goga-map-z12.svg"),
        (["--park", "YELL", "map", "--size", "600x400"], "yell-map.txt"),
        (["--park", "YELL", "map", "--size", "600x400", "--format", "svg"], "yell-map.svg"),
        (["--park", "GOGA", "map", "--bbox", "-122.52,37.74,-122.40,37.82"], "goga-map-bbox.txt"),
    ])
    func goldenMaps(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, golden)
    }

    @Test func followingAClusterZoomsIntoIt() throws {
        let base = ["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12", "--time", fixedTime]
        let map = try flowrun(base)
        let line = try #require(map.stdout.split(separator: "\n").first { $0.contains("Zoom in → go map") })
        let id = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let zoom = try #require(line.split(separator: "zoom=").last.map(String.init))
        let next = try flowrun(base + ["--follow", String(id)])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("zoom \(zoom)"))
    }

    @Test(arguments: [
        (["--zoom", "40"], "flowrun: --zoom: 40 out of range [0, 30]\n"),
        (["--size", "0x100"], "flowrun: --size: width 0 out of range [1, 10000]\n"),
        (["--center", "95,10"], "flowrun: --center: latitude 95 out of range [-90, 90] (expected LAT,LON; are the two swapped?)\n"),
        (["--bbox", "1,2,3"], "flowrun: --bbox: expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3'\n"),
        (["--bbox", "-122.5,37.9,-122.4,37.8"], "flowrun: --bbox: south 37.9 is not below north 37.8\n"),
        (["--bbox", "-122.5,37.7,-122.4,37.8", "--zoom", "3"], "flowrun: --bbox: give either --bbox or --center/--zoom, not both\n"),
        // West and east swapped: said so, not shown as a box around the rest of the world (issue 13).
        (
            ["--bbox", "-122.3,37.7,-122.6,37.9"],
            "flowrun: --bbox: west -122.3 is east of east -122.6; did you mean -122.6,37.7,-122.3,37.9? "
                + "(a box across the antimeridian gives east past 180, as -122.3,37.7,237.4,37.9)\n"
        ),
        (
            ["--bbox", "-122.3,37.7,557.4,37.9"],
            "flowrun: --bbox: east 557.4 out of range [-180, 180], "
                + "or past 180 less than a full turn east of west -122.3\n"
        ),
    ])
    func badCameraOptionsExitTwo(options: [String], message: String) throws {
        let result = try flowrun(["--park", "GOGA", "map"] + options)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    /// A box across the antimeridian, asked for either way, is the same view centred on 180°.
    @Test func aBoxAcrossTheAntimeridianIsShown() throws {
        let past = try flowrun(["--park", "GOGA", "map", "--bbox", "170,-10,190,10", "--time", fixedTime])
        let geoJSON = try flowrun(["--park", "GOGA", "map", "--bbox", "170,-10,-170,10", "--time", fixedTime])
        #expect(past.status == 0 && geoJSON.status == 0, "\(past.stderr)\(geoJSON.stderr)")
        #expect(past.stdout == geoJSON.stdout)
        #expect(past.stdout.contains("No sites in this view."))
        let json = try flowrun(["--park", "GOGA", "map", "--bbox", "170,-10,190,10", "--format", "json", "--time", fixedTime])
        let compact = json.stdout.filter { !$0.isWhitespace }
        #expect(compact.contains("\"bbox\":[170,-10,-170,10]") && compact.contains("\"center\":[180,0]"), "\(json.stdout)")
    }

    @Test func svgOfAScreenWithoutAMapIsAUsageError() throws {
        let result = try flowrun(["--park", "GOGA", "home", "--format", "svg"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --format svg: screen 'home' has no map, timeline or AR view to draw; use text or json\n")
    }
}
