/// Why the device has no position to give.
public enum LocationProblem: String, Sendable, Hashable, CaseIterable {
    /// The visitor did not allow the app to use location.
    case denied
    /// Location services are off or the device has none.
    case unavailable
    /// The search went on past the park's `timeout` without a good fix.
    case timedOut = "timed_out"
}

/// What the app knows of the visitor's position: the state of a ``LocationStateMachine``.
public enum LocationState: Sendable, Hashable {
    /// Not asking for a position.
    case idle
    /// Asking, without a good fix yet, since the time given (seconds since 1970).
    case searching(since: Double)
    /// Still asking after the park's `searching_longer_after`; `since` is when the search began.
    case searchingLonger(since: Double)
    /// A good fix, young enough to trust.
    case found(LocationFix)
    /// No position, for the reason given, since the time given.
    case error(LocationProblem, since: Double)

    /// The state's name as flows read it: `idle`, `searching`, `searching_longer`, `found`, `error`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .searching: "searching"
        case .searchingLonger: "searching_longer"
        case .found: "found"
        case .error: "error"
        }
    }

    /// The fix of a found state, else nil.
    public var fix: LocationFix? {
        if case .found(let fix) = self { return fix }
        return nil
    }

    /// The reason of an error state, else nil.
    public var problem: LocationProblem? {
        if case .error(let problem, _) = self { return problem }
        return nil
    }
}
