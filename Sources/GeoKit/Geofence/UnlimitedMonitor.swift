/// A monitor without a cap: every region is watched at every fix, through the index. It is
/// what a phone cannot do, so it serves as the truth a capped ``RegionMonitor`` is compared
/// with (the enters it missed) and as the engine behind the reference-oracle comparison.
public struct UnlimitedMonitor: Sendable {
    public let index: RegionIndex
    public let settings: GeofenceSettings
    private var trackers: [Int32: RegionTracker] = [:]
    private var containing: [Int32] = []
    private var fixCount = 0

    public init(index: RegionIndex, settings: GeofenceSettings) {
        self.index = index
        self.settings = settings
    }

    /// About how many bytes the monitor's state takes: a tracker per region in progress. O(1).
    public var storageBytes: Int { 128 + trackers.capacity * 64 + containing.capacity * 4 }

    /// Regions with a state or a change in progress (looked at on every fix).
    public var regionsInProgress: Int { trackers.count }

    /// The regions confirmed inside, ascending.
    public var inside: [Int32] { trackers.filter { $0.value.inside }.keys.sorted() }

    /// Feeds one fix (times must not go backwards; the caller checks). Events come in region order.
    public mutating func feed(_ fix: GeofenceFix, emit: (GeofenceEvent) -> Void) {
        index.regions(containing: fix.coordinate, into: &containing)
        let t = fix.time, n = fixCount
        fixCount += 1
        // The regions in progress and those holding the fix, merged in ascending order.
        var inProgress = Array(trackers.keys)
        inProgress.sort()
        var i = 0, j = 0
        while i < inProgress.count || j < containing.count {
            let r: Int32
            let holds: Bool
            if j >= containing.count || (i < inProgress.count && inProgress[i] < containing[j]) {
                r = inProgress[i]; holds = false; i += 1
            } else {
                r = containing[j]; holds = true
                if i < inProgress.count && inProgress[i] == r { i += 1 }
                j += 1
            }
            var tracker = trackers[r] ?? RegionTracker()
            let evidence = RegionTracker.evidence(index.regions[Int(r)], fix.coordinate, inside: holds, settings: settings)
            tracker.update(evidence, time: t, settings: settings) { kind in
                emit(GeofenceEvent(time: t, fix: n, region: r, kind: kind))
            }
            trackers[r] = tracker.isIdle ? nil : tracker
        }
    }
}
