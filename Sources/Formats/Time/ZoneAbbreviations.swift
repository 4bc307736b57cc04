public import Foundation

/// The abbreviations a time zone uses ("PST", "PDT"), read from the system's zone data
/// (TZif files under `/usr/share/zoneinfo`, or `$TZDIR`), as the C library shows them.
/// Foundation on Linux names zones only as "GMT-7"; the zone data has the names people read.
public struct ZoneAbbreviations: Sendable {
    /// The zone named.
    public let zone: TimeZone
    private struct Kind: Hashable {
        var offset: Int
        var isDaylight: Bool
    }
    private var names: [Kind: String] = [:]

    /// The abbreviations of `zone`; Foundation's names stand in when the zone data cannot
    /// be read.
    public init(_ zone: TimeZone) {
        self.zone = zone
        let identifier = zone.identifier
        let directory = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        guard !identifier.contains(".."),
            let data = FileManager.default.contents(atPath: directory + "/" + identifier)
        else { return }
        names = Self.parse([UInt8](data))
    }

    /// The zone's abbreviation at `date` ("PDT"), or Foundation's ("GMT-7") when the zone
    /// data has none.
    public func abbreviation(at date: Date) -> String {
        name(offset: zone.secondsFromGMT(for: date), isDaylight: zone.isDaylightSavingTime(for: date))
            ?? zone.abbreviation(for: date) ?? zone.identifier
    }

    /// The abbreviation for this offset and DST flag, if the zone data has one.
    package func name(offset: Int, isDaylight: Bool) -> String? {
        names[Kind(offset: offset, isDaylight: isDaylight)]
    }

    /// Local time types of a TZif file (RFC 8536): the version 2+ block when there is one
    /// (version 1's may be empty), the type of the latest transition winning.
    private static func parse(_ bytes: [UInt8]) -> [Kind: String] {
        func count(_ at: Int, _ index: Int) -> Int? {
            let start = at + 20 + 4 * index
            guard start + 4 <= bytes.count else { return nil }
            return bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        func block(
            at header: Int, timeSize: Int
        )
            -> (indices: Int, timeCount: Int, types: Int, typeCount: Int, chars: Int, charCount: Int, end: Int)?
        {
            guard header + 44 <= bytes.count, bytes[header..<header + 4].elementsEqual("TZif".utf8),
                let isUT = count(header, 0), let isStd = count(header, 1), let leaps = count(header, 2),
                let times = count(header, 3), let typeCount = count(header, 4), let charCount = count(header, 5)
            else { return nil }
            let indices = header + 44 + times * timeSize
            let types = indices + times
            let chars = types + typeCount * 6
            let end = chars + charCount + leaps * (timeSize + 4) + isStd + isUT
            guard end <= bytes.count else { return nil }
            return (indices, times, types, typeCount, chars, charCount, end)
        }
        guard var table = block(at: 0, timeSize: 4) else { return [:] }
        if bytes.count > 4, bytes[4] >= UInt8(ascii: "2"), let second = block(at: table.end, timeSize: 8) {
            table = second
        }
        // Types in the order transitions use them: one offset can have had several names
        // (Pacific war and peace time were -7 h DST too), and the latest is today's.
        var order = Array(0..<table.typeCount)
        order += bytes[table.indices..<table.indices + table.timeCount].map(Int.init)
        var names: [Kind: String] = [:]
        for type in order where type < table.typeCount {
            let at = table.types + type * 6
            let offset = Int(
                Int32(
                    bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16
                        | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])))
            let index = Int(bytes[at + 5])
            guard index < table.charCount else { continue }
            let start = table.chars + index
            let end = bytes[start..<table.chars + table.charCount].firstIndex(of: 0) ?? table.chars + table.charCount
            names[Kind(offset: offset, isDaylight: bytes[at + 4] != 0)] = String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return names
    }
}
