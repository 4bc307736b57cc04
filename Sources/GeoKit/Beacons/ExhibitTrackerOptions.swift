/// How an ``ExhibitTracker`` smooths, decides and forgets. The README's Exhibits section
/// shows the same table; `beacons.tracker{...}` takes these under their snake_case names.
public struct ExhibitTrackerOptions: Sendable, Hashable {
    public var processNoise = 2.0  // dBm² per second the true RSSI may drift as the visitor walks
    public var measurementNoise = 25.0  // dBm² of one reading's noise (5 dB standard deviation)
    public var range = 8.0  // metres: an exhibit farther than this is not "at" the visitor
    public var holdTime = 4.0  // seconds a new nearest exhibit must lead before it is shown; no change is shorter
    public var margin = 1.0  // metres a new exhibit must be nearer than the shown one to take over
    public var timeout = 10.0  // seconds without a reading before a beacon is dropped (dead battery, out of reach)
    public var dwellTime = 20.0  // seconds at one exhibit before a dwell event

    /// The defaults above.
    public init() {}

    /// The option names as Lua and the README spell them, with a reader and writer each.
    public static var fields: [(name: String, path: WritableKeyPath<ExhibitTrackerOptions, Double>)] {
        [
            ("process_noise", \.processNoise), ("measurement_noise", \.measurementNoise), ("range", \.range),
            ("hold_time", \.holdTime), ("margin", \.margin), ("timeout", \.timeout), ("dwell_time", \.dwellTime),
        ]
    }

    /// Checks every option: finite, noise and range positive, the others ≥ 0.
    /// - Throws: ``GeoError`` naming the option by its snake_case name.
    public func validate() throws(GeoError) {
        for (name, path) in Self.fields {
            let value = self[keyPath: path]
            let positive = ["process_noise", "measurement_noise", "range", "timeout"].contains(name)
            guard value.isFinite, positive ? value > 0 : value >= 0 else {
                throw GeoError(.invalidArgument, "\(name) must be a finite number \(positive ? "> 0" : "≥ 0"), got \(GeoError.text(value))")
            }
        }
    }
}
