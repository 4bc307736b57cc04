#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a beacon's signal fades with distance: the log-distance path-loss model
/// `rssi = measuredPower - 10 · pathLoss · log10(d)`, with `d` in metres.
public struct BeaconCalibration: Sendable, Hashable {
    /// The RSSI in dBm heard at 1 m, when neither the content nor the scan gives one.
    public static let defaultMeasuredPower = -59.0
    /// The path-loss exponent when the content gives none: 2 is free space; furnished
    /// halls measure 2 to 3.
    public static let defaultPathLoss = 2.0
    /// The measured powers accepted, dBm.
    public static let measuredPowerRange = -100.0...0.0
    /// The exponents accepted.
    public static let pathLossRange = 1.0...6.0

    /// RSSI at 1 m in dBm; nil: the scan's `tx_power`, else ``defaultMeasuredPower``.
    public var measuredPower: Double?
    /// The path-loss exponent (default ``defaultPathLoss``).
    public var pathLoss: Double

    /// A calibration.
    /// - Parameters:
    ///   - measuredPower: RSSI at 1 m in dBm (default nil: the scan's transmit power, else -59).
    ///   - pathLoss: the exponent (default 2).
    public init(measuredPower: Double? = nil, pathLoss: Double = BeaconCalibration.defaultPathLoss) {
        self.measuredPower = measuredPower
        self.pathLoss = pathLoss
    }

    /// The distance in metres an RSSI means, by the model.
    /// - Parameters:
    ///   - rssi: a (smoothed) RSSI in dBm.
    ///   - txPower: the power the scan reported at 1 m, used when ``measuredPower`` is nil.
    public func distance(rssi: Double, txPower: Double?) -> Double {
        let power = measuredPower ?? txPower ?? Self.defaultMeasuredPower
        return Self.distance(rssi: rssi, measuredPower: power, pathLoss: pathLoss)
    }

    /// `10^((measuredPower - rssi) / (10 · pathLoss))`.
    static func distance(rssi: Double, measuredPower: Double, pathLoss: Double) -> Double {
        pow(10, (measuredPower - rssi) / (10 * pathLoss))
    }

    /// The RSSI the model expects at `distance` metres (never nearer than 0.1 m).
    public static func rssi(distance: Double, measuredPower: Double, pathLoss: Double) -> Double {
        measuredPower - 10 * pathLoss * log10(max(distance, 0.1))
    }
}
