import Foundation
import Testing

/// The commands of the issue, on the repository's real parks, compared to golden output.
@Suite struct RunCommandTests {
    @Test(arguments: [
        (["--park", "GOGA", "home"], "goga-home.txt"),
        (["--park", "GOGA", "home", "--format", "json"], "goga-home.json"),
        (["--park", "YELL", "home"], "yell-home.txt"),
        (["--park", "GRTE", "onboarding"], "grte-onboarding.txt"),
        (["--park", "GRTE", "onboarding", "--format", "json"], "grte-onboarding.json"),
        (["--park", "GOGA", "sites", "--at", "37.8078,-122.4750"], "goga-sites-at.txt"),
        (["--park", "GOGA", "sites", "--arg", "category=viewpoint"], "goga-sites-viewpoint.txt"),
        (["--park", "GOGA", "sites", "--arg", "category=viewpoint", "--format", "json"], "goga-sites-viewpoint.json"),
        (["--park", "YOSE", "home"], "yose-home.txt"),
        (["--park", "YELL", "geysers", "--at", "44.4605,-110.8281"], "yell-geysers-at.txt"),
        (["--park", "GOGA", "home", "--follow", "9"], "goga-home-follow-9.txt"),
    ])
    func goldenScreens(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        try expectGolden(result.stdout, golden)
    }

    @Test func followingAURLActionSaysWhatTheAppDoes() throws {
        let home = try flowrun(["--park", "GOGA", "home", "--time", fixedTime])
        let line = try #require(home.stdout.split(separator: "\n").first { $0.contains("Park website") })
        let id = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let result = try flowrun(["--park", "GOGA", "home", "--follow", String(id), "--time", fixedTime])
        #expect(result.status == 0)
        #expect(result.stdout == "The app opens https://www.nps.gov/goga/index.htm\n")
    }

    @Test func rootOptionRunsACopyOfTheProject() throws {
        let copy = try ProjectCopy()
        try copy.write("parks/GRTE/park.lua", "return { name = 'Renamed Park', center = { lat = 43.79, lon = -110.68 } }")
        let result = try flowrun(["--root", copy.url.path, "--park", "GRTE", "home", "--time", fixedTime], in: URL(fileURLWithPath: "/"))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Renamed Park\n"))
    }
}
