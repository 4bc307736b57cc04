import ArgumentParser
import Foundation
import GeoKit

extension Flowbench {
    /// `flowbench beacons`: the exhibit tracker against "strongest RSSI wins" on generated walks.
    struct Beacons: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Nearest-exhibit accuracy and flaps of the beacon tracker next to 'strongest RSSI wins', and its cost per reading.",
            discussion: """
                Generates --walks walks through a park's exhibits (BeaconWalk: path loss as calibrated, \
                Gaussian noise, dropouts, one beacon dying half-way), replays each through the tracker with \
                its default options and through the baseline, and scores both against the ground truth at \
                every tick: accuracy, exhibit changes, and flaps (an exhibit shown for less than the hold time). \
                Then times feeding every reading of the walks, --runs times, and reports the median per reading.
                Example: flowbench beacons --root . --park YELL
                """)

        @Option(help: "The project root.") var root = "."
        @Option(help: "The park whose exhibits.geojson to walk.") var park = "YELL"
        @Option(help: ArgumentHelp("Walks (seeds 1...n).", valueName: "n")) var walks = 20
        @Option(help: ArgumentHelp("Timing runs; the median is reported.", valueName: "n")) var runs = 11

        func validate() throws {
            try CommandLineValues.wholeNumber("--walks", walks, in: 1...1000)
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1000)
        }

        func run() throws {
            let bench = try BeaconBench(root: root, park: park)
            let options = ExhibitTrackerOptions()
            var tracker = BeaconBench.Score(), baseline = BeaconBench.Score()
            var allScans: [[ScanLog.Scan]] = []
            let dead = bench.catalog.beacons.count - 2  // a second beacon of a two-beacon exhibit in YELL's file
            for seed in 1...walks {
                let walk = bench.walk(seed: UInt64(seed), deadBeacon: max(0, dead))
                let scans = bench.scans(walk.readings)
                allScans.append(scans)
                let t = try bench.trackerScore(scans, walk.truth, options: options)
                let b = bench.baselineScore(scans, walk.truth, hold: options.holdTime)
                tracker.correct += t.correct; tracker.ticks += t.ticks; tracker.changes += t.changes; tracker.flaps += t.flaps
                baseline.correct += b.correct; baseline.ticks += b.ticks; baseline.changes += b.changes; baseline.flaps += b.flaps
            }
            let readings = allScans.reduce(0) { $0 + $1.count }
            print(
                "beacons: \(walks) walks through \(park)'s \(bench.catalog.exhibits.count) exhibits (\(bench.catalog.beacons.count) beacons), \(tracker.ticks) ticks, \(readings) readings"
            )
            func line(_ name: String, _ s: BeaconBench.Score) -> String {
                "  \(name.padding(toLength: 26, withPad: " ", startingAt: 0)) accuracy \(String(format: "%5.1f", s.accuracy * 100)) %   changes \(s.changes)   flaps (< \(GeoError.text(options.holdTime)) s) \(s.flaps)"
            }
            print(line("tracker (defaults)", tracker))
            print(line("strongest RSSI wins", baseline))
            print("  difference: \(String(format: "%+.1f", (tracker.accuracy - baseline.accuracy) * 100)) points (goal: ≥ +15, no flaps)")
            var perReading = Samples()
            var events: [ExhibitEvent] = []
            events.reserveCapacity(64)
            for _ in 0..<runs {
                var total = 0.0
                for scans in allScans {
                    var t = try ExhibitTracker(catalog: bench.catalog, options: options)
                    let (_, ns) = try MonotonicClock.measure { () throws(GeoError) in
                        for scan in scans { events.removeAll(keepingCapacity: true); try t.feed(scan, into: &events) }
                    }
                    total += ns
                }
                perReading = Samples(perReading.values + [total / Double(readings)])
            }
            print(
                "  feed: \(String(format: "%.0f", perReading.median)) ns per reading, median of \(runs) runs (min \(String(format: "%.0f", perReading.min)), max \(String(format: "%.0f", perReading.max))); goal < 2000 ns"
            )
        }
    }

    /// `flowbench beacons-gen`: writes a scan log and its ground truth for a walk.
    struct BeaconsGen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "beacons-gen",
            abstract: "Write a generated scan log (CSV) of a walk through a park's exhibits and its ground truth.",
            discussion: """
                The walk visits the exhibits in file order, 15-45 s at each, at 0.9 m/s; every second each \
                beacon is heard once at its calibrated path loss plus Gaussian noise (σ --noise dB), except \
                dropouts (--dropout) and, with --dead-beacon N (1-based, file order), that beacon after half \
                the walk. Writes OUT.csv (time,beacon,rssi,tx_power) and OUT.truth.csv (time,exhibit: the \
                exhibit truly nearest within 8 m, empty for none); both start with a comment giving the command.
                Example: flowbench beacons-gen --park YELL --seed 1 --dead-beacon 6 --out parks/YELL/tests/scans/ofvec-walk
                """)

        @Option(help: "The project root.") var root = "."
        @Option(help: "The park whose exhibits.geojson to walk.") var park = "YELL"
        @Option(help: "SplitMix64 seed.") var seed: UInt64 = 1
        @Option(help: "σ of the RSSI noise, dB.") var noise = 6.0
        @Option(help: "Probability a reading is missed.") var dropout = 0.3
        @Option(help: ArgumentHelp("A beacon (1-based, file order) whose battery dies half-way.", valueName: "n")) var deadBeacon: Int?
        @Option(help: ArgumentHelp("Path of the files without .csv.", valueName: "path")) var out: String

        func run() throws {
            var bench = try BeaconBench(root: root, park: park)
            bench.options.noise = noise
            bench.options.dropout = dropout
            if let deadBeacon, !bench.catalog.beacons.indices.contains(deadBeacon - 1) {
                throw ValidationError("--dead-beacon must be in 1...\(bench.catalog.beacons.count), got \(deadBeacon)")
            }
            let walk = bench.walk(seed: seed, deadBeacon: deadBeacon.map { $0 - 1 })
            let command =
                "flowbench beacons-gen --park \(park) --seed \(seed) --noise \(GeoError.text(noise)) --dropout \(GeoError.text(dropout))"
                + (deadBeacon.map { " --dead-beacon \($0)" } ?? "") + " --out \(out)"
            try bench.csv(walk.readings, command: command).write(toFile: out + ".csv", atomically: true, encoding: .utf8)
            try bench.truthCSV(walk.truth, command: command).write(toFile: out + ".truth.csv", atomically: true, encoding: .utf8)
            print("wrote \(out).csv (\(walk.readings.count) readings) and \(out).truth.csv (\(walk.truth.count) ticks)")
        }
    }
}
