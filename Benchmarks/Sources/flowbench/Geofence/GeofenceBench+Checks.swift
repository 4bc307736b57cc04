import Foundation
import GeoKit

/// The checks of `flowbench geofence`: inside pairs recounted with the reference's haversine,
/// nearest-20 against brute force, events against the oracle files, the cap-20 monitor.
extension GeofenceBench {
    /// Inside pairs of the circles by our geodesic test and by bench_geofence.py's haversine.
    struct CirclePairs {
        var geodesic = 0
        var haversine = 0
        var onlyHaversine = 0
        var onlyGeodesic = 0
    }

    /// Pair counts over some fixes: the first 10k circles, all 100k, and the polygons.
    struct PairCount {
        var fixes = 0
        var circles10k = CirclePairs()
        var circles100k = CirclePairs()
        var polygons = 0
    }

    struct PairChecks {
        var all = PairCount()
        /// Over the reference run's fixes (10,000 with --quick), when fewer than all.
        var prefix: PairCount?
    }

    /// Every circle pair within 1.01 × radius + 1 m (a superset of both tests' insides: the
    /// haversine is within 0.56 % of the geodesic), decided both ways; polygons as indexed.
    static func pairCheck(_ data: Data, prefix: Int) -> PairChecks {
        let widened = RegionIndex(
            data.circles.map { region in
                guard case .circle(let center, let radius) = region.shape,
                    let wide = try? GeofenceRegion(id: region.id, center: center, radius: radius * 1.01 + 1)
                else { return region }
                return wide
            })
        var checks = PairChecks()
        var count = PairCount()
        var candidates: [Int32] = [], inside: [Int32] = []
        for (i, c) in data.fixes.enumerated() {
            if i == prefix && prefix < data.fixes.count { checks.prefix = count }
            count.fixes += 1
            widened.regions(containing: c, into: &candidates)
            for r in candidates {
                guard case .circle(let center, let radius) = data.circles[Int(r)].shape else { continue }
                let geodesic = data.all.contains(Int(r), c)
                let haversine = Spherical.distance(c, center) <= radius
                tally(&count.circles100k, geodesic, haversine)
                if r < subsetCount { tally(&count.circles10k, geodesic, haversine) }
            }
            data.polygons1k.regions(containing: c, into: &inside)
            count.polygons += inside.count
        }
        checks.all = count
        return checks
    }

    private static func tally(_ pairs: inout CirclePairs, _ geodesic: Bool, _ haversine: Bool) {
        if geodesic { pairs.geodesic += 1 }
        if haversine { pairs.haversine += 1 }
        if geodesic && !haversine { pairs.onlyGeodesic += 1 }
        if haversine && !geodesic { pairs.onlyHaversine += 1 }
    }

    // MARK: - Nearest, exactness

    /// Compares the index's 20 nearest with a brute force over `regions` (the index's order)
    /// by `monitorDistance(from:)`, ties to the lower index, on evenly spaced fixes.
    static func exactness(_ index: RegionIndex, _ regions: [GeofenceRegion], _ fixes: [Coordinate], into result: inout Nearest) {
        let step = max(1, fixes.count / exactnessSample)
        let start = MonotonicClock.now()
        for i in stride(from: 0, to: fixes.count, by: step).prefix(exactnessSample) {
            let c = fixes[i]
            let brute = bruteNearest(regions, c)
            let found = index.nearest(k, to: c)
            result.checked += 1
            let a = Set(found.map(\.region)), b = Set(brute.map(\.region))
            guard a != b else { continue }
            result.mismatches += 1
            // A tie: every differing region is exactly as far as the 20th.
            let last = brute.last?.distance ?? .nan
            let differing = a.symmetricDifference(b)
            if differing.allSatisfy({ regions[Int($0)].monitorDistance(from: c) == last }) { result.ties += 1 }
            if result.examples.count < 5 {
                func describe(_ set: Set<Int32>) -> String {
                    set.sorted().map { "\(regions[Int($0)].id) (\(Format.fixed(regions[Int($0)].monitorDistance(from: c), 3)) m)" }
                        .joined(separator: ", ")
                }
                result.examples.append(
                    "fix \(i): index only \(describe(a.subtracting(b))); brute force only "
                        + "\(describe(b.subtracting(a))); 20th at \(Format.fixed(last, 3)) m")
            }
        }
        result.bruteNsPerFix = Double(MonotonicClock.now() - start) / Double(max(result.checked, 1))
    }

    /// The k smallest (distance, region) by plain scan: a sorted list of at most k.
    private static func bruteNearest(_ regions: [GeofenceRegion], _ c: Coordinate) -> [(region: Int32, distance: Double)] {
        var best: [(region: Int32, distance: Double)] = []
        best.reserveCapacity(k + 1)
        for (i, region) in regions.enumerated() {
            let d = region.monitorDistance(from: c)
            // Regions come in ascending order, so an equal distance loses to the one kept.
            if best.count == k, d >= best[k - 1].distance { continue }
            var at = best.count
            while at > 0 && best[at - 1].distance > d { at -= 1 }
            best.insert((Int32(i), d), at: at)
            if best.count > k { best.removeLast() }
        }
        return best
    }

    // MARK: - Events

    struct EventCheck {
        var name: String
        var file: String
        var delay: Double
        var nsPerFix: Samples
        var ours: [GeofenceEvent.Kind: Int] = [:]
        var ourCount = 0
        var oracleCount = 0
        /// Lines in the oracle file only, and in ours only, sorted by time then region.
        var missing: [String] = []
        var extra: [String] = []
        var matches: Bool { missing.isEmpty && extra.isEmpty && ourCount == oracleCount }
    }

    /// Replays the track through an UnlimitedMonitor over all 101k regions `runs` times and
    /// compares the first replay's events with the oracle file, as sets of `t,region,EVENT`.
    func eventCheck(_ name: String, file: String, delay: Double, _ data: Data) throws(BenchError) -> EventCheck {
        var settings = GeofenceSettings()
        settings.enterDelay = delay
        settings.exitDelay = delay
        settings.exitMargin = 0  // the oracle has no margin
        settings.dwellDelay = Self.dwellDelay
        var first: [GeofenceEvent] = []
        var samples = Samples()
        for run in 0..<(runs + 1) {
            var events: [GeofenceEvent] = []
            events.reserveCapacity(16_384)
            var monitor = UnlimitedMonitor(index: data.all, settings: settings)
            let t = MonotonicClock.measure {
                for (i, c) in data.fixes.enumerated() {
                    monitor.feed(GeofenceFix(coordinate: c, time: Double(i))) { events.append($0) }
                }
            }
            if run == 0 { first = events } else { samples.add(t.nanoseconds / Double(data.fixes.count)) }
        }
        var check = EventCheck(name: name, file: file, delay: delay, nsPerFix: samples)
        let lines = first.map { "\(Int($0.time)),\(data.all.regions[Int($0.region)].id),\($0.kind.rawValue.uppercased())" }
        for e in first { check.ours[e.kind, default: 0] += 1 }
        let oracle = try Self.oracleLines(sharedDir + "/data/" + file, scratch: (venvDir as NSString).deletingLastPathComponent)
        check.ourCount = lines.count
        check.oracleCount = oracle.count
        let ours = Set(lines), theirs = Set(oracle)
        check.missing = Self.byTime(theirs.subtracting(ours))
        check.extra = Self.byTime(ours.subtracting(theirs))
        return check
    }

    /// The oracle's lines without the header, decompressed by `gzip -dc` into `scratch`.
    private static func oracleLines(_ path: String, scratch: String) throws(BenchError) -> [String] {
        try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let out = scratch + "/" + ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        try ChildProcess.check("decompressing \(path)", "gzip", ["-dc", path], stdoutPath: out)
        guard let text = try? String(contentsOfFile: out, encoding: .utf8) else { throw .setup("\(out): cannot read it") }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard lines.first == "t_s,region,event" else { throw .setup("\(path): the header is not t_s,region,event") }
        return Array(lines.dropFirst())
    }

    private static func byTime(_ lines: Set<String>) -> [String] {
        lines.sorted { a, b in
            let ta = Int(a.prefix { $0 != "," }) ?? 0, tb = Int(b.prefix { $0 != "," }) ?? 0
            return ta != tb ? ta < tb : a < b
        }
    }

    // MARK: - Capped monitor

    struct Capped {
        var refreshDistance: Double
        var refreshes = 0
        var missed = 0
        /// Debounced enters the capped set itself reported (monitored regions only).
        var enters = 0
        var nsPerFix = Samples()
        var capOnlyNsPerFix = Samples()
    }

    /// RegionMonitor, cap 20, at one refresh distance: counts with the missed-enter shadow,
    /// then time per fix with and without it.
    static func capped(_ distance: Double, _ data: Data, runs: Int) throws(BenchError) -> Capped {
        var settings = GeofenceSettings()
        settings.cap = k
        settings.refreshDistance = distance
        settings.enterDelay = oracleDelay
        settings.exitDelay = oracleDelay
        settings.exitMargin = 0  // the oracle has no margin
        settings.dwellDelay = dwellDelay
        var result = Capped(refreshDistance: distance)
        for shadow in [true, false] {
            settings.reportMissed = shadow
            for run in 0..<(runs + 1) {
                do {
                    let monitor = try RegionMonitor(index: data.all, settings: settings)
                    var missed = 0, enters = 0
                    let t = try MonotonicClock.measure { () throws(GeoError) in
                        for (i, c) in data.fixes.enumerated() {
                            let step = try monitor.feed(GeofenceFix(coordinate: c, time: Double(i)))
                            for e in step.events {
                                if e.kind == .missedEnter { missed += 1 } else if e.kind == .enter { enters += 1 }
                            }
                        }
                    }
                    let ns = t.nanoseconds / Double(data.fixes.count)
                    if shadow && run == 0 {
                        result.refreshes = monitor.refreshCount
                        result.missed = missed
                        result.enters = enters
                    } else if run > 0 {
                        shadow ? result.nsPerFix.add(ns) : result.capOnlyNsPerFix.add(ns)
                    }
                } catch {
                    throw .setup("RegionMonitor, refresh \(Int(distance)) m: \(error)")
                }
            }
        }
        return result
    }
}

/// events_summary_c*_p1k.json: the oracle's pair counts, event counts and cap-20 figures.
struct OracleSummary {
    struct Cap {
        var refreshes: Int
        var missed: Int
        var enters: Int
        var nearestSeconds: Double
    }

    var insidePairs = 0
    var flips = 0
    var raw: [String: Int] = [:]
    var debounced: [String: Int] = [:]
    /// By refresh distance in metres.
    var cap: [Int: Cap] = [:]

    init(path: String) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw .setup("\(path): cannot read it as the oracle's events summary JSON")
        }
        insidePairs = root["inside_pairs"] as? Int ?? -1
        flips = root["haversine_vs_geodesic_flips"] as? Int ?? -1
        raw = root["raw"] as? [String: Int] ?? [:]
        debounced = root["debounced_P20"] as? [String: Int] ?? [:]
        for (key, value) in root["cap20"] as? [String: Any] ?? [:] {
            guard let v = value as? [String: Any],
                let metres = Int(key.dropFirst("refresh_".count).dropLast(1))
            else { continue }
            cap[metres] = Cap(
                refreshes: v["refreshes"] as? Int ?? -1, missed: v["missed_enters"] as? Int ?? -1,
                enters: v["enters"] as? Int ?? -1,
                nearestSeconds: (v["nearest20_time_s"] as? NSNumber)?.doubleValue ?? .nan)
        }
    }
}
