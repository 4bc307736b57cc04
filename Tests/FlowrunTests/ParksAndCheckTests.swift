import Foundation
import Testing

@Suite struct ParksAndCheckTests {
    @Test func parksListsEveryParkFolder() throws {
        let result = try flowrun(["parks"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks.txt")
    }

    @Test func parksAtAPositionSortsByDistance() throws {
        let result = try flowrun(["parks", "--at", "44.4605,-110.8281"])   // Old Faithful
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks-at-old-faithful.txt")
        let codes = result.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(4)) }
        #expect(codes == ["YELL", "GRTE", "YOSE", "GOGA"])
    }

    @Test func parksAsJSON() throws {
        let result = try flowrun(["parks", "--format", "json", "--at", "37.8078,-122.4750"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "parks-at-golden-gate.json")
    }

    @Test func checkPassesOnTheRepository() throws {
        let result = try flowrun(["check", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasPrefix("ok   ") }.count == 4)
        #expect(result.stdout.contains("screens: 0 problems"))
    }

    @Test func stubsAreCurrent() throws {
        let result = try flowrun(["stubs", "--check"])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
