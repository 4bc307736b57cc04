/// Turns a member's recorded track into the fixes their phone would get: with the GPS always
/// on, one a second (``fullRate(_:)``); under a ``DutyCyclePolicy``, only those of the seconds
/// the GPS is on (``sample(_:policy:zones:emergencies:)``). Deterministic.
///
/// A watch or an app records a point every few seconds (the real tracks here: 2-15 s while
/// walking); a phone with its GPS on gets a fix every second. Between two recorded points at
/// most ``longestFilledGap`` apart the full track moves in a straight line at that rate; a
/// longer gap is the recording's own (no signal, the watch paused) and stays a gap.
public enum DutyCycleSampler {
    /// Seconds between two fixes while the GPS is on.
    public static let fixInterval = 1.0
    /// The longest gap between two recorded points that is filled at the fix rate, seconds.
    public static let longestFilledGap = 60.0

    /// The track as a phone with its GPS always on would get it: a fix every ``fixInterval``
    /// from the first recorded point, each on the line between the recorded points around it
    /// (with their `line` the earlier point's); none in a gap longer than ``longestFilledGap``
    /// or between two segments.
    /// - Parameter track: recorded points in time order.
    public static func fullRate(_ track: [TimedFix]) -> [TimedFix] {
        guard let first = track.first, let last = track.last else { return [] }
        var out: [TimedFix] = []
        out.reserveCapacity(Int(min(10_000_000, (last.time - first.time) / fixInterval)) + 1)
        var k = 0.0
        for (a, b) in zip(track, track.dropFirst()) {
            var t = first.time + k * fixInterval
            while t < b.time {
                if t >= a.time {
                    if t == a.time {
                        out.append(a)
                    } else if b.time - a.time <= longestFilledGap && a.segment == b.segment {
                        out.append(between(a, b, at: t))
                    }
                }
                k += 1
                t = first.time + k * fixInterval
            }
        }
        if first.time + k * fixInterval == last.time { out.append(last) }
        return out
    }

    /// The fixes a phone under `policy` gets from a full-rate track (``fullRate(_:)``), and how
    /// long its GPS was on.
    ///
    /// The GPS is on from the track's first fix. Each window lasts the rhythm's `on` seconds; the
    /// first fix of a window comes ``DutyCyclePolicy/firstFixDelay`` after switching on, unless
    /// the GPS was on already (windows back to back). At the end of a window the next rhythm is
    /// chosen from the latest fix (``DutyCyclePolicy/rhythm(at:zones:)``), and the next window
    /// starts one period of it after this one started; after a window whose latest fix is on the
    /// other side of a zone's edge than the window before's (and after the first window, whose
    /// state is new), the GPS stays on for ``DutyCyclePolicy/hold`` seconds first. From an emergency on the GPS stays on (switched on
    /// at once if it was off).
    /// - Parameters:
    ///   - full: the member's fixes at the full rate, in time order.
    ///   - policy: a policy ``DutyCyclePolicy/problem()`` accepts.
    ///   - zones: the safe zones (for the near rhythm).
    ///   - emergencies: times emergencies were raised, seconds since 1970.
    public static func sample(
        _ full: [TimedFix], policy: DutyCyclePolicy, zones: [GeofenceRegion],
        emergencies: [Double] = []
    ) -> DutyCycleSample {
        guard let first = full.first, let last = full.last else { return DutyCycleSample(fixes: [], onSeconds: 0, span: 0, windows: 0) }
        let span = last.time - first.time
        let emergency = emergencies.min() ?? .infinity
        if policy.isAlwaysOn || emergency <= first.time {
            return DutyCycleSample(fixes: full, onSeconds: span, span: span, windows: 1)
        }
        var fixes: [TimedFix] = []
        var onSeconds = 0.0, windows = 0
        var start = first.time, warm = true, i = 0
        var rhythm = policy.rhythm(at: first.coordinate, zones: zones)
        var latest = first.coordinate
        var inside: Bool?  // unknown until the first window: its state needs confirming too
        while windows == 0 || start < last.time {
            let end = start + rhythm.on
            let firstFix = warm ? start : start + policy.firstFixDelay
            while i < full.count, full[i].time < firstFix { i += 1 }
            var got = false
            while i < full.count, full[i].time < end {
                fixes.append(full[i])
                latest = full[i].coordinate
                got = true
                i += 1
            }
            // A crossing of a zone's edge since the window before (or the first state): hold
            // the GPS on, so the monitor confirms it now rather than a period later.
            var crossed = false
            if got, policy.hold != nil, !zones.isEmpty {
                let now = DutyCyclePolicy.isInside(latest, zones: zones)
                crossed = now != inside
                inside = now
            }
            onSeconds += max(0, min(end, last.time) - start)
            windows += 1
            // The next window: one period of the rhythm chosen now; back to back from an emergency.
            var next = end
            if end >= emergency {
                rhythm = .alwaysOn
            } else if crossed, let hold = policy.hold {
                rhythm = DutyCyclePolicy.Rhythm(on: hold, period: hold)
            } else {
                rhythm = policy.rhythm(at: latest, zones: zones)
                next = min(max(end, start + rhythm.period), emergency)
            }
            warm = next <= end
            start = next
        }
        return DutyCycleSample(fixes: fixes, onSeconds: onSeconds, span: span, windows: windows)
    }

    // MARK: - Private

    /// The point on the line from `a` to `b` at time `t` (longitudes across the antimeridian
    /// take the short way).
    private static func between(_ a: TimedFix, _ b: TimedFix, at t: Double) -> TimedFix {
        let f = (t - a.time) / (b.time - a.time)
        var dLon = b.coordinate.longitude - a.coordinate.longitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        var lon = a.coordinate.longitude + f * dLon
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        let lat = a.coordinate.latitude + f * (b.coordinate.latitude - a.coordinate.latitude)
        let elevation = a.elevation.flatMap { ea in b.elevation.map { ea + f * ($0 - ea) } }
        return TimedFix(
            coordinate: Coordinate(latitude: lat, longitude: lon), time: t,
            elevation: elevation, line: a.line, segment: a.segment)
    }
}

/// What a phone under a duty cycle got from one member's track.
public struct DutyCycleSample: Sendable {
    /// The fixes it got, in time order (a subset of the full-rate track's).
    public var fixes: [TimedFix]
    /// Seconds its GPS was on, up to the track's last fix.
    public var onSeconds: Double
    /// Seconds from the track's first fix to its last.
    public var span: Double
    /// How many times the GPS was switched on (1 when always on).
    public var windows: Int

    /// The share of the time the GPS was on, 0...1 (1 for a track of one fix).
    public var onShare: Double { span > 0 ? min(1, onSeconds / span) : 1 }
}
