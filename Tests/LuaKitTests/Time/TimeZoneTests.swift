import Formats
import Foundation
import Testing
@testable import LuaKit

/// os.date and os.time in the zone the host sets: what stock Lua 5.4 prints with TZ set to
/// that zone (the expected lines below are stock's, `TZ=America/Los_Angeles lua5.4`), on any
/// machine, whatever the process's own TZ.
@Suite struct TimeZoneTests {
    func output(_ source: String, zone: String?) throws -> [String] {
        let lua = try LuaState()
        lua.timeZone = zone.flatMap(ZoneRules.init(identifier:))
        var lines: [String] = []
        lua.printBytes = { lines.append(String(decoding: $0, as: UTF8.self)) }
        _ = try lua.run(source, chunkName: "dates.lua")
        return lines
    }

    @Test func datesAreTheZonesAsStockLuaPrintsThem() throws {
        let lines = try output(
            """
            local t = 1720000000
            print(os.date("%c %Z %z", t))
            print(os.date("!%c %Z", t))
            print(os.date("%Y-%m-%d %H:%M:%S", 1710064800))
            local d = os.date("*t", t); print(d.hour, d.isdst, d.yday, d.wday)
            print(os.date("%x %X %p %j %a %A %b %B", t))
            print(os.date("%c %Z", 1704067200))
            """, zone: "America/Los_Angeles")
        #expect(
            lines == [
                "Wed Jul  3 02:46:40 2024 PDT -0700",
                "Wed Jul  3 09:46:40 2024 GMT",
                "2024-03-10 03:00:00",
                "2\ttrue\t185\t4",
                "07/03/24 02:46:40 AM 185 Wed Wednesday Jul July",
                "Sun Dec 31 16:00:00 2023 PST",
            ])
    }

    @Test func timesReadTheFieldsInTheZone() throws {
        let lines = try output(
            """
            print(os.time{year=2024, month=7, day=3, hour=2, min=46, sec=40})
            print(os.time{year=2024, month=3, day=10, hour=2, min=30})          -- skipped: 03:30 PDT
            print(os.time{year=2024, month=11, day=3, hour=1, min=30})          -- repeated: standard
            print(os.time{year=2024, month=11, day=3, hour=1, min=30, isdst=true})
            local tt = {year=2024, month=1, day=32, hour=25}
            print(os.time(tt), tt.month, tt.day, tt.hour, tt.isdst)
            """, zone: "America/Los_Angeles")
        #expect(lines == ["1720000000", "1710066600", "1730626200", "1730622600", "1706864400\t2\t2\t1\tfalse"])
    }

    @Test func anotherZoneGivesItsOwnLocalTime() throws {
        #expect(try output("print(os.date('%H:%M %Z', 1720000000))", zone: "America/Denver") == ["03:46 MDT"])
        #expect(try output("print(os.date('%H:%M %Z', 1720000000))", zone: "Asia/Tokyo") == ["18:46 JST"])
    }

    @Test func errorsAreStocks() throws {
        let lines = try output(
            """
            print(pcall(os.date, "%Ez", 0))
            print(pcall(os.time, {year=2024}))
            print(pcall(os.time, {year=2024, month="x", day=1}))
            print(pcall(os.time, {year=2024, month=1, day=1, hour=2^40}))
            """, zone: "America/Los_Angeles")
        #expect(
            lines == [
                "false\tbad argument #1 to 'os.date' (invalid conversion specifier '%Ez')",
                "false\tfield 'month' missing in date table",
                "false\tfield 'month' is not an integer",
                "false\tfield 'hour' is out-of-bound",
            ])
    }
}
