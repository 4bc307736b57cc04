import FlowKit
import Foundation
import GeoKit

#if canImport(Glibc)
import Glibc
#endif

/// `flowbench live`: what a live session (FlowKit's `FlowSession`) costs an app that holds it
/// for hours: on GOGA, a fix that changes nothing a screen read, a fix that changes a screen
/// (entering the park with home open, and with the sites list open), a content version swapped
/// in; on YELL, eight hours of a visitor with home open (a fix a second, and beacon readings
/// of the Old Faithful exhibits ten times a second).
struct LiveBench {
    let root: String
    /// Fixes per round of the idle figure.
    let fixes: Int
    /// Hours of the long session.
    let hours: Int

    /// Fort Point, inside GOGA.
    static let inside = Coordinate(latitude: 37.8078, longitude: -122.4750)
    /// The Marin Headlands, where the idle walk wanders: more than 800 m inside the park's
    /// boundary every way (home says when the visitor is outside, so a walk that crossed it
    /// would change what home shows).
    static let headlands = Coordinate(latitude: 37.8300, longitude: -122.5150)
    /// The clock: 2026-07-04T09:30:00-07:00, as the other benchmarks.
    static let start = 1_783_182_600.0

    struct Result {
        var monitoredCap = 0
        /// Microseconds per fix that changed nothing on screen, each round's median.
        var idleFixMicros = Samples()
        var idleFixP99Micros = Samples()
        /// Flow runs the idle fixes caused (0 is the point).
        var idleRuns = 0
        /// Milliseconds of the fix that entered the park: the event and the screen updated
        /// (home: it no longer says the visitor is outside; sites: ranked from there).
        var enterHomeMillis = Samples()
        var enterHomeUpdates = 0
        var enterFixMillis = Samples()
        var enterEvents = 0
        /// Milliseconds to build the next version's runtime, and to swap it in (home and sites open).
        var buildMillis = Samples()
        var swapMillis = Samples()
        var swapScreensKept = true
        /// The long session.
        var longFixes = 0
        var longReadings = 0
        var longExhibitEvents = 0
        var longRuns = 0
        var longCPUSeconds = 0.0
        var rssHour1KiB = 0
        var rssEndKiB = 0
    }

    func run(runs: Int) throws(BenchError) -> Result {
        var result = Result()
        do {
            let project = ProjectRoot(path: root)
            result.monitoredCap = try FlowRuntime(root: project, park: "GOGA").park.settings.geofence.cap
            for round in 0..<runs {
                progress("live: round \(round + 1) of \(runs)")
                try idle(project, into: &result)
                try enter(project, flow: "home", into: &result)
                try enter(project, flow: "sites", into: &result)
                try swap(project, into: &result)
            }
            progress("live: \(hours) hours of a visitor, a fix a second, beacon readings at 10 Hz")
            try long(project, into: &result)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .setup("live: \(error)")
        }
        return result
    }

    private func session(_ project: ProjectRoot, park: String = "GOGA") throws -> FlowSession {
        let time = Date(timeIntervalSince1970: Self.start)
        return try FlowSession(runtime: try FlowRuntime(root: project, park: park, time: time), start: time)
    }

    /// A walk at 1.4 m/s that turns a little each step, from `from`: the fix of second `i`.
    private static func walk(from: Coordinate, seconds: Int, seed: UInt64) -> [Coordinate] {
        var state = seed, bearing = Double(seed % 360), here = from
        var out: [Coordinate] = []
        out.reserveCapacity(seconds)
        for _ in 0..<seconds {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bearing += Double(Int(state >> 33) % 31 - 15)
            here = Self.move(here, bearing: bearing, metres: 1.4)
            out.append(here)
        }
        return out
    }

    /// The point `metres` from `from` along `bearing` (WGS84); `from` if that cannot be.
    private static func move(_ from: Coordinate, bearing: Double, metres: Double) -> Coordinate {
        (try? Geodesic.wgs84.direct(from: from, bearing: bearing, distance: metres))?.destination ?? from
    }

    /// Home open, the position found and the park entered; then fixes that move the visitor
    /// about the park: ten minutes of walking, back and forth.
    private func idle(_ project: ProjectRoot, into result: inout Result) throws {
        let session = try session(project)
        _ = try session.open(FlowRequest(flow: "home"))
        for second in 0...60 { _ = session.feed(Self.headlands, at: Self.start + 1 + Double(second)) }
        let runs = session.diagnostics.runs
        var round = Samples()
        let leg = Self.walk(from: Self.headlands, seconds: 600, seed: 7)
        let path = (0..<fixes).map { i in (i / leg.count) % 2 == 0 ? leg[i % leg.count] : leg[leg.count - 1 - i % leg.count] }
        for (i, c) in path.enumerated() {
            let begin = MonotonicClock.now()
            let outputs = session.feed(c, at: Self.start + 62 + Double(i))
            let end = MonotonicClock.now()
            if outputs.count > 1_000_000 { progress("") }
            round.add(Double(end - begin) / 1e3)
        }
        result.idleFixMicros.add(round.median)
        result.idleFixP99Micros.add(round.percentile(99))
        result.idleRuns += session.diagnostics.runs - runs
    }

    /// `flow` open, walking into the park from the city: the fix whose outputs hold the park's
    /// enter event.
    private func enter(_ project: ProjectRoot, flow: String, into result: inout Result) throws {
        for trial in 0..<20 {
            let session = try session(project)
            let (handle, _) = try session.open(FlowRequest(flow: flow))
            // From Lombard Street west into the Presidio, 20 m a second.
            let from = Coordinate(latitude: 37.8001, longitude: -122.4370 - Double(trial) * 0.0001)
            for second in 0..<240 {
                let c = Self.move(from, bearing: 270, metres: 20 * Double(second))
                let begin = MonotonicClock.now()
                let outputs = session.feed(c, at: Self.start + Double(second))
                let end = MonotonicClock.now()
                let entered = outputs.contains { if case .event(let e) = $0 { e.kind == .presenceEnter } else { false } }
                if entered {
                    let updated = outputs.contains { if case .screen(let u) = $0 { u.handle == handle } else { false } }
                    if flow == "home" {
                        result.enterHomeMillis.add(Double(end - begin) / 1e6)
                        if updated { result.enterHomeUpdates += 1 }
                    } else {
                        result.enterFixMillis.add(Double(end - begin) / 1e6)
                        result.enterEvents += 1
                    }
                    break
                }
            }
        }
    }

    /// Home and the sites list open; a new runtime over the same content is built, then swapped in.
    private func swap(_ project: ProjectRoot, into result: inout Result) throws {
        let session = try session(project)
        let (home, _) = try session.open(FlowRequest(flow: "home"))
        let (sites, _) = try session.open(FlowRequest(flow: "sites"))
        _ = session.feed(Self.inside, at: Self.start + 1)
        for _ in 0..<10 {
            let (runtime, build) = try MonotonicClock.measure { () throws -> FlowRuntime in
                try FlowRuntime(root: project, park: "GOGA", time: Date(timeIntervalSince1970: Self.start + 1))
            }
            let (_, swap) = try MonotonicClock.measure { () throws -> [SessionOutput] in try session.replaceRuntime(runtime) }
            result.buildMillis.add(build / 1e6)
            result.swapMillis.add(swap / 1e6)
            if session.screen(home) == nil || session.screen(sites) == nil { result.swapScreensKept = false }
        }
    }

    /// The Old Faithful Visitor Education Center, inside YELL.
    static let oldFaithful = Coordinate(latitude: 44.4590, longitude: -110.8300)

    /// `hours` of a visitor with home open on YELL, a fix a second wandering about Old
    /// Faithful and ten beacon readings a second: the exhibits' beacons in turn, the visitor
    /// at each exhibit for half a minute (near, -62 dBm) and the others heard faintly.
    private func long(_ project: ProjectRoot, into result: inout Result) throws {
        let session = try session(project, park: "YELL")
        _ = try session.open(FlowRequest(flow: "home"))
        let walk = Self.walk(from: Self.oldFaithful, seconds: 3600, seed: 11)
        let beacons = try session.runtime.exhibits()?.beacons.map(\.id) ?? []
        guard !beacons.isEmpty else { throw BenchError.setup("live: YELL has no exhibit beacons") }
        var noise: UInt64 = 3
        let cpuBefore = Self.cpuSeconds()
        for hour in 0..<hours {
            // The walk goes back and forth over the same hour of ground, so it stays in the park.
            for (i, c) in (hour % 2 == 0 ? walk : walk.reversed()).enumerated() {
                let second = hour * 3600 + i
                let t = Self.start + Double(second)
                _ = session.feed(c, at: t)
                let near = (second / 30) % beacons.count
                for tenth in 0..<10 {
                    noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let beacon = tenth % 2 == 0 ? near : Int(noise >> 40) % beacons.count
                    let rssi = (beacon == near ? -62.0 : -88.0) + Double(Int(noise >> 33) % 7 - 3)
                    let outputs = session.feed(BeaconReading(beacon: beacons[beacon], rssi: rssi, time: t + Double(tenth) / 10))
                    result.longExhibitEvents += outputs.count { if case .event(let e) = $0 { e.kind == .enter } else { false } }
                }
            }
            if hour == 0 {
                ResidentMemory.trimHeap()
                result.rssHour1KiB = ResidentMemory.currentKiB() ?? 0
            }
        }
        result.longCPUSeconds = Self.cpuSeconds() - cpuBefore
        ResidentMemory.trimHeap()
        result.rssEndKiB = ResidentMemory.currentKiB() ?? 0
        result.longFixes = session.diagnostics.fixesTaken
        result.longReadings = session.diagnostics.readingsTaken
        result.longRuns = session.diagnostics.runs
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

extension LiveBench {
    static func render(_ r: Result, runs: Int, fixes: Int, hours: Int) -> String {
        var table = TextTable("Live session, GOGA (\(runs) rounds; p50 is the median of the rounds' medians)", header: ["figure", "measured", "goal"])
        table.add([
            "fix that changes nothing on screen (home open), p50 / p99",
            Format.fixed(r.idleFixMicros.median, 1) + " / " + Format.fixed(r.idleFixP99Micros.median, 1) + " µs",
            "p50 < 20 µs",
        ])
        table.add(["  flow runs those \(Format.grouped(fixes * runs)) fixes caused", "\(r.idleRuns)", "one a round past 10:00 (home greets by the hour)"])
        table.add([
            "fix entering the park (home open): event + updated screen, p50",
            Format.fixed(r.enterHomeMillis.median, 3) + " ms (\(r.enterHomeMillis.count) entries, \(r.enterHomeUpdates) home updates)",
            "p50 < 0.5 ms",
        ])
        table.add([
            "fix entering the park (sites open): event + updated screen, p50", Format.fixed(r.enterFixMillis.median, 3) + " ms (\(r.enterEvents) entries)",
            "",
        ])
        table.add(["next version's runtime built (cold park load), p50", Format.fixed(r.buildMillis.median, 2) + " ms", ""])
        table.add(["swapped into the session (home and sites re-run), p50", Format.fixed(r.swapMillis.median, 2) + " ms", "p50 < 10 ms"])
        table.add(["  screens kept across every swap", r.swapScreensKept ? "yes" : "NO", "yes"])
        table.add([
            "\(hours) h of a visitor on YELL, a fix a second, beacons at 10 Hz, home open: CPU",
            Format.fixed(r.longCPUSeconds, 2)
                + " s (\(Format.grouped(r.longFixes)) fixes, \(Format.grouped(r.longReadings)) readings, \(r.longExhibitEvents) exhibits shown, \(r.longRuns) runs)",
            "< 3 s",
        ])
        let growth = Double(r.rssEndKiB - r.rssHour1KiB) / 1024
        table.add([
            "  resident memory, hour 1 → hour \(hours)", "\(r.rssHour1KiB / 1024) → \(r.rssEndKiB / 1024) MiB (\(Format.fixed(growth, 2)) MiB)",
            "growth < 2 MiB",
        ])
        table.note("GOGA monitors at most \(r.monitoredCap) regions at once.")
        return table.render()
    }
}
