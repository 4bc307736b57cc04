/// The state a machine entered and when.
public struct LocationChange: Sendable, Hashable {
    /// When the state began, seconds since 1970 (for a timeout, the moment it ran out).
    public var time: Double
    /// The new state.
    public var state: LocationState

    /// A change.
    /// - Parameters:
    ///   - time: when the state began.
    ///   - state: the new state.
    public init(time: Double, state: LocationState) {
        self.time = time
        self.state = state
    }
}
