/// Turns a stream of beacon readings into the exhibit a visitor is at.
///
/// Each reading updates its beacon's ``RSSIFilter``; the filtered RSSI becomes a distance by
/// the beacon's ``BeaconCalibration``; an exhibit is as near as its nearest live beacon. The
/// exhibit shown changes only when another has led for ``ExhibitTrackerOptions/holdTime``
/// (and by ``ExhibitTrackerOptions/margin`` while the shown one is in range), so no exhibit
/// is shown for less than the hold time. A beacon not heard for the timeout is dropped.
/// Cost per reading: O(beacons + exhibits), no allocation (``feed(_:into:)``).
public struct ExhibitTracker: Sendable {
    /// The exhibits and their beacons.
    public let catalog: ExhibitCatalog
    /// The options, checked.
    public let options: ExhibitTrackerOptions

    // Per beacon, `stride` doubles: the filter's state, when it was last heard, its
    // reported transmit power (NaN: none) and the distance its filtered RSSI means.
    private static let stride = 5
    private static let offsetRSSI = 0, offsetVariance = 1, offsetHeard = 2, offsetTx = 3, offsetDistance = 4
    private var beaconState: ContiguousArray<Double>
    /// Each exhibit's distance at the last decision (infinity: no live beacon).
    private var exhibitDistance: ContiguousArray<Double>

    /// The exhibit shown (an index in the catalog's exhibits), or -1 for none.
    public private(set) var shown = -1
    /// Since when it is shown.
    public private(set) var shownSince = -Double.infinity
    private var dwelled = false
    // The exhibit leading but not yet shown (-1: none is near; `noPending`: nothing leads).
    private var pending = ExhibitTracker.noPending
    private var pendingSince = 0.0
    private static let noPending = -2
    /// The time of the last reading or advance.
    public private(set) var time = -Double.infinity

    /// A tracker with nothing heard yet.
    /// - Parameters:
    ///   - catalog: the exhibits and their beacons.
    ///   - options: how to smooth and decide (default: ``ExhibitTrackerOptions``' defaults).
    /// - Throws: ``GeoError`` for an option out of range.
    public init(catalog: ExhibitCatalog, options: ExhibitTrackerOptions = ExhibitTrackerOptions()) throws(GeoError) {
        try options.validate()
        self.catalog = catalog
        self.options = options
        beaconState = ContiguousArray(repeating: .nan, count: catalog.beacons.count * Self.stride)
        for b in catalog.beacons.indices { beaconState[b * Self.stride + Self.offsetHeard] = -.infinity }
        exhibitDistance = ContiguousArray(repeating: .infinity, count: catalog.exhibits.count)
    }

    /// Feeds one reading, appending what it caused to `events` (allocation-free when
    /// `events` has room).
    /// - Throws: ``GeoError`` for a time before the last one, or a beacon index out of range.
    public mutating func feed(_ scan: ScanLog.Scan, into events: inout [ExhibitEvent]) throws(GeoError) {
        guard catalog.beacons.indices.contains(scan.beacon) else {
            throw GeoError(.invalidArgument, "beacon index \(scan.beacon) out of range [0, \(catalog.beacons.count - 1)]")
        }
        guard scan.time >= time, scan.rssi.isFinite else {
            throw GeoError(
                .invalidArgument,
                scan.rssi.isFinite
                    ? "time \(GeoError.text(scan.time)) is before the last one, \(GeoError.text(time))"
                    : "rssi must be finite")
        }
        let base = scan.beacon * Self.stride
        let heard = beaconState[base + Self.offsetHeard]
        var filter =
            heard.isFinite && scan.time - heard <= options.timeout
            ? RSSIFilter(value: beaconState[base + Self.offsetRSSI], variance: beaconState[base + Self.offsetVariance], time: heard)
            : RSSIFilter(rssi: scan.rssi, time: scan.time, measurementNoise: options.measurementNoise)
        filter.update(rssi: scan.rssi, time: scan.time, processNoise: options.processNoise, measurementNoise: options.measurementNoise)
        beaconState[base + Self.offsetRSSI] = filter.value
        beaconState[base + Self.offsetVariance] = filter.variance
        beaconState[base + Self.offsetHeard] = scan.time
        beaconState[base + Self.offsetTx] = scan.txPower ?? .nan
        let tx = scan.txPower
        beaconState[base + Self.offsetDistance] = catalog.beacons[scan.beacon].calibration.distance(rssi: filter.value, txPower: tx)
        advance(to: scan.time, into: &events)
    }

    /// Feeds one reading and returns its events (``feed(_:into:)``).
    public mutating func feed(_ scan: ScanLog.Scan) throws(GeoError) -> [ExhibitEvent] {
        var events: [ExhibitEvent] = []
        try feed(scan, into: &events)
        return events
    }

    /// Moves the clock to `time` without a reading: beacons time out, a leading exhibit may
    /// be shown, a dwell may fire. A time before the last one is ignored.
    public mutating func advance(to time: Double, into events: inout [ExhibitEvent]) {
        guard time >= self.time else { return }
        self.time = time
        for e in exhibitDistance.indices { exhibitDistance[e] = .infinity }
        for b in catalog.beacons.indices {
            let base = b * Self.stride
            let heard = beaconState[base + Self.offsetHeard]
            guard heard.isFinite else { continue }
            let exhibit = catalog.exhibitOfBeacon[b]
            if time - heard > options.timeout {
                beaconState[base + Self.offsetHeard] = -.infinity  // dropped: its next reading starts a new filter
                events.append(ExhibitEvent(kind: .beaconLost, exhibit: exhibit, time: time, beacon: b))
                continue
            }
            exhibitDistance[exhibit] = min(exhibitDistance[exhibit], beaconState[base + Self.offsetDistance])
        }
        decide(into: &events)
    }

    /// Each exhibit's distance in metres at the last reading or advance (infinity: none of
    /// its beacons is live), written into `out` (resized to the exhibits' count).
    public func distances(into out: inout [Double]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: exhibitDistance)
    }

    /// Each exhibit's distance (``distances(into:)``).
    public var distances: [Double] { Array(exhibitDistance) }

    /// The beacons live now (heard within the timeout), by index.
    public var liveBeacons: [Int] {
        catalog.beacons.indices.filter { beaconState[$0 * Self.stride + Self.offsetHeard].isFinite }
    }

    // MARK: - Private

    private mutating func decide(into events: inout [ExhibitEvent]) {
        var best = -1, bestDistance = options.range
        for (e, d) in exhibitDistance.enumerated() where d <= bestDistance && (best < 0 || d < bestDistance) {
            best = e
            bestDistance = d
        }
        let current = shown >= 0 ? exhibitDistance[shown] : .infinity
        // The shown exhibit keeps its place unless another is nearer by the margin, or it left range.
        let leads = best != shown && (current > options.range || (best >= 0 && bestDistance + options.margin < current))
        if !leads {
            pending = Self.noPending
        } else if pending != best {
            pending = best
            pendingSince = time
        }
        if pending != Self.noPending, time - pendingSince >= options.holdTime {
            if shown >= 0 { events.append(ExhibitEvent(kind: .leave, exhibit: shown, time: time)) }
            if pending >= 0 { events.append(ExhibitEvent(kind: .enter, exhibit: pending, time: time)) }
            shown = pending
            shownSince = time
            dwelled = false
            pending = Self.noPending
        }
        if shown >= 0, !dwelled, time - shownSince >= options.dwellTime {
            dwelled = true
            events.append(ExhibitEvent(kind: .dwell, exhibit: shown, time: time))
        }
    }
}
