import Foundation
import Testing

@testable import Formats

/// ZoneRules reads the system's zone data as the C library does; Foundation's TimeZone reads
/// ICU's own copy of the same database. They must agree on the offset, daylight saving and
/// (where ICU has letters) the abbreviation, before, between and after the files' transitions.
@Suite struct ZoneRulesTests {
    /// Zones of every kind: both hemispheres, half and quarter hours, no daylight saving,
    /// a 30-minute daylight shift (Lord Howe), the date line, and far from any change.
    static let zones = [
        "America/Los_Angeles", "America/Denver", "America/Phoenix", "America/New_York", "America/St_Johns", "America/Anchorage",
        "Pacific/Honolulu", "Pacific/Guam", "Europe/London", "Europe/Berlin", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo",
        "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Auckland", "Pacific/Chatham", "Pacific/Kiritimati", "America/Santiago",
        "America/Sao_Paulo", "Africa/Johannesburg", "Etc/GMT+12", "UTC",
    ]

    /// Every 5 days and 7 hours from 1950 to 2300: past the last transition of every file,
    /// so the footer's rule answers the later ones.
    static let moments: [Double] = Array(stride(from: -631_152_000.0, through: 10_413_792_000, by: 5 * 86_400 + 7 * 3600))

    @Test(arguments: zones)
    func offsetsAndDaylightAreFoundations(_ identifier: String) throws {
        let rules = try #require(ZoneRules(identifier: identifier))
        let zone = try #require(TimeZone(identifier: identifier))
        var differences: [String] = []
        for moment in Self.moments {
            let date = Date(timeIntervalSince1970: moment)
            let local = rules.localType(at: moment)
            if local.offset != zone.secondsFromGMT(for: date) || local.isDaylight != zone.isDaylightSavingTime(for: date) {
                differences.append(
                    "\(date): \(local.offset) \(local.isDaylight), Foundation \(zone.secondsFromGMT(for: date)) \(zone.isDaylightSavingTime(for: date))")
            }
        }
        #expect(differences.isEmpty, "\(identifier): \(differences.prefix(5))")
    }

    /// Around 2026's changes, second by second where it matters: the change is at the instant.
    @Test func changesHappenAtTheirInstant() throws {
        let denver = try #require(ZoneRules(identifier: "America/Denver"))
        // 2026-03-08 02:00 MST is 09:00 UTC; 2026-11-01 02:00 MDT is 08:00 UTC.
        #expect(denver.localType(at: 1_772_960_399 as Int64) == .init(offset: -25_200, isDaylight: false, abbreviation: "MST"))
        #expect(denver.localType(at: 1_772_960_400 as Int64) == .init(offset: -21_600, isDaylight: true, abbreviation: "MDT"))
        #expect(denver.abbreviation(at: 1_793_519_999) == "MDT")
        #expect(denver.abbreviation(at: 1_793_520_000) == "MST")
        let sydney = try #require(ZoneRules(identifier: "Australia/Sydney"))
        #expect(sydney.abbreviation(at: 1_783_000_000) == "AEST")
        #expect(sydney.abbreviation(at: 1_767_225_600) == "AEDT")
    }

    /// A file without transitions (a "slim" one past its last change) answers from its footer
    /// alone: the rule gives the dates each year.
    @Test(arguments: [
        ("MST7MDT,M3.2.0,M11.1.0", "America/Denver"), ("AEST-10AEDT,M10.1.0,M4.1.0/3", "Australia/Sydney"),
        ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "America/Santiago"), ("NZST-12NZDT,M9.5.0,M4.1.0/3", "Pacific/Auckland"),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "Australia/Lord_Howe"), ("IST-5:30", "Asia/Kolkata"),
    ])
    func aFooterAloneAnswersAsTheZone(rule: String, zone identifier: String) throws {
        let table = try #require(TZifTable(Self.tzif(footer: rule)))
        let real = try #require(ZoneRules(identifier: identifier))
        let footer = try #require(table.rule)
        for moment in stride(from: Int64(2_000_000_000), through: 2_400_000_000, by: 86_400 + 3_601) {
            #expect(footer.localType(at: moment).offset == real.localType(at: moment).offset, "\(rule) at \(moment)")
            #expect(footer.localType(at: moment).isDaylight == real.localType(at: moment).isDaylight, "\(rule) at \(moment)")
        }
    }

    @Test func rulesThatDoNotReadAreRefused() {
        for text in ["", "M", "MST", "MST7MDT,M3.2.0", "MST7MDT,M13.2.0,M11.1.0", "MST7MDT,M3.6.0,M11.1.0", "<+05", "MST999"] {
            #expect(PosixZoneRule(text) == nil, "\(text)")
        }
    }

    @Test func namesThatLeaveTheZoneDataAreRefused() {
        for name in ["../../etc/passwd", "/etc/localtime", "America/../../etc", "America//Denver", "America/", ".", "", "Amer ica/Denver"] {
            #expect(ZoneRules(identifier: name) == nil, "\(name)")
        }
        #expect(ZoneRules(identifier: "America/Denevr") == nil)
        #expect(ZoneRules(identifier: "GMT")?.abbreviation(at: 0) == "GMT")
        #expect(ZoneRules.utc.secondsFromGMT(at: .nan) == 0)
    }

    @Test func bytesThatAreNoZoneFileAreRefused() {
        #expect(TZifTable([]) == nil)
        #expect(TZifTable(Array("TZif2".utf8) + [UInt8](repeating: 0, count: 10)) == nil)
        var bytes = Self.tzif(footer: "UTC0")
        bytes[20 + 4 * 4 + 3] = 200  // 200 types that are not there
        #expect(TZifTable(bytes) == nil)
    }

    @Test func theKnownZonesAreTheDatasFiles() {
        let known = ZoneRules.knownIdentifiers()
        #expect(known.contains("America/Denver") && known.contains("Pacific/Chatham") && known.contains("UTC"))
        #expect(!known.contains { $0.hasPrefix("posix/") || $0.hasPrefix("right/") || $0.hasSuffix(".tab") || $0.hasSuffix(".zi") })
        #expect(known == known.sorted())
    }

    /// A version 2 TZif file with one local time type (UTC), no transitions, and `footer`.
    static func tzif(footer: String) -> [UInt8] {
        func header(types: UInt32, chars: UInt32) -> [UInt8] {
            var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
            for count in [0, 0, 0, 0, types, chars] as [UInt32] { bytes += withUnsafeBytes(of: count.bigEndian, Array.init) }
            return bytes
        }
        let block: [UInt8] = [0, 0, 0, 0, 0, 0] + Array("UTC\0".utf8)
        return header(types: 1, chars: 4) + block + header(types: 1, chars: 4) + block + Array("\n\(footer)\n".utf8)
    }
}
