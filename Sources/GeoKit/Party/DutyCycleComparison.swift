/// A party replayed twice: on the full tracks (every member's GPS always on, ``DutyCycleSampler/fullRate(_:)``)
/// and on the fixes a duty cycle leaves (``DutyCycleSampler/sample(_:policy:zones:emergencies:)``),
/// with each event of the full replay matched to the duty-cycled one: on time, late or early
/// by so many seconds, or missed; and the events only the duty-cycled replay raised.
public struct DutyCycleComparison: Sendable {
    /// How an event of the full replay fared under the duty cycle.
    public enum Outcome: Sendable, Hashable {
        /// Raised within a second of the full replay's.
        case onTime
        /// Raised this many seconds later.
        case late(Double)
        /// Raised this many seconds earlier (a debounce the sparser fixes did not interrupt,
        /// a silence counted from an earlier last fix).
        case early(Double)
        /// Not raised within ``DutyCycleComparison/matchWindow``.
        case missed
    }

    /// One event of the full replay and its counterpart.
    public struct Match: Sendable, Hashable {
        /// The full replay's event.
        public var event: PartyEvent
        /// The index of its counterpart in ``DutyCycleComparison/sampledEvents``, if raised.
        public var sampled: Int?
        public var outcome: Outcome
        /// Seconds the counterpart came after the event (negative: before); nil when missed.
        public var delay: Double? {
            switch outcome {
            case .onTime: 0
            case .late(let s): s
            case .early(let s): -s
            case .missed: nil
            }
        }
    }

    /// What one member's phone used.
    public struct Usage: Sendable, Hashable {
        /// Fixes under the duty cycle.
        public var fixes: Int
        /// Fixes of the full track (one a second).
        public var fullFixes: Int
        /// Seconds the GPS was on, and the track's span.
        public var onSeconds: Double
        public var span: Double
        /// The share of the span the GPS was on, 0...1.
        public var onShare: Double { span > 0 ? min(1, onSeconds / span) : 1 }
    }

    /// Seconds within which an event of the same kind, member(s) and zone counts as the same
    /// event: 600, the default silence timeout (a silence counted from a fix the duty cycle did
    /// not get comes that much earlier; later than that, an alert is no longer the alert).
    public static let matchWindow = 600.0

    /// The policy compared.
    public var policy: DutyCyclePolicy
    /// Every event of the full replay, in time order, with its outcome.
    public var matches: [Match]
    /// The duty-cycled replay's events, in time order.
    public var sampledEvents: [PartyEvent]
    /// Indexes in ``sampledEvents`` of the events the full replay did not raise.
    public var extra: [Int]
    /// Per member, in the replay's order.
    public var usage: [Usage]

    /// Replays both and matches their events.
    /// - Parameters:
    ///   - tracks: each member's recorded fixes, in time order.
    ///   - zones: the safe zones.
    ///   - settings: the party's settings.
    ///   - policy: a policy ``DutyCyclePolicy/problem()`` accepts.
    ///   - emergencies: times emergencies were raised (every phone's GPS on from the first).
    ///   - end: when both replays end (default: the last recorded fix of anyone).
    /// - Throws: ``GeoError`` for settings or a policy that their checks refuse.
    public static func run(
        tracks: [[TimedFix]], zones: [GeofenceRegion], settings: PartySettings,
        policy: DutyCyclePolicy, emergencies: [Double] = [],
        end: Double? = nil
    ) throws(GeoError) -> DutyCycleComparison {
        if let problem = policy.problem() { throw GeoError(.invalidArgument, problem) }
        let full = tracks.map(DutyCycleSampler.fullRate)
        let samples = full.map { DutyCycleSampler.sample($0, policy: policy, zones: zones, emergencies: emergencies) }
        let finish = end ?? tracks.compactMap { $0.last?.time }.max()
        let fullEvents = try PartyReplay.run(tracks: full, zones: zones, settings: settings, end: finish)
        let sampledEvents = try PartyReplay.run(tracks: samples.map(\.fixes), zones: zones, settings: settings, end: finish)
        let (matches, extra) = match(full: fullEvents, sampled: sampledEvents)
        let usage = zip(full, samples).map { f, s in
            Usage(fixes: s.fixes.count, fullFixes: f.count, onSeconds: s.onSeconds, span: s.span)
        }
        return DutyCycleComparison(policy: policy, matches: matches, sampledEvents: sampledEvents, extra: extra, usage: usage)
    }

    /// Pairs events of the same kind, member(s) and zone in time order: each full event takes
    /// the first unpaired sampled one of its kind no more than ``matchWindow`` before or after it.
    /// - Returns: a match per full event, and the indexes of the sampled events left unpaired.
    public static func match(full: [PartyEvent], sampled: [PartyEvent]) -> (matches: [Match], extra: [Int]) {
        var byKey: [Key: [Int]] = [:]
        for (i, e) in sampled.enumerated() { byKey[Key(e), default: []].append(i) }
        var next: [Key: Int] = [:]
        var used = [Bool](repeating: false, count: sampled.count)
        let matches = full.map { e -> Match in
            let key = Key(e), candidates = byKey[key] ?? []
            var k = next[key] ?? 0
            // Sampled events too early for this one stay unpaired: extras.
            while k < candidates.count, sampled[candidates[k]].time < e.time - matchWindow { k += 1 }
            guard k < candidates.count, sampled[candidates[k]].time <= e.time + matchWindow else {
                next[key] = k
                return Match(event: e, sampled: nil, outcome: .missed)
            }
            let s = candidates[k]
            next[key] = k + 1
            used[s] = true
            let delay = sampled[s].time - e.time
            let outcome: Outcome = abs(delay) < 1 ? .onTime : delay > 0 ? .late(delay) : .early(-delay)
            return Match(event: e, sampled: s, outcome: outcome)
        }
        return (matches, used.indices.filter { !used[$0] })
    }

    /// What makes two events the same: kind, member(s), zone.
    private struct Key: Hashable {
        var kind: PartyEvent.Kind, member: Int, other: Int?, zone: Int?
        init(_ e: PartyEvent) { (kind, member, other, zone) = (e.kind, e.member, e.other, e.zone) }
    }
}

extension DutyCycleComparison {
    /// The matches of one kind of event (all when nil).
    public func matches(of kind: PartyEvent.Kind?) -> [Match] {
        matches.filter { kind == nil || $0.event.kind == kind }
    }

    /// Fixes used and GPS-on seconds over every member.
    public var total: Usage {
        usage.reduce(Usage(fixes: 0, fullFixes: 0, onSeconds: 0, span: 0)) {
            Usage(
                fixes: $0.fixes + $1.fixes, fullFixes: $0.fullFixes + $1.fullFixes,
                onSeconds: $0.onSeconds + $1.onSeconds, span: $0.span + $1.span)
        }
    }
}
