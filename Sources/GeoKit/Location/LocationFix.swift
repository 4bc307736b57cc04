/// One position the device reported: where, how uncertain, and when.
public struct LocationFix: Sendable, Hashable {
    /// Where the device is.
    public var coordinate: Coordinate
    /// Horizontal accuracy in metres: the radius the true position is likely within. A
    /// negative or non-finite accuracy (iOS reports -1 for an invalid fix) never counts as found.
    public var accuracy: Double
    /// When it was taken, in seconds since 1970-01-01T00:00:00Z.
    public var time: Double

    /// A fix.
    /// - Parameters:
    ///   - coordinate: where the device is.
    ///   - accuracy: horizontal accuracy, metres.
    ///   - time: seconds since 1970-01-01T00:00:00Z.
    public init(coordinate: Coordinate, accuracy: Double, time: Double) {
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.time = time
    }

    /// Whether the accuracy is a real one: finite and not negative.
    public var hasValidAccuracy: Bool { accuracy.isFinite && accuracy >= 0 }
}
