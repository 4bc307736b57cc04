import Foundation
import Testing

/// A flow's os.date and os.time are in its park's zone, whatever the machine's TZ: the same
/// inputs give the same screen everywhere (issue 13, item 9).
@Suite struct ParkTimeTests {
    static let flow = """
        flow.register("clock", function(ctx)
          local t = os.time()
          local noon = os.time{ year = 2026, month = 7, day = 4, hour = 12 }
          return { title = os.date("%H:%M %Z", t), sections = {
            { type = "text", text = os.date("!%H:%M %Z", t) },
            { type = "text", text = tostring(noon) },
            { type = "text", text = os.date("%Y-%m-%d %H:%M", 0) },
          } }
        end)
        """

    func clock(park: String, tz: String) throws -> CLIResult {
        let project = try ProjectCopy()
        try project.write("parks/\(park)/flows/clock.lua", Self.flow)
        return try flowrun(
            ["--root", project.url.path, "--park", park, "clock", "--time", fixedTime, "--format", "json"],
            environment: ["TZ": tz])
    }

    @Test func datesAreInTheParksZoneOnEveryMachine() throws {
        let tokyo = try clock(park: "YELL", tz: "Asia/Tokyo")
        let utc = try clock(park: "YELL", tz: "UTC")
        #expect(tokyo.status == 0, "\(tokyo.stderr)")
        #expect(tokyo.stdout == utc.stdout)
        #expect(tokyo.stdout.contains(#""title" : "10:30 MDT""#), "\(tokyo.stdout)")
        #expect(tokyo.stdout.contains(#""text" : "16:30 GMT""#))
        #expect(tokyo.stdout.contains(#""text" : "1783188000""#))  // 2026-07-04 12:00 MDT
        #expect(tokyo.stdout.contains(#""text" : "1969-12-31 17:00""#))
    }

    @Test func anotherParkHasItsOwnZone() throws {
        let goga = try clock(park: "GOGA", tz: "Asia/Tokyo")
        #expect(goga.stdout.contains(#""title" : "09:30 PDT""#), "\(goga.stdout) \(goga.stderr)")
        #expect(goga.stdout.contains(#""text" : "1783191600""#))  // 2026-07-04 12:00 PDT
    }
}
