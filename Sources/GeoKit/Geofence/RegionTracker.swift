/// The debounced state of one region for one monitor: what was confirmed, and the change in
/// progress. A change is confirmed once the new state has held, from its first fix, for the
/// delay; a fix in the old state (or in the margin band) cancels it.
struct RegionTracker: Sendable {
    /// What a fix says about the region.
    enum Evidence {
        case inside, outside, unclear
    }

    private(set) var inside = false
    private var pendingSince: Double?
    private var enteredAt = 0.0
    private var dwelled = false

    /// Whether nothing is happening: outside, no change in progress (the tracker can go).
    var isIdle: Bool { !inside && pendingSince == nil }

    /// Feeds one fix's evidence; returns the events it confirms, in order (at most two: a
    /// change, then a dwell).
    mutating func update(
        _ evidence: Evidence, time t: Double, settings: GeofenceSettings,
        emit: (GeofenceEvent.Kind) -> Void
    ) {
        let opposite = inside ? evidence == .outside : evidence == .inside
        if !opposite {
            pendingSince = nil
        } else {
            let since = pendingSince ?? t
            pendingSince = since
            if t - since >= (inside ? settings.exitDelay : settings.enterDelay) {
                pendingSince = nil
                inside.toggle()
                if inside {
                    enteredAt = t
                    dwelled = false
                    emit(.enter)
                } else {
                    emit(.exit)
                }
            }
        }
        if inside && !dwelled && t - enteredAt >= settings.dwellDelay {
            dwelled = true
            emit(.dwell)
        }
    }

    /// What the fix says, with the margins: a fix nearer the edge than the margin is unclear.
    static func evidence(_ region: GeofenceRegion, _ c: Coordinate, inside: Bool, settings: GeofenceSettings) -> Evidence {
        evidence(inside: inside, settings: settings) { region.hasEdge(closerThan: $0, to: c) }
    }

    /// The margin rule itself, for a fix `inside` or not whose nearness to the edge
    /// `edgeCloserThan(margin)` answers (asked only when the margin is above 0).
    @inline(__always)
    static func evidence(inside: Bool, settings: GeofenceSettings, edgeCloserThan: (Double) -> Bool) -> Evidence {
        let margin = inside ? settings.enterMargin : settings.exitMargin
        guard margin > 0 else { return inside ? .inside : .outside }
        return edgeCloserThan(margin) ? .unclear : (inside ? .inside : .outside)
    }
}
