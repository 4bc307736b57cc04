import BenchData
import Foundation
import GeoKit

/// Scan logs of a walk through a park's exhibits (BenchData's ``BeaconWalk``) and how well a
/// tracker and the naive "strongest RSSI wins" find the exhibit the visitor is truly at.
struct BeaconBench {
    let catalog: ExhibitCatalog
    var options = BeaconWalk.Options()
    /// Seconds since 1970 of the walk's first tick: 2026-07-04 10:00 at Yellowstone (MDT).
    static let startEpoch = 1_783_180_800.0

    /// The catalog of `parks/<park>/exhibits.geojson` under `root`.
    init(root: String, park: String) throws {
        let path = "parks/\(park)/exhibits.geojson"
        catalog = try ExhibitCatalog(contentsOf: URL(fileURLWithPath: root).appendingPathComponent(path), displayPath: path)
    }

    /// The walk over the exhibits on a local plane (metres from the first), beacons as calibrated.
    func walk(seed: UInt64, deadBeacon: Int?) -> (readings: [BeaconWalk.Reading], truth: [BeaconWalk.Truth]) {
        guard let origin = catalog.exhibits.first?.coordinate else { return ([], []) }
        let metresPerDegree = 111_320.0
        let places = catalog.exhibits.map { e in
            BeaconWalk.Place(
                x: (e.coordinate.longitude - origin.longitude) * metresPerDegree * cos(origin.latitude * .pi / 180),
                y: (e.coordinate.latitude - origin.latitude) * metresPerDegree, floor: e.floor)
        }
        let beacons = catalog.beacons.enumerated().map { b, beacon in
            BeaconWalk.Beacon(
                exhibit: catalog.exhibitOfBeacon[b], measuredPower: beacon.calibration.measuredPower ?? BeaconCalibration.defaultMeasuredPower,
                pathLoss: beacon.calibration.pathLoss)
        }
        var options = self.options
        options.seed = seed
        options.deadBeacon = deadBeacon
        return BeaconWalk.generate(places: places, beacons: beacons, options: options)
    }

    /// The scans as ScanLog reads them (times from ``startEpoch``).
    func scans(_ readings: [BeaconWalk.Reading]) -> [ScanLog.Scan] {
        readings.map { ScanLog.Scan(time: Self.startEpoch + $0.time, beacon: $0.beacon, rssi: $0.rssi) }
    }

    /// The CSV a scanner app would write, with a comment saying how it was made.
    func csv(_ readings: [BeaconWalk.Reading], command: String) -> String {
        var out = "# \(command)\ntime,beacon,rssi,tx_power\n"
        for r in readings {
            out += "\(GeoError.text(Self.startEpoch + r.time)),\(catalog.beacons[r.beacon].id),\(Int(r.rssi)),\n"
        }
        return out
    }

    /// `time,exhibit` per tick (`exhibit` empty: none within range).
    func truthCSV(_ truth: [BeaconWalk.Truth], command: String) -> String {
        var out = "# \(command)\ntime,exhibit\n"
        for t in truth { out += "\(GeoError.text(Self.startEpoch + t.time)),\(t.exhibit >= 0 ? catalog.exhibits[t.exhibit].id : "")\n" }
        return out
    }

    /// What one method answered at each tick of the truth, and how often it changed too soon.
    struct Score {
        var correct = 0, ticks = 0, changes = 0, flaps = 0
        var accuracy: Double { ticks == 0 ? .nan : Double(correct) / Double(ticks) }
    }

    /// The tracker's exhibit at each truth tick (after the readings up to it).
    func trackerScore(_ scans: [ScanLog.Scan], _ truth: [BeaconWalk.Truth], options: ExhibitTrackerOptions) throws -> Score {
        var tracker = try ExhibitTracker(catalog: catalog, options: options)
        var events: [ExhibitEvent] = []
        var answers: [Int] = []
        var next = 0
        for t in truth {
            let time = Self.startEpoch + t.time
            while next < scans.count, scans[next].time <= time { try tracker.feed(scans[next], into: &events); next += 1 }
            tracker.advance(to: time, into: &events)
            answers.append(tracker.shown)
        }
        return Self.score(answers, truth, hold: options.holdTime)
    }

    /// "Strongest RSSI wins": the exhibit of the loudest reading of each tick (none when nothing is heard).
    func baselineScore(_ scans: [ScanLog.Scan], _ truth: [BeaconWalk.Truth], hold: Double) -> Score {
        var answers: [Int] = []
        var next = 0
        for t in truth {
            let time = Self.startEpoch + t.time
            var best = -1, loudest = -Double.infinity
            while next < scans.count, scans[next].time <= time {
                if scans[next].rssi > loudest { (best, loudest) = (catalog.exhibitOfBeacon[scans[next].beacon], scans[next].rssi) }
                next += 1
            }
            answers.append(best)
        }
        return Self.score(answers, truth, hold: hold)
    }

    /// Accuracy against the truth; a flap is an exhibit shown for less than `hold` seconds.
    static func score(_ answers: [Int], _ truth: [BeaconWalk.Truth], hold: Double) -> Score {
        var s = Score()
        for (answer, t) in zip(answers, truth) {
            s.ticks += 1
            if answer == t.exhibit { s.correct += 1 }
        }
        var last = answers.first ?? -1, since = truth.first?.time ?? 0
        for (answer, t) in zip(answers, truth).dropFirst() where answer != last {
            s.changes += 1
            if last >= 0, t.time - since < hold { s.flaps += 1 }
            (last, since) = (answer, t.time)
        }
        return s
    }
}
