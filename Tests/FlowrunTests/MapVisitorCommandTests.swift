import Foundation
import Testing

/// The map knows where the visitor is: "you are here" with its accuracy, the regions a phone
/// there watches, "Centre on me", and a pin dropped at any point of the map.
@Suite struct MapVisitorCommandTests {
    private let at = ["--at", "37.8078,-122.4750"]

    @Test func theVisitorAndTheWatchedRegionsAreOnTheMap() throws {
        let map = try flowrun(["--park", "GOGA", "map", "--center", "37.807,-122.474", "--zoom", "15", "--accuracy", "25"] + at)
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stdout.contains("⊙ You are here: 37.8078,-122.4750, ±25 m"))
        #expect(map.stdout.contains("◌ Watched: 19 regions: "), "the phone's monitored set, as the geofence flow lists it")
        let json = try flowrun(["--park", "GOGA", "map", "--center", "37.807,-122.474", "--zoom", "15", "--format", "json", "--accuracy", "25"] + at)
        #expect(json.stdout.contains("\"visitor\" : {\n        \"accuracy\" : 25,\n        \"coordinate\" : [\n          -122.475,\n          37.8078"))
        let svg = try flowrun(["--park", "GOGA", "map", "--center", "37.807,-122.474", "--zoom", "15", "--format", "svg"] + at)
        #expect(svg.stdout.contains("<title>You are here · ±10 m</title>"))
        #expect(svg.stdout.contains("class=\"watched-regions\""))
        #expect(svg.stdout.contains("You are in the"), "the picture's description says where the visitor is")
        // Without a position there is nothing to mark and nothing watched.
        let unknown = try flowrun(["--park", "GOGA", "map"])
        #expect(!unknown.stdout.contains("You are here") && !unknown.stdout.contains("Watched:"))
        #expect(!unknown.stdout.contains("Centre on me"))
    }

    @Test func centreOnMeMovesTheMapToTheVisitor() throws {
        let map = try flowrun(["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12"] + at)
        #expect(map.stdout.contains("Centre on me → go map center=37.80780,-122.47500 zoom=15"), "\(map.stdout)")
        let centred = try flowrun(["--park", "GOGA", "map", "--center", "37.80780,-122.47500", "--zoom", "15"] + at)
        #expect(!centred.stdout.contains("Centre on me"), "already there")
    }

    @Test func aPinIsDroppedAtTheMapsCentreWhereverTheVisitorIs() throws {
        let project = try ProjectCopy()
        let profile = project.url.appendingPathComponent("profile").path
        let map = try flowrun(["--park", "GOGA", "map", "--center", "37.82,-122.42", "--zoom", "14", "--profile", profile], in: project.url)
        let line = try #require(map.stdout.split(separator: "\n").first { $0.contains("Drop a pin at the map's centre") })
        let id = try #require(line.firstMatch(of: /\[(\d+)\]/)).output.1
        #expect(line.contains("act pins drop=1"))
        let dropped = try flowrun(
            ["--park", "GOGA", "map", "--center", "37.82,-122.42", "--zoom", "14", "--profile", profile, "--follow", String(id)], in: project.url)
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stdout.contains("! Dropped Pin 1 at 37.82000° N, 122.42000° W."), "no position was needed: \(dropped.stdout)")
        // A place that is no position is the act's mistake, and nothing is dropped.
        let bad = try flowrun(["--park", "GOGA", "pins", "--act", "--arg", "drop=1", "--arg", "place=91,0", "--profile", profile], in: project.url)
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("pins: place '91,0' is not a position LAT,LON") || bad.stderr.contains("pins: place \"91,0\" is not a position LAT,LON"))
        #expect(try flowrun(["--park", "GOGA", "pins", "--profile", profile], in: project.url).stdout.contains("Your pins (1)"))
    }
}
