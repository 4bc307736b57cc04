/// When a ``LocationStateMachine`` counts a fix as found and how long it searches. The
/// defaults are `location` in parks/defaults.lua, and a FlowKit test keeps the two equal.
public struct LocationSettings: Sendable, Hashable {
    /// A fix is found when its horizontal accuracy is at most this many metres.
    public var accuracy = 100.0
    /// A found fix this many seconds old no longer says where the visitor is: searching again.
    public var maxAge = 120.0
    /// Seconds of searching without a good fix before the state is searching longer.
    public var searchingLongerAfter = 10.0
    /// Seconds of searching without a good fix before the error timed out (from the start of
    /// the search, so after searching longer).
    public var timeout = 60.0

    /// The defaults.
    public init() {}

    /// The settings checked: a message naming the first bad field (by its Lua name), or nil.
    public func problem() -> String? {
        for (name, value) in [("accuracy", accuracy), ("max_age", maxAge), ("timeout", timeout)] where !(value.isFinite && value > 0) {
            return "\(name) \(GeoError.text(value)) must be a number > 0"
        }
        guard searchingLongerAfter.isFinite, searchingLongerAfter >= 0 else {
            return "searching_longer_after \(GeoError.text(searchingLongerAfter)) must be a number ≥ 0"
        }
        guard searchingLongerAfter < timeout else {
            return "searching_longer_after \(GeoError.text(searchingLongerAfter)) must be less than timeout \(GeoError.text(timeout))"
        }
        return nil
    }
}
