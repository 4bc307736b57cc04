/// When a phone's GPS is on, to keep its battery alive: `on` seconds of every `period`, a
/// faster rhythm within `nearDistance` of a safe zone's edge, held on after crossing an edge
/// until the crossing is confirmed, and always on once an emergency is raised. Written as
/// text like `10/75,near=50:10/30,hold=30,fix=5` (``init(parsing:)``, ``description``);
/// ``standard`` is the default.
///
/// | field | default | |
/// |---|---|---|
/// | ``rhythm`` | 10/75 | seconds on / of every period, away from the zones' edges |
/// | ``near`` | 10/30 | the rhythm within ``nearDistance`` of a safe zone's edge (nil: none) |
/// | ``nearDistance`` | 50 | metres from the edge, inside or out |
/// | ``hold`` | 30 | seconds on after a window that crossed an edge (nil: none) |
/// | ``firstFixDelay`` | 5 | seconds from switching GPS on to its first fix |
///
/// The defaults are one policy tuned on the real tracks (`flowbench party`, docs/benchmarks.md):
/// GPS on 15 % of the time, no safe-zone exit missed, none more than 47 s late. An exit is
/// at most `period - on + firstFixDelay + 1` seconds late (71) when the visitor stays out
/// longer than that: the next window sees them outside, and the hold confirms it.
public struct DutyCyclePolicy: Sendable, Hashable {
    /// GPS on `on` seconds of every `period`; on for the whole period is always on.
    public struct Rhythm: Sendable, Hashable {
        /// Seconds the GPS stays on, from switching it on.
        public var on: Double
        /// Seconds from one switching on to the next.
        public var period: Double

        /// - Parameters:
        ///   - on: seconds on.
        ///   - period: seconds from one start to the next.
        public init(on: Double, period: Double) {
            (self.on, self.period) = (on, period)
        }

        /// Always on: checked every 10 s (the rhythm is re-chosen at the end of each window).
        public static let alwaysOn = Rhythm(on: 10, period: 10)

        /// Whether the GPS never switches off.
        public var isAlwaysOn: Bool { on >= period }

        /// The share of the time the GPS is on, 0...1.
        public var share: Double { min(1, on / period) }
    }

    /// The rhythm away from the safe zones' edges (default 10 s of every 75).
    public var rhythm = Rhythm(on: 10, period: 75)
    /// The rhythm within ``nearDistance`` of a safe zone's edge (default 10/30); nil for none.
    public var near: Rhythm? = Rhythm(on: 10, period: 30)
    /// Metres from a safe zone's edge, inside or outside, within which ``near`` applies (default 50).
    public var nearDistance = 50.0
    /// Seconds the GPS stays on after a window whose latest fix is on the other side of a
    /// safe zone's edge than the window before's, and after the first window (default 30: the
    /// geofence's default exit delay), so the phone confirms the exit or enter at once
    /// instead of a period later; nil for none.
    public var hold: Double? = 30
    /// Seconds from switching the GPS on to its first fix (default 5: the slow end of a warm
    /// start, 0-5 s on phones that keep their satellite data between windows). A window gets
    /// no fix before it; the GPS kept on from one window to the next has no delay.
    public var firstFixDelay = 5.0

    /// The default policy (the field defaults above).
    public static let standard = DutyCyclePolicy()

    /// GPS always on: the fixes of the full track.
    public static let always = DutyCyclePolicy.plain(.alwaysOn)

    /// The default policy; change its fields as needed.
    public init() {}

    /// `rhythm` alone: no near rhythm, no hold, the default first-fix delay.
    public static func plain(_ rhythm: Rhythm) -> DutyCyclePolicy {
        var p = DutyCyclePolicy()
        (p.rhythm, p.near, p.hold) = (rhythm, nil, nil)
        return p
    }

    /// Whether the GPS is never switched off.
    public var isAlwaysOn: Bool { rhythm.isAlwaysOn }

    /// The longest a period may be: an hour (a member silent longer says nothing of where they are).
    public static let longestPeriod = 3600.0

    /// The policy checked: a message naming the first bad part (in the text form), or nil.
    public func problem() -> String? {
        if let p = Self.problem(rhythm, "") { return p }
        if let near {
            if let p = Self.problem(near, "near=\(GeoError.text(nearDistance)):") { return p }
            if isAlwaysOn { return "near=\(GeoError.text(nearDistance)):\(Self.text(near)): the GPS is always on already; a near rhythm has no effect" }
            if near.period > rhythm.period || near.share < rhythm.share {
                return
                    "near=\(GeoError.text(nearDistance)):\(Self.text(near)): the rhythm near a zone must be at least as fast as \(Self.text(rhythm)) (a period no longer, a share no smaller)"
            }
            if !nearDistance.isFinite || nearDistance <= 0 || nearDistance > 100_000 {
                return "near=\(GeoError.text(nearDistance)): the distance must be more than 0 and at most 100000 metres"
            }
        }
        if let hold {
            if isAlwaysOn { return "hold=\(GeoError.text(hold)): the GPS is always on already; holding it on has no effect" }
            if !hold.isFinite || hold <= 0 || hold > 600 { return "hold=\(GeoError.text(hold)): the hold must be more than 0 and at most 600 seconds" }
        }
        if !firstFixDelay.isFinite || firstFixDelay < 0 || firstFixDelay > 600 {
            return "fix=\(GeoError.text(firstFixDelay)): the first-fix delay must be 0 to 600 seconds"
        }
        for r in [rhythm] + (near.map { [$0] } ?? []) where !r.isAlwaysOn && r.on <= firstFixDelay {
            return
                "\(Self.text(r)): on (\(GeoError.text(r.on)) s) must be longer than the first-fix delay (fix=\(GeoError.text(firstFixDelay))), or no window gets a fix"
        }
        return nil
    }

    /// Whether a place is inside a safe zone, for ``hold``.
    public static func isInside(_ coordinate: Coordinate, zones: [GeofenceRegion]) -> Bool {
        zones.contains { $0.contains(coordinate) }
    }

    /// The rhythm that applies at a place: ``near`` within ``nearDistance`` of a zone's edge.
    /// - Parameters:
    ///   - coordinate: the latest fix, or nil before any.
    ///   - zones: the safe zones.
    public func rhythm(at coordinate: Coordinate?, zones: [GeofenceRegion]) -> Rhythm {
        guard let near, let coordinate else { return rhythm }
        return zones.contains { $0.hasEdge(closerThan: nearDistance, to: coordinate) } ? near : rhythm
    }

    // MARK: - Private

    private static func problem(_ r: Rhythm, _ prefix: String) -> String? {
        let shown = prefix + text(r)
        if !r.on.isFinite || r.on <= 0 { return "\(shown): on must be a positive number of seconds, got \(GeoError.text(r.on))" }
        if !r.period.isFinite || r.period <= 0 { return "\(shown): the period must be a positive number of seconds, got \(GeoError.text(r.period))" }
        if r.on > r.period { return "\(shown): on (\(GeoError.text(r.on)) s) is longer than the period (\(GeoError.text(r.period)) s)" }
        if r.period > longestPeriod { return "\(shown): the period may be at most \(GeoError.text(longestPeriod)) s (an hour)" }
        return nil
    }

    /// `10/60`, or `always`.
    static func text(_ r: Rhythm) -> String {
        r.on == r.period && r.on > 0 && r.on.isFinite ? "always" : "\(GeoError.text(r.on))/\(GeoError.text(r.period))"
    }
}
