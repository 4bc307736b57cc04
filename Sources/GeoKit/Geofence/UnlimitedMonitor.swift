/// A monitor without a cap: every region is watched at every fix, through the index. It is
/// what a phone cannot do, so it serves as the truth a capped ``RegionMonitor`` is compared
/// with (the enters it missed) and as the engine behind the reference-oracle comparison.
public struct UnlimitedMonitor: Sendable {
    public let index: RegionIndex
    public let settings: GeofenceSettings
    // The regions with a state or a change in progress, ascending, and their trackers: few at
    // a time, so sorted arrays merged with each fix's regions beat a map sorted per fix.
    private var progress: [Int32] = []
    private var trackers: [RegionTracker] = []
    // Scratch reused from fix to fix: the regions holding the fix, and the next progress lists.
    private var containing: [Int32] = []
    private var nextProgress: [Int32] = []
    private var nextTrackers: [RegionTracker] = []
    private var fixCount = 0

    public init(index: RegionIndex, settings: GeofenceSettings) {
        self.index = index
        self.settings = settings
    }

    /// About how many bytes the monitor's state takes: a tracker per region in progress. O(1).
    public var storageBytes: Int {
        128 + (progress.capacity + nextProgress.capacity + containing.capacity) * 4
            + (trackers.capacity + nextTrackers.capacity) * MemoryLayout<RegionTracker>.stride
    }

    /// Regions with a state or a change in progress (looked at on every fix).
    public var regionsInProgress: Int { progress.count }

    /// The regions confirmed inside, ascending.
    public var inside: [Int32] { zip(progress, trackers).filter { $0.1.inside }.map(\.0) }

    /// Feeds one fix (times must not go backwards; the caller checks). Events come in region order.
    public mutating func feed(_ fix: GeofenceFix, emit: (GeofenceEvent) -> Void) {
        index.regions(containing: fix.coordinate, into: &containing)
        let t = fix.time, n = fixCount
        fixCount += 1
        nextProgress.removeAll(keepingCapacity: true)
        nextTrackers.removeAll(keepingCapacity: true)
        // The regions in progress and those holding the fix, merged in ascending order.
        var i = 0, j = 0
        while i < progress.count || j < containing.count {
            let r: Int32
            let holds: Bool
            var tracker = RegionTracker()
            if j >= containing.count || (i < progress.count && progress[i] < containing[j]) {
                r = progress[i]; holds = false; tracker = trackers[i]; i += 1
            } else {
                r = containing[j]; holds = true
                if i < progress.count && progress[i] == r { tracker = trackers[i]; i += 1 }
                j += 1
            }
            tracker.update(index.evidence(Int(r), fix.coordinate, settings: settings), time: t, settings: settings) { kind in
                emit(GeofenceEvent(time: t, fix: n, region: r, kind: kind))
            }
            if !tracker.isIdle {
                nextProgress.append(r)
                nextTrackers.append(tracker)
            }
        }
        swap(&progress, &nextProgress)
        swap(&trackers, &nextTrackers)
    }
}
