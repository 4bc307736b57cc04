/// How a ``RegionMonitor`` watches regions and debounces what it sees. Defaults suit a phone
/// with GPS fixes about once a second; they are `geofence` in parks/defaults.lua, and a
/// FlowKit test keeps the two equal.
public struct GeofenceSettings: Sendable, Hashable {
    /// Regions monitored at once, the presence region included (iOS allows 20).
    public var cap = 20
    /// Re-choose the monitored regions after the visitor has moved this far (metres) from
    /// where they were last chosen.
    public var refreshDistance = 250.0
    /// A monitored region keeps its slot unless a newcomer's edge is nearer by more than this
    /// (metres, widened to the fix's accuracy when that is larger), so regions do not churn.
    public var hysteresis = 50.0
    /// Seconds the inside state must hold, from the first fix inside, before ENTER.
    public var enterDelay = 20.0
    /// Seconds the outside state must hold, from the first fix outside, before EXIT.
    public var exitDelay = 30.0
    /// Metres inside the edge a fix must be to count towards an ENTER (0: anywhere inside).
    public var enterMargin = 0.0
    /// Metres outside the edge a fix must be to count towards an EXIT (GPS jitter; 0: anywhere outside).
    public var exitMargin = 10.0
    /// Seconds after ENTER at which DWELL fires if the visitor is still inside.
    public var dwellDelay = 120.0
    /// Also run an unlimited monitor beside the capped one, to report the enters the cap missed.
    public var reportMissed = true

    public init() {}

    /// The largest distance setting (metres): a geofence is about a park, not a continent.
    public static let farthestMetres = 100_000.0
    /// The longest delay (seconds): a day.
    public static let longestDelay = 86_400.0

    /// The settings checked: a message naming the first bad field, or nil.
    public func problem() -> String? {
        if cap < 1 || cap > 10_000 { return "cap \(cap) must be between 1 and 10000" }
        let distances: [(String, Double)] = [
            ("refresh_distance", refreshDistance), ("hysteresis", hysteresis), ("enter_margin", enterMargin), ("exit_margin", exitMargin),
        ]
        for (name, value) in distances where !(value >= 0 && value <= Self.farthestMetres) {
            return "\(name) \(GeoError.text(value)) must be a number of metres in [0, \(Int(Self.farthestMetres))]"
        }
        for (name, value) in [("enter_delay", enterDelay), ("exit_delay", exitDelay), ("dwell_delay", dwellDelay)]
        where !(value >= 0 && value <= Self.longestDelay) {
            return "\(name) \(GeoError.text(value)) must be a number of seconds in [0, \(Int(Self.longestDelay))] (a day)"
        }
        return nil
    }
}
