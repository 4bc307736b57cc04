/// Turns a stream of fixes, their absence and the OS's location events into what the app
/// knows of the visitor's position (``LocationState``), as Park Finder's location check does:
///
/// ```
/// idle ──start──► searching ──searching_longer_after──► searching longer ──timeout──► error(timed_out)
///                     │ ▲                                      │                          │
///               good fix│ └──────── fix older than max_age ──── found ◄──── good fix ───────┘
/// any state ──denied / unavailable──► error(denied / unavailable) ──allowed──► searching
/// any state ──stop──► idle
/// ```
///
/// A good fix has an accuracy of at most ``LocationSettings/accuracy`` metres and is younger
/// than ``LocationSettings/maxAge``; a worse one changes nothing, so the search's clock runs
/// on. Every timer changes the state at exactly its time: at `searching_longer_after`
/// seconds the state *is* searching longer, and a fix exactly `max_age` old is stale. Time
/// only moves forward: an event older than the latest one is taken at the latest time (a
/// fix keeps its own time, so it is as old as it is). Fixes while idle or after a denial are
/// ignored: the OS delivers none then. Pure and allocation-free per step: no I/O, no clock.
public struct LocationStateMachine: Sendable {
    /// The timeouts and the accuracy threshold.
    public let settings: LocationSettings
    /// The state now.
    public private(set) var state: LocationState = .idle
    /// The latest time the machine has seen, seconds since 1970 (`-infinity` before any).
    public private(set) var now: Double = -.infinity

    /// A machine in the idle state.
    /// - Parameter settings: the park's `location` settings (default: the defaults).
    public init(settings: LocationSettings = LocationSettings()) {
        self.settings = settings
    }

    /// A machine in `state` at `time`, as if the events that led there had been fed: a run
    /// that stands where a request puts the visitor (`--at`, `--location denied`).
    /// - Parameters:
    ///   - settings: the park's `location` settings.
    ///   - state: the state now.
    ///   - time: the clock, seconds since 1970.
    public init(settings: LocationSettings = LocationSettings(), state: LocationState, at time: Double) {
        self.settings = settings
        self.state = state
        now = time
    }

    /// Feeds one event: first runs the clock to its time (the timeouts it crosses change the
    /// state), then applies it. A newer good fix while found replaces the fix without a change.
    /// - Parameter event: what happened.
    /// - Returns: the states entered, in order; empty when nothing changed.
    @discardableResult
    public mutating func feed(_ event: LocationEvent) -> [LocationChange] {
        var changes: [LocationChange] = []
        feed(event, into: &changes)
        return changes
    }

    /// ``feed(_:)`` appending to `changes` instead of returning a new array.
    /// - Parameters:
    ///   - event: what happened.
    ///   - changes: where the states entered are appended.
    public mutating func feed(_ event: LocationEvent, into changes: inout [LocationChange]) {
        advance(to: event.time, into: &changes)
        let t = now
        switch event {
        case .start:
            switch state {
            case .idle, .error(.timedOut, _): enter(.searching(since: t), at: t, into: &changes)
            default: break
            }
        case .fix(let fix):
            guard isGood(fix) else { return }
            switch state {
            case .idle, .error(.denied, _), .error(.unavailable, _): return
            case .found(let current) where current.time > fix.time: return  // an older fix than the one we have
            // A newer fix keeps the state found: it is not a change, or every fix would be one.
            case .found: state = .found(fix)
            default: enter(.found(fix), at: t, into: &changes)
            }
        case .denied:
            if state.problem != .denied { enter(.error(.denied, since: t), at: t, into: &changes) }
        case .unavailable:
            if state.problem != .unavailable { enter(.error(.unavailable, since: t), at: t, into: &changes) }
        case .allowed:
            switch state {
            case .error(.denied, _), .error(.unavailable, _): enter(.searching(since: t), at: t, into: &changes)
            default: break
            }
        case .stop:
            if state != .idle { enter(.idle, at: t, into: &changes) }
        }
    }

    /// Runs the clock to `time` (an earlier time changes nothing): a search that outlasts
    /// its timeouts moves on, a found fix that grows too old goes back to searching.
    /// - Parameter time: seconds since 1970.
    /// - Returns: the states entered, in order, each at the moment its timer ran out.
    @discardableResult
    public mutating func advance(to time: Double) -> [LocationChange] {
        var changes: [LocationChange] = []
        advance(to: time, into: &changes)
        return changes
    }

    /// ``advance(to:)`` appending to `changes`.
    /// - Parameters:
    ///   - time: seconds since 1970.
    ///   - changes: where the states entered are appended.
    public mutating func advance(to time: Double, into changes: inout [LocationChange]) {
        guard time > now else { return }
        // Each pass crosses at most one timer; a long gap may cross several in turn.
        while case let (due, next)? = nextTimer(), due <= time {
            enter(next, at: due, into: &changes)
        }
        now = time
    }

    /// The age of the found fix at the machine's time, seconds; nil unless found.
    public var age: Double? { state.fix.map { max(0, now - $0.time) } }

    // MARK: - Private

    /// The timer of the current state: when it runs out and the state it leads to.
    private func nextTimer() -> (Double, LocationState)? {
        switch state {
        case .searching(let since): (since + settings.searchingLongerAfter, .searchingLonger(since: since))
        case .searchingLonger(let since): (since + settings.timeout, .error(.timedOut, since: since + settings.timeout))
        case .found(let fix): (fix.time + settings.maxAge, .searching(since: fix.time + settings.maxAge))
        case .idle, .error: nil
        }
    }

    private func isGood(_ fix: LocationFix) -> Bool {
        fix.hasValidAccuracy && fix.accuracy <= settings.accuracy && now - fix.time < settings.maxAge
    }

    private mutating func enter(_ next: LocationState, at time: Double, into changes: inout [LocationChange]) {
        state = next
        now = max(now, time)
        changes.append(LocationChange(time: time, state: next))
    }
}
