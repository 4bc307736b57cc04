/// Watches regions the way a phone does: only a capped set of the nearest regions is
/// monitored at a time, re-chosen after the visitor has moved ``GeofenceSettings/refreshDistance``,
/// with hysteresis; only monitored regions raise (debounced) events. Beside it, an unlimited
/// monitor can report the enters the cap made it miss. Feeding the same fixes with the same
/// settings always gives the same events.
public final class RegionMonitor {
    /// What one fix changed.
    public struct Step: Sendable {
        /// Events in time order, then region order (presence first).
        public var events: [GeofenceEvent] = []
        /// Regions that started being monitored at this fix, ascending.
        public var added: [Int32] = []
        /// Regions that stopped being monitored at this fix, ascending.
        public var removed: [Int32] = []
    }

    public let index: RegionIndex
    /// The park: always monitored (it takes one slot of the cap), events with region ``GeofenceEvent/presence``.
    public let presence: GeofenceRegion?
    public let settings: GeofenceSettings

    /// The monitored regions, ascending.
    public private(set) var monitored: [Int32] = []
    /// Whether the presence region is confirmed inside.
    public var isPresent: Bool { presenceTracker.inside }
    /// How many fixes have been fed.
    public private(set) var fixCount = 0
    /// How many times the monitored set was re-chosen.
    public private(set) var refreshCount = 0
    /// Where the monitored set was last chosen.
    public private(set) var lastRefresh: Coordinate?

    private var allowed: [Bool]?
    /// The tracker of each monitored region, in the order of ``monitored``: an array, not a
    /// map, since every fix visits all of them.
    private var trackers: [RegionTracker] = []
    /// The flat metric at ``lastRefresh``, for the distance every fix asks.
    private var refreshMetric: LocalMetric?
    private var presenceTracker = RegionTracker()
    private var shadow: UnlimitedMonitor?
    private var lastTime = -Double.infinity
    private var forceRefresh = true

    /// - Throws: ``GeoError`` when the settings are out of range.
    public init(index: RegionIndex, presence: GeofenceRegion? = nil, settings: GeofenceSettings = GeofenceSettings()) throws(GeoError) {
        if let problem = settings.problem() { throw GeoError(.invalidContent, "geofence settings: \(problem)") }
        self.index = index
        self.presence = presence
        self.settings = settings
        if settings.reportMissed { shadow = UnlimitedMonitor(index: index, settings: settings) }
    }

    /// About how many bytes the monitor's own state takes (not the shared index): trackers,
    /// the monitored set, the allowed flags and the unlimited monitor beside it. O(1).
    public var storageBytes: Int {
        256 + trackers.capacity * 64 + monitored.capacity * 4 + (allowed?.capacity ?? 0) + (shadow?.storageBytes ?? 0)
    }

    /// About how many regions the next fix looks at: the monitored ones, a refresh's candidates
    /// (the cap plus the monitored) and the unlimited monitor's regions in progress. For budgets.
    public var feedWorkEstimate: Int { 16 + 2 * monitored.count + settings.cap + (shadow?.regionsInProgress ?? 0) }

    /// Restricts monitoring to some regions (nil: all); the set is re-chosen at the next fix.
    public func restrict(to regions: [Int32]?) {
        if let regions {
            var flags = [Bool](repeating: false, count: index.count)
            for r in regions where r >= 0 && Int(r) < index.count { flags[Int(r)] = true }
            allowed = flags
        } else {
            allowed = nil
        }
        forceRefresh = true
    }

    /// Feeds one fix.
    /// - Throws: ``GeoError`` when the fix's time is before the previous fix's or not finite.
    @discardableResult
    public func feed(_ fix: GeofenceFix) throws(GeoError) -> Step {
        guard fix.time.isFinite else { throw GeoError(.invalidContent, "fix \(fixCount): time is not a finite number") }
        guard fix.time >= lastTime else {
            throw GeoError(
                .invalidContent,
                "fix \(fixCount): time \(GeoError.text(fix.time)) is before the previous fix's "
                    + "\(GeoError.text(lastTime)); fixes must be in time order")
        }
        lastTime = fix.time
        var step = Step()
        let here = fix.coordinate
        if forceRefresh || lastRefresh.map({ Self.hasMoved(from: $0, to: here, farther: settings.refreshDistance, metric: refreshMetric) }) ?? true {
            refresh(at: fix, into: &step)
        }
        let t = fix.time, n = fixCount
        if let presence {
            presenceTracker.update(
                RegionTracker.evidence(presence, here, inside: presence.contains(here), settings: settings),
                time: t, settings: settings
            ) { kind in
                step.events.append(GeofenceEvent(time: t, fix: n, region: GeofenceEvent.presence, kind: kind))
            }
        }
        // Moved out while updated: a class's array property would check exclusive access per element.
        var updating: [RegionTracker] = []
        swap(&updating, &trackers)
        for (slot, r) in monitored.enumerated() {
            updating[slot].update(index.evidence(Int(r), here, settings: settings), time: t, settings: settings) { kind in
                step.events.append(GeofenceEvent(time: t, fix: n, region: r, kind: kind))
            }
        }
        swap(&updating, &trackers)
        if shadow != nil {
            let watched = monitored
            shadow?.feed(fix) { event in
                if event.kind == .enter && !watched.contains(event.region) {  // `monitored` is sorted; small
                    step.events.append(GeofenceEvent(time: event.time, fix: event.fix, region: event.region, kind: .missedEnter))
                }
            }
        }
        fixCount += 1
        return step
    }

    /// Whether the geodesic distance from `a` to `b` is more than `limit` metres: what every
    /// fix asks. The flat metric at `a` answers when it is clearly on one side, within 70° of
    /// the equator and for limits up to 2 km, where its error stays under 1e-3 relative
    /// (LocalMetric: about |Δφ|·tan φ); within 2e-3 of the limit, and elsewhere, the
    /// geodesic decides. RefreshScreenTests compares it with the geodesic alone.
    /// `metric`, when given, is `LocalMetric(latitude: a.latitude)` made once.
    static func hasMoved(from a: Coordinate, to b: Coordinate, farther limit: Double, metric: LocalMetric? = nil) -> Bool {
        if limit <= 2_000, abs(a.latitude) <= 70, abs(b.latitude) <= 70 {
            let flat = (metric ?? LocalMetric(latitude: a.latitude))
                .distance(latitude0: a.latitude, longitude0: a.longitude, latitude: b.latitude, longitude: b.longitude)
            let band = limit * 2e-3 + 1e-3
            if flat < limit - band { return false }
            if flat > limit + band && flat < 4_000 { return true }
        }
        return a.distance(to: b) > limit
    }

    // MARK: - Private helpers

    /// Chooses the nearest regions, keeping monitored ones unless a newcomer is clearly nearer.
    private func refresh(at fix: GeofenceFix, into step: inout Step) {
        forceRefresh = false
        lastRefresh = fix.coordinate
        refreshMetric = LocalMetric(latitude: fix.coordinate.latitude)
        refreshCount += 1
        let slots = max(0, settings.cap - (presence == nil ? 0 : 1))
        let margin = max(settings.hysteresis, fix.accuracy)
        // Enough candidates to see every monitored region that could stay.
        let candidates = index.nearest(slots + monitored.count, to: fix.coordinate, allowed: allowed)
        var chosen: [Int32] = []
        if candidates.count > slots {
            let cutoff = candidates[slots - 1].distance + margin
            let current = Set(monitored)
            // Keepers first (within the margin of the slots' last), then the nearest newcomers.
            let keepers = candidates.filter { current.contains($0.region) && $0.distance <= cutoff }.prefix(slots)
            chosen = keepers.map(\.region)
            let kept = Set(chosen)
            for c in candidates where chosen.count < slots && !kept.contains(c.region) {
                if current.contains(c.region) && c.distance > cutoff { continue }
                chosen.append(c.region)
            }
            // Nothing else left: fill with what remains, nearest first.
            if chosen.count < slots {
                let have = Set(chosen)
                for c in candidates where chosen.count < slots && !have.contains(c.region) { chosen.append(c.region) }
            }
        } else {
            chosen = candidates.map(\.region)
        }
        chosen.sort()
        let before = Set(monitored), after = Set(chosen)
        step.added = chosen.filter { !before.contains($0) }
        step.removed = monitored.filter { !after.contains($0) }
        // Kept regions keep their trackers; both lists ascend.
        var kept: [RegionTracker] = []
        kept.reserveCapacity(chosen.count)
        var old = 0
        for r in chosen {
            while old < monitored.count && monitored[old] < r { old += 1 }
            kept.append(old < monitored.count && monitored[old] == r ? trackers[old] : RegionTracker())
        }
        trackers = kept
        monitored = chosen
    }
}
