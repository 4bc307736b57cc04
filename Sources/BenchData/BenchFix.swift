/// One fix of the geofence benchmark track (1 Hz), unrounded.
public struct BenchFix: Sendable, Equatable {
    /// What the walker was doing in the segment a fix belongs to: the fourth value of
    /// `gen_data.py`'s track tuples (0 stopped, 1 walking, 2 driving).
    public enum Mode: Int, Sendable {
        /// Standing still (speed 0, heading drifts ±5°/s); segments of 30–900 s.
        case stopped = 0
        /// 0.8–1.8 m/s, heading turns up to ±20°/s; segments of 60–1800 s.
        case walking = 1
        /// 8–25 m/s, heading turns up to ±5°/s; segments of 60–1800 s.
        case driving = 2
    }

    /// Seconds since the start of the track; equal to the fix's index.
    public var t: Int
    /// Longitude in degrees: true position plus GPS noise (σ = 4 m per axis).
    public var lon: Double
    /// Latitude in degrees: true position plus GPS noise.
    public var lat: Double
    /// The segment's mode.
    public var mode: Mode

    /// A fix from its generated values.
    public init(t: Int, lon: Double, lat: Double, mode: Mode) {
        self.t = t
        self.lon = lon
        self.lat = lat
        self.mode = mode
    }
}
