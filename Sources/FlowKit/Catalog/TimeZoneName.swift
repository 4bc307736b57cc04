import Formats
import Foundation
import ScreenModel

/// Time zone names as park.lua and screens give them: IANA identifiers Foundation knows.
enum TimeZoneName {
    /// What is wrong with `name`, or nil when Foundation knows the zone:
    /// `unknown time zone 'America/Denevr'; did you mean 'America/Denver'?`.
    @Sendable
    static func problem(_ name: String) -> String? {
        guard TimeZone(identifier: name) == nil else { return nil }
        let hint =
            Excerpt.suggestion(for: name, in: TimeZone.knownTimeZoneIdentifiers).map { "; did you mean '\($0)'?" }
            ?? " (an IANA zone such as 'America/Denver')"
        return "unknown time zone \(Excerpt.quoted(name))\(hint)"
    }
}
