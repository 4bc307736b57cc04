/// How a party replay decides silence and drift, and how each member's phone watches the
/// safe zones. Defaults suit a family on a trail; a party file sets its own.
public struct PartySettings: Sendable, Hashable {
    /// Metres two members may be apart before a drift alert.
    public var driftDistance = 800.0
    /// Seconds without a fix before a member counts as silent.
    public var silenceTimeout = 600.0
    /// How each member's phone watches the safe zones (enter and exit delays, margins).
    public var geofence = GeofenceSettings()

    /// The largest `drift_m`: a party is in one park, as a geofence is.
    public static let farthestDrift = GeofenceSettings.farthestMetres
    /// The longest `silence_s`: a day, as the longest geofence delay.
    public static let longestSilence = GeofenceSettings.longestDelay

    public init() {
        // A party's zones are few: no missed-enter shadow monitor.
        geofence.reportMissed = false
    }

    /// The settings checked: a message naming the first bad field, or nil.
    public func problem() -> String? {
        if !(driftDistance > 0 && driftDistance <= Self.farthestDrift) {
            return "drift_m \(GeoError.text(driftDistance)) must be a number of metres in (0, \(Int(Self.farthestDrift))]"
        }
        if !(silenceTimeout > 0 && silenceTimeout <= Self.longestSilence) {
            return "silence_s \(GeoError.text(silenceTimeout)) must be a number of seconds in (0, \(Int(Self.longestSilence))] (a day)"
        }
        return geofence.problem()
    }
}
