import Foundation

/// Parks of any size: copies of the project whose GOGA has n sites (``ScaledPark``), each
/// run cold by a spawned flowrun once its files have settled. Per size: `home` spawned
/// `spawns` times (after one untimed run, which keeps the compiled flows and the prepared
/// site table as any first run does), its p50 wall time and peak RSS; then every default flow once, whether it
/// passes under the default limits and how long it took. The slope of home's p50 over the
/// sizes (least squares, ms per 10,000 sites) and the largest size against the park's own
/// say whether a screen costs what it shows or what the park holds.
struct ScaleBench {
    /// The default flows, each as a visitor opens it (with a position where it ranks).
    static let flows: [(label: String, arguments: [String])] = [
        ("home", ["home"]), ("sites", ["sites"]), ("sites --at", ["sites", "--at", "37.8078,-122.4750"]),
        ("map", ["map"]), ("ar", ["ar", "--at", "37.8078,-122.4750", "--heading", "90"]),
        ("emergency --at", ["emergency", "--at", "37.8078,-122.4750"]), ("geofence", ["geofence"]),
        ("favorites", ["favorites"]), ("onboarding", ["onboarding"]), ("parks", ["parks"]),
    ]

    struct Size {
        var sites: Int
        var home: ColdRunBench.Figure
        /// Per flow: wall ms of its one run, and its exit status (0: it passed).
        var flows: [(label: String, ms: Double, status: Int32?)]
    }

    let flowrun: String
    let root: String

    func run(sizes: [Int], spawns: Int) throws(BenchError) -> [Size] {
        let own = try ScaledPark.siteCount(root: root, park: WarmBench.park)
        var out: [Size] = []
        for n in sizes {
            let staged = n == own ? nil : try ScaledPark(root: root, park: WarmBench.park, sites: n, alongside: [])
            defer { staged?.remove() }
            let project = staged?.path ?? root
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-scale-cache-\(getpid())").path
            setenv("XDG_CACHE_HOME", cache, 1)
            defer { try? FileManager.default.removeItem(atPath: cache) }
            // A file changed within two seconds is read every time (flowrun's KeptSiteTables
            // notes a version only once it settles): as a park's data is, between its updates.
            if staged != nil { Thread.sleep(forTimeInterval: 2.5) }
            let base = ["--root", project, "--park", WarmBench.park]
            let home = try ColdRunBench.spawnFigure("home, \(n) sites", flowrun, base + ["home"], spawns: spawns, warmups: 1)
            var flows: [(String, Double, Int32?)] = []
            for flow in Self.flows {
                let outcome = try ProcessSpawner.run(flowrun, base + flow.arguments, stderrFile: "/dev/null")
                flows.append((flow.label, outcome.wallNanoseconds / 1e6, outcome.exitStatus))
            }
            out.append(Size(sites: n, home: home, flows: flows))
        }
        return out
    }

    /// Least-squares slope of home's p50 over the sizes, in ms per 10,000 sites.
    static func slope(_ sizes: [Size]) -> Double {
        let xs = sizes.map { Double($0.sites) / 10_000 }, ys = sizes.map(\.home.wallMs.median)
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let den = zip(xs, xs).map { ($0 - mx) * ($1 - mx) }.reduce(0, +)
        return den == 0 ? .nan : zip(xs, ys).map { ($0 - mx) * ($1 - my) }.reduce(0, +) / den
    }

    static func report(_ sizes: [Size], spawns: Int) -> String {
        var home = TextTable(
            "Parks of any size: GOGA with n sites, cold (a spawned flowrun; one untimed run first keeps its caches); home over \(spawns) spawns",
            header: ["sites", "p50 ms", "p90 ms", "peak MiB"])
        for size in sizes {
            home.add([
                Format.grouped(size.sites), Format.fixed(size.home.wallMs.median, 2), Format.fixed(size.home.wallMs.percentile(90), 2),
                Format.fixed(size.home.maxRSSMiB.median, 1),
            ])
        }
        if let first = sizes.first, let last = sizes.last, sizes.count > 1 {
            home.note(
                "home p50, \(Format.grouped(last.sites)) sites / \(Format.grouped(first.sites)) sites: "
                    + "\(Format.ratio(last.home.wallMs.median / first.home.wallMs.median)); slope \(Format.fixed(slope(sizes), 3)) ms per 10,000 sites")
        }
        var flows = TextTable(
            "Every default flow, one cold run each (ms; FAILED: it did not pass under the default limits)",
            header: ["flow"] + sizes.map { Format.grouped($0.sites) })
        for (i, flow) in Self.flows.enumerated() {
            flows.add([flow.label] + sizes.map { $0.flows[i].status == 0 ? Format.fixed($0.flows[i].ms, 1) : "FAILED" })
        }
        return home.render() + flows.render()
    }
}
