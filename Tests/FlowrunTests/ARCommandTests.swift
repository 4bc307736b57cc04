import Foundation
import Testing

/// The AR flow from the command line: golden screens, one collection, and bad camera options.
@Suite struct ARCommandTests {
    static let base = ["--park", "GOGA", "ar", "--at", "37.8078,-122.4750"]

    @Test(arguments: [
        (base + ["--heading", "90"], "goga-ar-east.txt"),
        (base + ["--heading", "90", "--format", "json"], "goga-ar-east.json"),
        (base + ["--heading", "90", "--format", "svg"], "goga-ar-east.svg"),
        (base + ["--heading", "60", "--pitch", "5", "--fov", "40", "--size", "844x390", "--arg", "collection=views"], "goga-ar-views.txt"),
        (["--park", "GOGA", "ar"], "goga-ar-usage.txt"),
    ])
    func goldenARScreens(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        try expectGolden(result.stdout, golden)
    }

    @Test func lookingAwayFromEverySiteShowsTheEmptyMessage() throws {
        // West of Fort Point is open water for more than 5 km.
        let result = try flowrun(["--park", "GOGA", "ar", "--at", "37.8106,-122.4771", "--heading", "270", "--fov", "10", "--time", fixedTime])
        #expect(result.status == 0)
        #expect(result.stdout.contains("nothing within 5.0 km this way"))
    }

    @Test func followingAPinOpensItsSite() throws {
        let result = try flowrun(Self.base + ["--heading", "90", "--follow", "1", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Battery East Vista"))
    }

    @Test(arguments: [
        (["--heading", "90", "--fov", "0"], "flowrun: --fov: 0 out of range (0, 180)\n"),
        (["--heading", "90", "--fov", "181"], "flowrun: --fov: 181 out of range (0, 180)\n"),
        (["--heading", "90", "--fov", "180.5"], "flowrun: --fov: 180.5 out of range (0, 180)\n"),
        (["--heading", "90", "--pitch", "95"], "flowrun: --pitch: 95 out of range [-90, 90]\n"),
        (["--heading", "nan"], "flowrun: --heading: expected a number such as 90, got 'nan'\n"),
    ])
    func badCameraOptionsExitTwo(options: [String], message: String) throws {
        let result = try flowrun(Self.base + options)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test func aPositionOffTheEarthExitsTwo() throws {
        let result = try flowrun(["--park", "GOGA", "ar", "--at", "97.8,-122.4", "--heading", "90"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("latitude 97.8 out of range [-90, 90]"))
    }
}
