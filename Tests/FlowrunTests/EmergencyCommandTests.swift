import Foundation
import Testing

/// The emergency screen from the command line: the call, the position for the dispatcher,
/// the nearest ways out and help with directions (by name without a position), the party's
/// alert as an act, and the park's own dispatch number.
@Suite struct EmergencyCommandTests {
    @Test func withAPositionTheNearestComeFirstWithDirections() throws {
        let result = try flowrun(["--park", "GOGA", "emergency", "--at", "37.8078,-122.4750", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "goga-emergency-at.txt")
    }

    @Test func withoutAPositionEveryPlaceIsListedByName() throws {
        let result = try flowrun(["--park", "GOGA", "emergency", "--time", fixedTime, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Your position is unknown. Finding your position… Tell the dispatcher where you are"))
        #expect(result.stdout.contains("By name: your position is unknown."))
        // GOGA's entrances, trailheads and visitor centers visitors see (7 + 18 + 9: park.lua hides
        // four "Stilwell Hall Directions" stop signs and the park headquarters' offices), each with directions.
        #expect(result.stdout.components(separatedBy: "\"kind\" : \"directions\"").count - 1 == 34)
        let text = try flowrun(["--park", "GOGA", "emergency", "--time", fixedTime])
        let names = text.stdout.split(separator: "\n").filter { $0.hasPrefix("• ") }.prefix(3).map(String.init)
        #expect(names == ["• 14th Avenue Gate", "• 15th Avenue Gate", "• 25th Ave North Entrance"])
    }

    @Test func aParkWithoutSuchSitesStillCallsAndSaysSo() throws {
        // Big Bend as a new park is before its sites are published.
        let project = try projectWithoutSites("BIBE")
        defer { try? FileManager.default.removeItem(at: project) }
        let result = try flowrun(["--park", "BIBE", "emergency", "--location", "denied", "--offline", "--time", fixedTime], in: project)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("▶ [1] Call for help (911) → call 911\n"))
        // The text renderer wraps lines: compare the words.
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Your position is unknown. Allow location to see what is near you."))
        #expect(words.contains("Calling needs no data; directions need the network."))
        #expect(words.contains("The park lists no entrances, trailheads or visitor centers yet."))
        #expect(words.contains("Directions to the park's center → directions to Big Bend National Park"))
        // Home offers it all the same: it calls for help whatever the park's data.
        let home = try flowrun(["--park", "BIBE", "home", "--time", fixedTime], in: project)
        #expect(home.stdout.contains("→ go emergency"))
        #expect(home.stdout.contains("Call for help, alert your party, call the park"))
        let goga = try flowrun(["--park", "GOGA", "home", "--time", fixedTime])
        #expect(goga.stdout.contains("• Emergency\n"))
    }

    static let party = ["--party", "parks/YOSE/tests/party/valley-family.json"]

    @Test func followingTheAlertAsAChildTellsTheOthers() throws {
        let result = try flowrun(["--park", "YOSE", "emergency", "--at", "37.745,-119.56", "--as", "ben", "--follow", "3", "--time", fixedTime] + Self.party)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("! Ana, Cal and Dee were alerted with your position.\n"))
    }

    @Test func aGuestsActIsRefusedByTheRuntimeAtItsLine() throws {
        let result = try flowrun(["--park", "YOSE", "emergency", "--as", "dee", "--act", "--arg", "alert=party", "--time", fixedTime] + Self.party)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("flowrun: flows/emergency.lua:"))
        #expect(result.stderr.contains("member 'dee' (guest) may not raise a party emergency"))
    }

    @Test func aParksOwnDispatchNumberIsCalled() throws {
        let project = try ProjectCopy()
        let park = project.url.appendingPathComponent("parks/GOGA/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try project.write(
            "parks/GOGA/park.lua", text.replacingOccurrences(of: "  home = {", with: "  emergency = { phone = \"+1 415-555-0100\", limit = 1 },\n  home = {"))
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "emergency", "--at", "37.8078,-122.4750", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("▶ [1] Call for help (+1 415-555-0100) → call +1 415-555-0100\n"))
        // One place per category.
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("• ") }.count == 3)
    }
}
