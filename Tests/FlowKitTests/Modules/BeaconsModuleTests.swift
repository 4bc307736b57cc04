import Foundation
import Testing
import ScreenModel
@testable import FlowKit

/// The `beacons` module from Lua: YELL's exhibits, a tracker fed by hand, and bad input as
/// Lua errors naming the caller's line.
@Suite struct BeaconsModuleTests {
    static let beacon = "ibeacon:D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59:1:"

    @Test func listsTheParksExhibits() throws {
        let result = try probeFlow(
            """
            local e = beacons.exhibits()
            return { title = ("%d %s %s %d %d"):format(#e, e[1].id, e[5].building, #e[5].beacons, #beacons.exhibits()), sections = {} }
            """, park: "YELL")
        #expect(result.title == "6 hydrothermal-features Old Faithful Visitor Education Center 2 6", "\(String(describing: result.error))")
    }

    @Test func aTrackerShowsTheNearestAfterTheHoldTime() throws {
        let result = try probeFlow(
            """
            local t = beacons.tracker({ hold_time = 3 })
            local kinds = {}
            for s = 0, 10 do
              for _, ev in ipairs(t:feed({ time = s, beacon = "\(Self.beacon)2", rssi = -66 })) do kinds[#kinds + 1] = ev.kind .. "@" .. ("%g"):format(ev.time) end
              t:feed({ time = s, beacon = "\(Self.beacon)1", rssi = -80 })
            end
            local st = t:state()
            local none = t:feed({ time = 11, beacon = "ibeacon:D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59:9:9", rssi = -50 })
            return { title = table.concat(kinds, " ") .. " " .. st.nearest .. " " .. st.distances[1].id .. " " .. tostring(none), sections = {} }
            """, park: "YELL")
        #expect(result.title == "enter@3 how-a-geyser-works how-a-geyser-works nil", "\(String(describing: result.error))")
    }

    @Test(arguments: [
        ("beacons.tracker({ hold = 3 })", "unknown option 'hold'"),
        ("beacons.tracker({ range = -1 })", "range must be a finite number > 0, got -1"),
        ("beacons.replay()", "no scan log to replay: run with --beacons FILE.csv"),
        ("beacons.tracker():feed({ time = 1, beacon = 'x', rssi = -60 })", "beacon 'x' is neither"),
    ])
    func badInputIsALuaErrorAtTheCaller(call: String, message: String) throws {
        let result = try probeFlow("\(call)\nreturn { title = 'no', sections = {} }", park: "YELL")
        let error = try #require(result.error)
        #expect("\(error)".contains(message), "\(error)")
    }

    @Test func aParkWithoutExhibitsListsNone() throws {
        let result = try probeFlow("return { title = tostring(#beacons.exhibits()), sections = {} }", park: "GOGA")
        #expect(result.title == "0")
    }
}
