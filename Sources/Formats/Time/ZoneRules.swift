#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A time zone: its offset from UTC, whether daylight saving is in effect and its abbreviation
/// ("PDT") at any moment, read from the system's zone data, the TZif files (RFC 8536) under
/// `/usr/share/zoneinfo` (or `$TZDIR`) that the C library reads. Foundation's `TimeZone`
/// names zones only through ICU on Linux, which a cold run paid for in start-up time and
/// memory (docs/benchmarks.md, Cold start); these rules are what the runtime and its
/// renderers use instead. Times are seconds since 1970-01-01 00:00 UTC.
public struct ZoneRules: Sendable, Equatable {
    /// The zone's name: `America/Denver`, `UTC`.
    public let identifier: String
    /// When the local time type changed, ascending (UTC seconds), and the type from each.
    private let transitions: [Int64]
    private let transitionTypes: [Int]
    /// The zone's local time types; the first applies before the first transition.
    private let types: [LocalType]
    /// The rule after the last transition (the file's footer, a POSIX TZ string), if any.
    private let rule: PosixZoneRule?

    /// What a clock in the zone shows at some moment.
    public struct LocalType: Sendable, Equatable {
        /// Seconds east of UTC: -25,200 for UTC-7.
        public var offset: Int
        /// Whether this is daylight saving (summer) time.
        public var isDaylight: Bool
        /// The abbreviation people read: `MDT`, or `-03` where the zone has none.
        public var abbreviation: String
    }

    /// Coordinated Universal Time.
    public static let utc = ZoneRules(identifier: "UTC", fixed: LocalType(offset: 0, isDaylight: false, abbreviation: "UTC"))

    /// The names that mean UTC without the zone data.
    private static let utcNames: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Z", "Zulu", "Etc/Zulu", "Universal", "Etc/Universal"]

    private init(identifier: String, fixed: LocalType) {
        (self.identifier, transitions, transitionTypes, types, rule) = (identifier, [], [], [fixed], nil)
    }

    private init(identifier: String, table: TZifTable) {
        self.identifier = identifier
        (transitions, transitionTypes, types, rule) = (table.transitions, table.transitionTypes, table.types, table.rule)
    }

    /// The zone named `identifier` (`America/Denver`), or nil when the zone data has no such
    /// zone (or cannot be read). UTC's names need no zone data.
    public init?(identifier: String) {
        if Self.utcNames.contains(identifier) {
            let abbreviation = identifier.hasSuffix("GMT") ? "GMT" : "UTC"
            self.init(identifier: identifier, fixed: LocalType(offset: 0, isDaylight: false, abbreviation: abbreviation))
            return
        }
        guard Self.isName(identifier), let bytes = Self.file(identifier), let table = TZifTable(bytes) else { return nil }
        self.init(identifier: identifier, table: table)
    }

    /// The folder of the zone data: `$TZDIR`, else `/usr/share/zoneinfo`.
    public static var folder: String {
        Environment.nonEmpty("TZDIR") ?? "/usr/share/zoneinfo"
    }

    /// What the zone's clocks show at `time` (seconds since 1970 UTC).
    public func localType(at time: Int64) -> LocalType {
        guard let first = transitions.first, time >= first else { return types[0] }
        if let rule, let last = transitions.last, time >= last { return rule.localType(at: time) }
        // The last transition at or before `time`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= time { low = middle } else { high = middle - 1 }
        }
        return types[transitionTypes[low]]
    }

    /// What the zone's clocks show at `time`, rounded down to the second.
    public func localType(at time: Double) -> LocalType {
        guard time.isFinite else { return types[0] }
        return localType(at: Int64(max(-9e15, min(9e15, time.rounded(.down)))))
    }

    /// Seconds east of UTC at `time`.
    public func secondsFromGMT(at time: Double) -> Int { localType(at: time).offset }

    /// Whether daylight saving time is in effect at `time`.
    public func isDaylightSavingTime(at time: Double) -> Bool { localType(at: time).isDaylight }

    /// The abbreviation at `time` (`MDT`).
    public func abbreviation(at time: Double) -> String { localType(at: time).abbreviation }

    /// The zones the zone data holds, sorted (`Africa/Abidjan` ... `Zulu`), for suggesting a
    /// name: every TZif file under ``folder`` except the `posix/` and `right/` copies.
    public static func knownIdentifiers() -> [String] {
        let folder = folder
        return FolderEntries.files(under: folder, linkedFiles: true).filter { name in
            guard !name.hasPrefix("posix/"), !name.hasPrefix("right/"), isName(name) else { return false }
            return FileReader.head(atPath: folder + "/" + name, count: 4)?.head.elementsEqual("TZif".utf8) == true
        }
    }

    /// Whether `name` can name a file inside the zone data: letters, digits, `_+-` and single
    /// slashes between parts, none of them `.` or `..`.
    private static func isName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count < 256, !name.hasPrefix("/"), !name.hasSuffix("/") else { return false }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty, part != ".", part != "..",
                part.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2B || $0 == 0x2D })
            else { return false }
        }
        return true
    }

    /// The zone file's bytes (at most 1 MiB; the largest zone is a few KiB).
    private static func file(_ identifier: String) -> [UInt8]? {
        guard case .success(let bytes) = FileReader.contents(atPath: folder + "/" + identifier, limit: 1 << 20, links: .follow) else { return nil }
        return bytes
    }
}
