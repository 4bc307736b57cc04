import Formats
import ScreenModel

/// Time zone names as park.lua and screens give them: IANA identifiers the system's zone
/// data has (``ZoneRules``).
enum TimeZoneName {
    /// What is wrong with `name`, or nil when the zone data has the zone:
    /// `unknown time zone 'America/Denevr'; did you mean 'America/Denver'?`.
    @Sendable
    static func problem(_ name: String) -> String? {
        guard ZoneRules(identifier: name) == nil else { return nil }
        let hint =
            Excerpt.suggestion(for: name, in: ZoneRules.knownIdentifiers()).map { "; did you mean '\($0)'?" }
            ?? " (an IANA zone such as 'America/Denver')"
        return "unknown time zone \(Excerpt.quoted(name))\(hint)"
    }
}
