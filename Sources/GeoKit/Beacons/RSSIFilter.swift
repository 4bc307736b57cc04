/// A one-dimensional Kalman filter over one beacon's RSSI, in dBm.
///
/// The state is the RSSI the visitor's true distance would give; it drifts as they walk
/// (``processNoise`` per second) and each reading sees it through noise
/// (``measurementNoise``). A long gap between readings lets the next one count for more.
struct RSSIFilter: Sendable {
    /// The filtered RSSI, dBm.
    private(set) var value: Double
    /// Its variance, dBm².
    private(set) var variance: Double
    /// The time of the last reading, seconds.
    private(set) var time: Double

    /// Starts at the first reading, trusting it as much as one reading deserves.
    init(rssi: Double, time: Double, measurementNoise: Double) {
        value = rssi
        variance = measurementNoise
        self.time = time
    }

    /// Takes one reading at `time` (never before the last one).
    mutating func update(rssi: Double, time: Double, processNoise: Double, measurementNoise: Double) {
        let predicted = variance + processNoise * max(0, time - self.time)
        let gain = predicted / (predicted + measurementNoise)
        value += gain * (rssi - value)
        variance = (1 - gain) * predicted
        self.time = time
    }
}

extension RSSIFilter {
    /// A filter resumed from stored state (``ExhibitTracker`` keeps its filters flat).
    init(value: Double, variance: Double, time: Double) {
        self.value = value
        self.variance = variance
        self.time = time
    }
}
