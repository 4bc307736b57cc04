import Formats
import GeoKit

/// A park's time zone from where it is: its state's zone, and for the states that span two
/// zones, the side of the line the park is on. The lines are straight approximations of the
/// county lines the zones follow, good at the scale of a park; NPS's own usage decides where
/// a park keeps a zone its county does not (Guadalupe Mountains keeps Mountain time).
enum ParkTimeZone {
    /// The zone of a park in `state` (a postal code) at `point`; nil for a state not here.
    static func zone(state: String, at point: Coordinate) -> String? {
        let (lat, lon) = (point.latitude, point.longitude)
        switch state {
        case "CT", "DE", "DC", "GA", "ME", "MD", "MA", "NH", "NJ", "NY", "NC", "OH", "PA", "RI", "SC", "VT", "VA", "WV":
            return "America/New_York"
        case "AL", "AR", "IL", "IA", "LA", "MN", "MS", "MO", "OK", "WI": return "America/Chicago"
        case "CO", "MT", "NM", "UT", "WY": return "America/Denver"
        case "CA", "NV", "WA": return "America/Los_Angeles"
        case "AZ": return "America/Phoenix"  // no daylight saving time
        case "HI": return "Pacific/Honolulu"
        case "AS": return "Pacific/Pago_Pago"
        case "GU": return "Pacific/Guam"
        case "MP": return "Pacific/Saipan"
        case "PR": return "America/Puerto_Rico"
        case "VI": return "America/St_Thomas"
        case "AK": return lon < -169.5 ? "America/Adak" : "America/Anchorage"
        case "ID": return lat > 45.6 ? "America/Los_Angeles" : "America/Boise"  // the panhandle keeps Pacific time
        case "OR": return lon > -117.8 && lat < 44.5 ? "America/Boise" : "America/Los_Angeles"  // Malheur County
        case "TX": return lon < -104.5 ? "America/Denver" : "America/Chicago"  // El Paso, Hudspeth, Guadalupe Mountains
        case "ND": return lon < -101.5 && lat < 47.4 ? "America/Denver" : "America/Chicago"  // the south-west
        case "SD": return lon < -100.3 ? "America/Denver" : "America/Chicago"  // west of the Missouri
        case "NE": return lon < -101.3 ? "America/Denver" : "America/Chicago"  // the panhandle
        case "KS": return lon < -101.5 ? "America/Denver" : "America/Chicago"
        case "FL": return lon < -85.0 ? "America/Chicago" : "America/New_York"  // the panhandle west of the Apalachicola
        case "IN":
            return (lat > 41.0 && lon < -86.6) || (lat < 38.5 && lon < -86.8) ? "America/Chicago" : "America/Indiana/Indianapolis"
        case "KY": return lon < -85.7 ? "America/Chicago" : "America/New_York"
        case "TN": return lon > -85.2 ? "America/New_York" : "America/Chicago"
        case "MI": return lat < 46.6 && lon < -87.3 ? "America/Menominee" : "America/Detroit"
        default: return nil
        }
    }

    /// Whether zones `a` and `b` keep the same clock through a year (their offsets in
    /// January and July of 2026): `America/Juneau` is `America/Anchorage` for a park.
    static func sameClock(_ a: String, _ b: String) -> Bool {
        guard let za = ZoneRules(identifier: a), let zb = ZoneRules(identifier: b) else { return a == b }
        let january = 1_768_478_400.0, july = 1_784_116_800.0  // 2026-01-15 and 2026-07-15, 12:00 UTC
        return [january, july].allSatisfy { za.secondsFromGMT(at: $0) == zb.secondsFromGMT(at: $0) }
    }
}
