/// Something that happened to the device's location: what a ``LocationStateMachine`` is fed.
public enum LocationEvent: Sendable, Hashable {
    /// The app starts asking for the position.
    case start(time: Double)
    /// The device reported a fix.
    case fix(LocationFix)
    /// The visitor did not allow location (or took the permission back).
    case denied(time: Double)
    /// Location services went off.
    case unavailable(time: Double)
    /// Permission given or services back on: searching again.
    case allowed(time: Double)
    /// The app stops asking.
    case stop(time: Double)

    /// When it happened, seconds since 1970.
    public var time: Double {
        switch self {
        case .start(let t), .denied(let t), .unavailable(let t), .allowed(let t), .stop(let t): t
        case .fix(let fix): fix.time
        }
    }
}
