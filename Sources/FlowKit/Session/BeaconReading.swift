public import GeoKit

/// One Bluetooth beacon reading from the device's scanner, for ``FlowSession/feed(_:)-(BeaconReading)``.
public struct BeaconReading: Sendable, Hashable {
    /// The beacon: `ibeacon:UUID:MAJOR:MINOR` or `eddystone:NAMESPACE:INSTANCE`.
    public var beacon: BeaconID
    /// Received signal strength, dBm in [-127, 0].
    public var rssi: Double
    /// The beacon's calibrated power at 1 m, dBm, when it advertises one.
    public var txPower: Double?
    /// When, seconds since 1970.
    public var time: Double

    /// A reading; each parameter sets the property of the same name.
    public init(beacon: BeaconID, rssi: Double, txPower: Double? = nil, time: Double) {
        (self.beacon, self.rssi, self.txPower, self.time) = (beacon, rssi, txPower, time)
    }
}
